"""A phase: the side playing it, its three places, and what ends it.

"Only 1 Chasers may make moves each phase along with 1 beater and the
Seeker": the first chaser (or the keeper, who may behave as a chaser), the
first beater and the seeker to move or act take the phase's three places, and
no other player of the side may act in it. Each of them may move then act, or
act then move, never move-act-move (:func:`use`).

A phase ends when its side says so or has used its places, and at once on a
foul, a goal, a dropped quaffle, lost possession, an interception or a player
knocked off their broom (:func:`end_phase`). What happens then (the bludgers
and the snitch fly, a penalty is taken, the other side plays) is
:mod:`.sequence`'s.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .injuries import is_dazed, recover
from .teams import kind_of, side_of

PLACES = ("chaser", "beater", "seeker")
MAY_NOT = {
    "move": _(
        "This player may not fly now: in a phase one chaser, one beater and the seeker of "
        "the side playing may each move once and act once."
    ),
    "act": _(
        "This player may not act now: in a phase one chaser, one beater and the seeker of "
        "the side playing may each move once and act once."
    ),
}
MOVE, ACT = "move", "act"

THEN = ["bludger:0", "bludger:1", "snitch", "handover"]
"""What follows the end of a phase: the bludgers fly, the snitch moves, the other side plays."""
AFTER_FOUL = ["penalty", *THEN]
AFTER_GOAL = ["free_moves"]
"""After a goal the bludgers stay still: every player takes a free move, then the keeper
who was scored upon throws the quaffle back in (:mod:`.restart`)."""


def new_phase(number: int, side: str) -> dict:
    return {
        "number": number,
        "side": side,
        "places": dict.fromkeys(PLACES),
        "moved": [],
        "acted": [],
        "captain_used": [],
        "star_used": [],
        "spotter": None,
        "ending": None,
    }


def playing(state: dict) -> bool:
    """Whether a phase is being played (its side may give orders)."""
    return state["stage"] == "phase" and state["phase"]["ending"] is None


def may_use(state: dict, player: str, part: str) -> bool:
    phase = state["phase"]
    data = state["players"][player]
    holder = phase["places"][kind_of(player)]
    return (
        playing(state)
        and state["awaiting"] is None
        and side_of(player) == phase["side"]
        and data["square"] is not None
        and not is_dazed(state, player)
        and holder in (None, player)
        and player not in phase["moved" if part == MOVE else "acted"]
    )


def use(state: dict, player: str, part: str) -> None:
    """``player`` moves or acts in this phase: takes its place, once for each part."""
    if not may_use(state, player, part):
        raise RuleViolation(
            "may_not_" + part,
            MAY_NOT[part],
            "Game progression",
        )
    phase = state["phase"]
    phase["places"][kind_of(player)] = player
    phase["moved" if part == MOVE else "acted"].append(player)


def end_phase(res, reason: str) -> None:
    """End the phase being played at once; the first reason stands."""
    state = res.state
    if state["stage"] != "phase" or state["phase"]["ending"] is not None:
        return
    state["phase"]["ending"] = reason
    recover(state, state["phase"]["side"], state["phase"]["number"])
    state["stage"] = "ending"
    state["after"] = list(AFTER_FOUL if reason == "foul" else THEN)
    res.say("phase_ends", side=state["phase"]["side"], reason=reason)


def lost_by_side(res, side: str, reason: str) -> None:
    """The side playing the phase lost the quaffle (dropped, tackled away, intercepted,
    a shot saved or missed): its phase ends. The other side losing it ends nothing."""
    if res.state["stage"] == "phase" and res.state["phase"]["side"] == side:
        end_phase(res, reason)
