"""A goal, and the restart after it.

"Each goal scored gives the scoring team 10 points. After a goal is scored,
the Keeper of the team scored upon throws the Quaffle back into play and after
all players on both sides have taken a free move, bludgers stay static until
the keeper restarts the game." Read here: the goal ends the phase at once and
the bludgers and the snitch stay still; the keeper scored upon holds the
quaffle; every player of both sides may take one free move (a move only: it
touches no ball and commits no foul), each side saying when it is done; then
the side scored upon plays the next phase, whose keeper throws the quaffle in
as the phase's chaser. With no keeper on a broom, a chaser of theirs takes it;
with none, it is set loose at the centre.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .injuries import recover
from .phase import AFTER_GOAL
from .resolution import Resolution
from .teams import SIDES, handles_quaffle, other, player_id, side_of

GOAL = 10


def goal(res: Resolution, scorer: str) -> None:
    state = res.state
    side = side_of(scorer)
    state["score"][side] += GOAL
    state["goals"][side] += 1
    res.say("goal", player=scorer, side=side, score=dict(state["score"]))
    conceding = other(side)
    thrower = next(
        (
            p
            for p in (player_id(conceding, "keeper"), *res.on_pitch(conceding))
            if handles_quaffle(p) and res.square(p) is not None
        ),
        None,
    )
    if thrower is None:
        state["quaffle"] = {"square": list(res.pitch.centre), "carrier": None}
    else:
        state["quaffle"] = {"square": list(res.square(thrower)), "carrier": thrower}
    if state["stage"] == "phase":
        state["phase"]["ending"] = "goal"
        recover(state, state["phase"]["side"], state["phase"]["number"])
        res.say("phase_ends", side=state["phase"]["side"], reason="goal")
    state["stage"] = "ending"
    state["after"] = list(AFTER_GOAL)
    state["next_side"] = conceding


def begin_free_moves(res: Resolution) -> None:
    res.state["stage"] = "free_moves"
    res.state["free_moves"] = {"moved": [], "done": []}
    res.say("free_moves")


def may_move_free(state: dict, player: str) -> bool:
    free = state["free_moves"]
    return (
        state["stage"] == "free_moves"
        and state["awaiting"] is None
        and side_of(player) not in free["done"]
        and player not in free["moved"]
        and state["players"][player]["square"] is not None
    )


def check_free_move(state: dict, player: str) -> None:
    if not may_move_free(state, player):
        raise RuleViolation(
            "no_free_move",
            _("After a goal each player takes one free move."),
            "Game progression",
        )


def done(res: Resolution, side: str) -> None:
    """``side`` has taken its free moves; once both have, the side scored upon plays."""
    state = res.state
    if state["stage"] != "free_moves" or side in state["free_moves"]["done"]:
        raise RuleViolation(
            "not_now", _("There are no free moves to finish now."), "Game progression"
        )
    state["free_moves"]["done"].append(side)
    res.say("free_moves_done", side=side)
    if all(each in state["free_moves"]["done"] for each in SIDES):
        state["free_moves"] = None
        state["stage"] = "start"
