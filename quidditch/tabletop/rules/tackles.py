"""Tackles: a player of the side playing against an opposing quaffle carrier within one
square, resolved on the tackler's D6.

1. Bad tackle: the carrier gains the advantage and rolls as if they were the
   tackler, against the tackler (who holds no quaffle to lose). A 1 on that
   roll does nothing more, and its knocks drive the tackler straight away from
   the carrier, the one direction the text lets nobody choose.
2. The carrier is knocked one square, the way the tackler chose.
3. As 2, and the tackler gains the quaffle.
4. The carrier is dazed, and the tackler gains the quaffle.
5. The carrier is knocked off course a D6 squares the way the directional die
   shows (thrown again on a hit), and the tackler gains the quaffle.
6. Foul by the tackler.

A tackle is the tackler's act; only chasers and the keeper tackle, as the
tackler gains the quaffle and anyone else touching it fouls. A tackle gains
the quaffle with no catch. A carrier knocked against the boundary who still
holds the quaffle loses it to the nearest opposing player who may hold it.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import directional_die, quaffle
from .directional_die import DIRECTIONS, check_direction
from .fouls import TACKLE, foul
from .injuries import daze, knock
from .phase import lost_by_side
from .pitch import distance
from .resolution import Resolution
from .teams import handles_quaffle, other, side_of


def check_tackle(state: dict, tackler: str, target: str, direction: str) -> None:
    carrier = state["quaffle"]["carrier"]
    if not handles_quaffle(tackler):
        raise RuleViolation("no_tackle", _("Only chasers and the keeper tackle."), "Tackle")
    if carrier != target or carrier is None or side_of(carrier) == side_of(tackler):
        raise RuleViolation(
            "no_tackle", _("A tackle is made on the opposing player holding the quaffle."), "Tackle"
        )
    near = distance(tuple(state["players"][tackler]["square"]), tuple(state["quaffle"]["square"]))
    if near > 1:
        raise RuleViolation(
            "no_tackle", _("The tackler must be within one square of the carrier."), "Tackle"
        )
    check_direction(direction)


def tackle(res: Resolution, tackler: str, target: str, direction: str) -> None:
    result = res.roll(tackler, "tackle")
    res.say("tackle", player=tackler, target=target, result=result)
    if result <= 1:
        res.say("bad_tackle", player=target, target=tackler)
        _reverse(res, target, tackler)
    elif result in (2, 3):
        out = knock(res, target, direction, 1)
        if result == 3:
            _dispossess(res, tackler, target)
        elif out:
            _thrown_out(res, target)
    elif result == 4:
        daze(res, target)
        _dispossess(res, tackler, target)
    elif result == 5:
        _dispossess(res, tackler, target)
        knock(res, target, directional_die.roll_direction(res.die, "knocked off course"), _d6(res))
    else:
        foul(res, tackler, TACKLE)


def _reverse(res: Resolution, carrier: str, tackler: str) -> None:
    """The carrier's roll "as if they were the tackler", against a tackler without the quaffle."""
    result = res.roll(carrier, "bad tackle")
    res.say("tackle", player=carrier, target=tackler, result=result)
    away = _away(res, carrier, tackler)
    if result in (2, 3):
        knock(res, tackler, away, 1)
    elif result == 4:
        daze(res, tackler)
    elif result == 5:
        knock(res, tackler, directional_die.roll_direction(res.die, "knocked off course"), _d6(res))
    elif result >= 6:
        foul(res, carrier, TACKLE)


def _away(res: Resolution, carrier: str, tackler: str) -> str:
    (cx, cy), (tx, ty) = res.square(carrier), res.square(tackler)
    step = ((tx > cx) - (tx < cx), (ty > cy) - (ty < cy))
    return next(name for name, vector in DIRECTIONS.items() if vector == step)


def _d6(res: Resolution) -> int:
    return res.die(6, "knocked off course: squares")


def _dispossess(res: Resolution, tackler: str, target: str) -> None:
    quaffle.give(res, tackler)
    lost_by_side(res, side_of(target), "lost_possession")


def _thrown_out(res: Resolution, target: str) -> None:
    """Knocked out of the boundary with the quaffle: the nearest opposing player takes it."""
    where = res.square(target)
    opponents = [p for p in res.on_pitch(other(side_of(target))) if handles_quaffle(p)]
    if opponents:
        nearest = min(opponents, key=lambda p: (distance(res.square(p), where), p))
        quaffle.give(res, nearest)
        lost_by_side(res, side_of(target), "lost_possession")
