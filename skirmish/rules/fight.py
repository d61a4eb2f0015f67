"""Health, being out of the fight, and the end of a skirmish that has no opposition left.

The chapter never says what Health 0 means, nor that a skirmish ends by
itself; its one figure for Health is the quidditch rules' "Success costs the
chaser one Health point from impact" (Ch.7, the beaters' attack). What a
storyguide expects, and what this module does (docs/rules/skirmish.md,
"Health and the end of a skirmish"):

- Health stays between 0 and the participant's maximum. A successful attack
  costs its target the skirmish's ``harm`` (1 by default, the bludger's point),
  never more than the target has left.
- A participant at Health 0 is *out of the fight*: it has no more turns,
  cannot dodge, delay or intervene, and is no longer a target for attacks.
  It keeps its place in the order, so that the storyguide's healing brings it
  back into the fight from the next round.
- Skirmishes are "scenes where characters act in opposition to one another"
  (¶1): when the participants still in the fight are all on one side (or
  fewer than two are left), nobody is left to oppose anyone, and the skirmish
  ends. The storyguide may end it earlier (¶3).

A participant whose Health is not tracked (``None``) is never out of the fight.
Participants without a ``side`` each fight on their own.

These functions change the state they are given: the ruleset hands them a copy.
"""

from __future__ import annotations

from games.ruleset import Event, State

from .config import names
from .defaults import ENDED


def in_the_fight(participant: dict) -> bool:
    return participant["health"] is None or participant["health"] > 0


def standing(state: State) -> list[str]:
    """The participants still in the fight."""
    return [key for key, p in state["participants"].items() if in_the_fight(p)]


def side_of(state: State, key: str) -> str:
    """The side ``key`` fights on: its ``side``, else its own (a side of one)."""
    side = state["participants"][key]["side"]
    return f"side:{side}" if side is not None else f"alone:{key}"


def opponents(state: State, key: str) -> list[str]:
    """The participants still in the fight on another side than ``key``'s."""
    return [other for other in standing(state) if side_of(state, other) != side_of(state, key)]


def opposition_left(state: State) -> bool:
    """Whether two participants still in the fight stand on different sides."""
    return len({side_of(state, key) for key in standing(state)}) > 1


def set_health(state: State, key: str, health: int, *, reason: str) -> list[Event]:
    """``key``'s Health becomes ``health`` (already within its bounds): the change, and
    leaving or coming back into the fight."""
    participant = state["participants"][key]
    before = participant["health"]
    if health == before:
        return []
    participant["health"] = health
    events: list[Event] = [
        {
            "type": "health_changed",
            "participant": key,
            "by": health - before,
            "health": health,
            "reason": reason,
            **names(state, key),
        }
    ]
    if health == 0:
        for queue in ("yet_to_act", "delaying", "re_entering"):
            if key in state[queue]:
                state[queue].remove(key)
        events.append({"type": "out_of_the_fight", "participant": key, **names(state, key)})
    elif before == 0:
        events.append({"type": "back_in_the_fight", "participant": key, **names(state, key)})
    return events


def wound(state: State, key: str, harm: int, *, reason: str) -> list[Event]:
    """A successful attack costs ``key`` up to ``harm`` Health, down to 0 at most."""
    health = state["participants"][key]["health"]
    if health is None:
        return []
    return set_health(state, key, max(0, health - harm), reason=reason)


def end(state: State, *, by: str, summary: str = "") -> Event:
    """The skirmish ends, ``by`` the storyguide or the rules; an attack still waiting is
    dropped unrolled. Who is still in the fight is kept in ``ending`` for the table."""
    still = standing(state)
    unrolled = state["attack"]
    state.update(
        phase=ENDED,
        turn=None,
        attack=None,
        ending={"by": by, "standing": still, "summary": summary},
    )
    return {
        "type": "skirmish_ended",
        "by": by,
        "round": state["round"],
        "summary": summary,
        "standing": still,
        "unrolled_attack": unrolled,
        "names": {key: state["participants"][key]["name"] for key in still},
    }


def end_without_opposition(state: State) -> list[Event]:
    """End a running skirmish in which nobody is left to oppose anyone."""
    if opposition_left(state):
        return []
    return [end(state, by="rules")]
