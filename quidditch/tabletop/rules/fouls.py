"""Fouls and the penalty shot.

"A foul is committed if a 6 is rolled as a tackling result", if anyone but a
seeker touches the snitch, or if anyone but a chaser or the keeper touches the
quaffle. The server referees, and the text's referee "decides that the foul
deserves a penalty shot": here every foul does. The foul ends the phase; the
fouled side names a chaser, who starts from the centre circle and flies
unhindered straight at the middle hoop until the shooting zone, then shoots
against the keeper (no shooting test in the zone). The game then goes on as
usual: the bludgers and the snitch fly and the other side plays, unless the
penalty scored, when the restart after a goal follows.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .phase import end_phase
from .pitch import distance
from .resolution import Resolution
from .shooting import roll_off
from .teams import is_chaser, other, side_of

TACKLE, SNITCH, QUAFFLE = "tackle", "snitch", "quaffle"


def foul(res: Resolution, player: str, kind: str) -> None:
    """``player`` fouled: the other side will take a penalty. One foul a phase counts."""
    state = res.state
    if state["penalty"] is not None or state["stage"] != "phase":
        return
    state["penalty"] = {"side": other(side_of(player))}
    res.say("foul", player=player, kind=kind)
    end_phase(res, "foul")


def takers(state: dict) -> list[str]:
    """The fouled side's chasers who may take the penalty."""
    side = state["penalty"]["side"]
    return [
        player
        for player, data in state["players"].items()
        if side_of(player) == side and is_chaser(player) and data["square"] is not None
    ]


def begin_penalty(res: Resolution) -> None:
    """The penalty step of a phase's end: the fouled side names its taker, if it has one."""
    if res.state["penalty"] is None:
        return
    if not takers(res.state):
        res.say("no_penalty", side=res.state["penalty"]["side"])
        res.state["penalty"] = None
        return
    res.state["stage"] = "penalty"


def take_penalty(res: Resolution, chaser: str) -> None:
    state = res.state
    if state["stage"] != "penalty" or chaser not in takers(state):
        raise RuleViolation(
            "no_penalty_taker", _("The penalty is taken by a chaser of the fouled side."), "Fouls"
        )
    end = other(side_of(chaser))
    spot = res.pitch.penalty_spot(end)
    free = [
        square
        for square in res.pitch.squares
        if res.pitch.in_scoring_zone(square, end) and res.player_at(square) in (None, chaser)
    ]
    spot = min(free, key=lambda square: (distance(square, spot), square))
    res.place(chaser, spot)
    state["quaffle"] = {"square": list(spot), "carrier": chaser}
    state["penalty"] = None
    state["stage"] = "ending"
    res.say("penalty", player=chaser, to=list(spot))
    roll_off(res, chaser)
