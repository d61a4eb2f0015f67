"""Passing the quaffle, and opposing chasers intercepting it on its way.

"The chaser may pass or shoot the Quaffle up to 15 squares": the passer needs
2+ over 1-5 squares, 4+ over 6-8, 5+ over 9-10 and a 6 beyond 10. A failed
pass goes loose at the receiver's square. The quaffle "always travels to its
destination by the most direct route" (:func:`.pitch.line`), and each opposing
chaser within 3 squares of that route may try to intercept it, the first it
passes first: 6+ over 1-5 squares, 4+ over 6-10, 2+ over 11-15. An
interception is a catch in itself. Past them, the receiver catches on 2+.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import quaffle
from .injuries import is_dazed
from .phase import lost_by_side
from .pitch import Square, distance, line
from .resolution import Resolution
from .teams import handles_quaffle, is_chaser, other, side_of

REACH = 15
PASS_BANDS = ((5, 2), (8, 4), (10, 5), (15, 6))
"""(up to this many squares, the passer needs at least): also the shooting test."""
INTERCEPT_BANDS = ((5, 6), (10, 4), (15, 2))
INTERCEPT_REACH = 3


def needed(bands: tuple, squares: int) -> int:
    return next(least for longest, least in bands if squares <= longest)


def check_reach(squares: int, rule: str) -> None:
    if not 1 <= squares <= REACH:
        raise RuleViolation(
            "out_of_range",
            _("The quaffle flies 1 to %(reach)s squares, not %(squares)s."),
            rule,
            params={"reach": REACH, "squares": squares},
        )


def check_carrier(state: dict, player: str) -> None:
    if state["quaffle"]["carrier"] != player:
        raise RuleViolation("no_quaffle", _("Only the player holding the quaffle throws it."))


def interceptors(state: dict, route: list[Square], side: str) -> list[str]:
    """The opposing chasers within 3 squares of the route, in the order the quaffle
    reaches them."""
    reached = []
    for player, data in state["players"].items():
        if side_of(player) != other(side) or not is_chaser(player):
            continue
        if data["square"] is None or is_dazed(state, player):
            continue
        near = [i for i, s in enumerate(route) if distance(s, tuple(data["square"])) <= 3]
        if near:
            reached.append((near[0], player))
    return [player for _, player in sorted(reached)]


def check_pass(state: dict, passer: str, receiver: str) -> None:
    check_carrier(state, passer)
    data = state["players"].get(receiver) if isinstance(receiver, str) else None
    if (
        data is None
        or receiver == passer
        or side_of(receiver) != side_of(passer)
        or not handles_quaffle(receiver)
        or data["square"] is None
        or is_dazed(state, receiver)
    ):
        raise RuleViolation(
            "no_receiver",
            _("A pass goes to a chaser or the keeper of one's own team, on a broom and not dazed."),
            "Passing",
        )
    check_reach(
        distance(tuple(state["players"][passer]["square"]), tuple(data["square"])), "Passing"
    )


def pass_quaffle(res: Resolution, passer: str, receiver: str) -> None:
    state, side = res.state, side_of(passer)
    start, target = res.square(passer), res.square(receiver)
    squares = distance(start, target)
    least = needed(PASS_BANDS, squares)
    result = res.roll(passer, "pass")
    passed = result >= least
    res.say(
        "pass",
        player=passer,
        target=receiver,
        squares=squares,
        result=result,
        needed=least,
        passed=passed,
    )
    if not passed:
        quaffle.go_loose(res, target)
        lost_by_side(res, side, "lost_possession")
        return
    route = line(start, target)
    for chaser in interceptors(state, route, side):
        least = needed(INTERCEPT_BANDS, squares)
        result = res.roll(chaser, "interception")
        caught = result >= least
        res.say("interception", player=chaser, result=result, needed=least, caught=caught)
        if caught:
            quaffle.give(res, chaser)
            lost_by_side(res, side, "intercepted")
            return
    if not quaffle.catch(res, receiver):
        lost_by_side(res, side, "dropped")
