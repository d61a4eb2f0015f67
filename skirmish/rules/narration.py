"""The skirmish as the storyguide's transcript.

Events carry the names of the participants they mention (``names``), so that
a line can be written from the event alone, long after the state has moved on.
"""

from __future__ import annotations

from collections.abc import Callable

from games.ruleset import Event, State


def names(state: State, *keys: str) -> dict:
    """``{"names": {key: name}}`` for ``keys``, or for every participant if none are given."""
    participants = state["participants"]
    return {"names": {key: participants[key]["name"] for key in keys or participants}}


def narrate(event: Event) -> dict[str, str]:
    line = _LINES.get(event.get("type", ""))
    return {"en": line(event, _Names(event.get("names", {}))) if line else event.get("type", "")}


class _Names:
    def __init__(self, mapping: dict[str, str]) -> None:
        self.mapping = mapping

    def __call__(self, key: str | None) -> str:
        return self.mapping.get(key, key or "")

    def listed(self, keys: list[str]) -> str:
        return ", ".join(self(key) for key in keys)


def _roll(roll: dict) -> str:
    kind = "stress roll" if roll["stress"] else "roll"
    bonus = f" + {roll['bonus']}" if roll["bonus"] else ""
    line = (
        f"{kind} {roll['dice'][0]} and {roll['dice'][1]}, keeps {roll['kept']}, "
        f"+ {roll['attribute_value']}{bonus} = {roll['total']}"
    )
    if roll["difficulty"] is not None:
        line += f" against {roll['difficulty']}: {roll['result']}"
    return line


def _action(event: Event, name: _Names) -> str:
    line = f"{name(event['participant'])}: {event['what'] or 'acts'}"
    if event["target"]:
        line += f" (at {name(event['target'])})"
    for defender in event["defenders"]:
        line += (
            f"; {name(defender['participant'])} raises the difficulty by "
            f"{defender['attribute']} {defender['value']}"
        )
    if "roll" in event:
        line += f"; {_roll(event['roll'])}"
    if "opposing" in event:
        line += f" ({name(event['target'])} opposed with a {_roll(event['opposing'])})"
    return line + "."


def _initiative(event: Event, name: _Names) -> str:
    kind = "a stress roll" if event["stress"] else "a roll"
    return (
        f"{name(event['participant'])} rolls {event['attribute']} for initiative, {kind}: "
        f"{event['dice'][0]} and {event['dice'][1]}, keeps {event['kept']}, "
        f"total {event['total']}."
    )


def _roll_off(event: Event, name: _Names) -> str:
    faces = ", ".join(f"{name(key)} {face}" for key, face in event["faces"].items())
    return f"Tied on initiative, they roll off: {faces}."


def _health(event: Event, name: _Names) -> str:
    reason = f" ({event['reason']})" if event["reason"] else ""
    return f"{name(event['participant'])}'s Health {event['by']:+d} to {event['health']}{reason}."


_LINES: dict[str, Callable[[Event, _Names], str]] = {
    "participant_added": lambda e, n: f"{n(e['participant'])} joins the skirmish.",
    "skirmish_initiated": lambda e, n: (
        f"{n(e['participant'])} starts a {e['category']} skirmish; "
        f"everyone rolls {e['attribute']} for initiative."
    ),
    "initiative_rolled": _initiative,
    "initiative_roll_off": _roll_off,
    "initiative_order": lambda e, n: f"Initiative order: {n.listed(e['order'])}.",
    "round_started": lambda e, n: f"Round {e['round']}.",
    "turn_started": lambda e, n: f"{n(e['participant'])}'s turn.",
    "turn_ended": lambda e, n: f"{n(e['participant'])} ends the turn.",
    "delayed": lambda e, n: f"{n(e['participant'])} delays.",
    "delay_lapsed": lambda e, n: f"{n(e['participant'])}'s delay reaches its own place again.",
    "re_entering": lambda e, n: f"{n(e['participant'])} will act right after {n(e['after'])}.",
    "attack_declared": lambda e, n: (
        f"{n(e['participant'])} attacks {n(e['target'])}: {e['what'] or 'an attack'}."
    ),
    "dodged": lambda e, n: f"{n(e['participant'])} dodges with {e['attribute']}.",
    "intervened": lambda e, n: (
        f"{n(e['participant'])} intervenes for {n(e['target'])} with {e['attribute']}."
    ),
    "action": _action,
    "health_changed": _health,
    "skirmish_ended": lambda e, n: f"The storyguide ends the skirmish. {e['summary']}".strip(),
}
