"""Shooting at the hoops, the roll-off against the keeper, and the keeper's save.

A shot flies up to 15 squares at one of the three hoops of the other end and
is tested like a pass (2+, 4+, 5+, 6 by distance), except from the shooting
zone, where no test is made; a failed shot goes loose at the hoop. Then "the
chaser and the keeper both roll a dice": the higher scores or saves, and a
tie is rolled again. A keeper off their broom or dazed cannot save. A saved
quaffle is kept on 3+; otherwise it is repelled a D6 squares the way the
keeper's player chooses. Either way the shooting side has lost possession.
Shots are not intercepted: the text gives interception to passes only.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import quaffle
from .directional_die import fly
from .injuries import is_dazed
from .passing import PASS_BANDS, check_carrier, check_reach, needed
from .phase import lost_by_side
from .pitch import distance
from .resolution import Resolution
from .restart import goal
from .teams import other, player_id, side_of

CLEAN_SAVE = 3


def check_shot(state: dict, shooter: str, hoop: int, pitch) -> None:
    check_carrier(state, shooter)
    if hoop not in (0, 1, 2):
        raise RuleViolation("no_hoop", _("A shot goes at hoop 0, 1 or 2 of the other end."))
    target = pitch.hoops(other(side_of(shooter)))[hoop]
    check_reach(distance(tuple(state["players"][shooter]["square"]), target), "Shooting")


def shoot(res: Resolution, shooter: str, hoop: int) -> None:
    side = side_of(shooter)
    end = other(side)
    target = res.pitch.hoops(end)[hoop]
    squares = distance(res.square(shooter), target)
    if res.pitch.in_scoring_zone(res.square(shooter), end):
        res.say("shot", player=shooter, hoop=hoop, squares=squares, tested=False)
    else:
        least = needed(PASS_BANDS, squares)
        result = res.roll(shooter, "shooting test")
        res.say(
            "shot",
            player=shooter,
            hoop=hoop,
            squares=squares,
            tested=True,
            result=result,
            needed=least,
        )
        if result < least:
            quaffle.go_loose(res, target)
            lost_by_side(res, side, "lost_possession")
            return
    roll_off(res, shooter)


def keeper_of(state: dict, side: str) -> str | None:
    """The keeper able to save: on the broom and not dazed."""
    keeper = player_id(side, "keeper")
    data = state["players"][keeper]
    return keeper if data["square"] is not None and not is_dazed(state, keeper) else None


def roll_off(res: Resolution, shooter: str) -> None:
    """The chaser against the keeper, the higher wins, a tie rolls again."""
    side = side_of(shooter)
    keeper = keeper_of(res.state, other(side))
    while keeper is not None:
        chaser_roll = res.roll(shooter, "shot: chaser")
        keeper_roll = res.roll(keeper, "shot: keeper")
        res.say("roll_off", player=shooter, target=keeper, chaser=chaser_roll, keeper=keeper_roll)
        if keeper_roll > chaser_roll:
            save(res, keeper, side)
            return
        if chaser_roll > keeper_roll:
            break
    goal(res, shooter)


def save(res: Resolution, keeper: str, shooting_side: str) -> None:
    result = res.roll(keeper, "save")
    clean = result >= CLEAN_SAVE
    res.say("save", player=keeper, result=result, needed=CLEAN_SAVE, clean=clean)
    if clean:
        quaffle.give(res, keeper)
    else:
        res.state["awaiting"] = {"kind": "repel", "side": side_of(keeper), "player": keeper}
    lost_by_side(res, shooting_side, "saved")


def repel(res: Resolution, direction: str) -> None:
    """The quaffle the keeper did not hold flies a D6 squares the chosen way, loose."""
    keeper = res.state["awaiting"]["player"]
    res.state["awaiting"] = None
    squares = res.die(6, "repelled quaffle")
    start = res.square(keeper)
    route = fly(res.pitch, start, direction, squares)
    landed = route[-1] if route else start
    res.state["quaffle"] = {"square": list(landed), "carrier": None}
    res.say("repelled", player=keeper, direction=direction, squares=squares, to=list(landed))
