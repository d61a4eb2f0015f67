"""What may be done now, and by whom: the single source of legality.

``options(state)`` lists every command that would be accepted in this state
(player commands carry ``player``; referee words carry none). The state
keeps this list as ``awaiting`` so clients see who is awaited, and ``apply``
accepts a command only if it is on the list; :mod:`.legality` then explains a
refusal by naming the rule. The vote to end the game (§7) is possible at any
time and awaited from nobody: it is offered by ``allowed_commands`` but not
kept in ``awaiting`` (see :mod:`.ending`).
"""

from __future__ import annotations

from . import beaters, chasers, positioning, pregame, seekers, shots
from .match import State


def _referee(action: str, **fields: str):
    def offer(state: State, out: list[dict]) -> None:
        out.append({"action": action, **fields})

    return offer


def _with_bludgers(play):
    """A sub-round in which a caught bludger may still be thrown (§5.4.2)."""

    def offer(state: State, out: list[dict]) -> None:
        play(state, out)
        beaters.rethrow_options(state, out)
        out.append({"action": "end_subround"})

    return offer


def _beaters(state: State, out: list[dict]) -> None:
    beaters.options(state, out)
    out.append({"action": "end_subround"})


def _chasers(state: State, out: list[dict]) -> None:
    chasers.options(state, out)
    if not state["pass"]:  # nothing else happens while the quaffle is in the air (§5.5.5)
        beaters.rethrow_options(state, out)
    out.append({"action": "end_subround"})


PHASES = {
    "experience": pregame.options,
    "quaffle_roll": pregame.options,
    "goal_choice": pregame.options,
    "chat": _referee("chat_end"),
    "score": _referee("chat"),
    "positioning": positioning.options,
    "bludger_release": _referee("release", ball="bludgers"),
    "beaters": _beaters,
    "quaffle_release": _referee("release", ball="quaffle"),
    "chasers": _chasers,
    "free_throw": shots.free_throw_options,
    "snitch_release": _referee("release", ball="snitch"),
    "seekers": _with_bludgers(seekers.options),
}

IDLE = frozenset({"bludger_rethrow"})
"""Commands that do not keep a chasers' or seekers' sub-round open."""


def options(state: State) -> list[dict]:
    """Every command that would be accepted now."""
    out: list[dict] = []
    if state["phase"] == "over":
        return out
    if state["pending"]:
        _answers(state, out)
    else:
        PHASES[state["phase"]](state, out)
    return out


def _answers(state: State, out: list[dict]) -> None:
    """While a timed answer is awaited (§3.4).

    A shot waits for the keeper alone. Hits waiting for a block hold up
    everything but the bludgers: a beater may block, and in the beaters'
    sub-round play the other bludger meanwhile (§5.4.3).
    """
    pending = state["pending"]
    offered: set[str] = set()
    for window in pending:
        answerers = window["blockers"] if window["kind"] == "block" else [window["keeper"]]
        for player in answerers:
            if player not in offered:
                offered.add(player)
                action = "block" if window["kind"] == "block" else "save"
                out.append({"action": action, "player": player, "deadline": window["deadline"]})
    if state["phase"] == "beaters":
        beaters.options(state, out)
    out.append({"action": "timeout", "deadline": min(w["deadline"] for w in pending)})


def keeps_subround_open(state: State, offered: list[dict]) -> bool:
    """Whether someone in the sub-round can still act (§5.1): otherwise it ends."""
    if state["pending"]:
        return True
    # A loop rather than any() over a generator: this runs after most commands.
    for offer in offered:  # noqa: SIM110
        if "player" in offer and offer["action"] not in IDLE:
            return True
    return False
