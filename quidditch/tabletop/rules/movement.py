"""Flying across the pitch: how far, where to, and what a flight touches.

"All players have the same broomsticks so travel at the same rate which is 5
squares. Seekers are the fastest players however and may move 6 squares." A
player flies straight (the most direct route, :func:`.pitch.line`) to a free
square at most that far, every square of the route on the pitch: "players may
not exit the boundaries of the field". They may fly over other players but
not stop on them. An injury takes a square off; a seeker who spotted the
snitch this phase flies 3 more. The quaffle's carrier takes it along. "Only
one chaser is allowed in the scoring zone at a time": a chaser may not stop in
a shooting zone another chaser is in.

Before the balls are released nobody may enter the centre circle; the balls are
released when the first phase begins, so this holds for the starting position
(:mod:`.scenario`).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import quaffle, snitch
from .directional_die import DIRECTIONS
from .fouls import QUAFFLE, foul
from .pitch import Pitch, Square, distance, line
from .resolution import Resolution
from .teams import SEEKER_SPEED, SPEED, handles_quaffle, is_chaser, is_seeker

RULE = "Movement"


def speed(state: dict, player: str) -> int:
    base = SEEKER_SPEED if is_seeker(player) else SPEED
    spotted = state["stage"] == "phase" and state["phase"]["spotter"] == player
    bonus = snitch.SPOTTING_BONUS if spotted else 0
    return max(0, base + bonus - state["players"][player]["speed_loss"])


def occupied(state: dict) -> set[Square]:
    return {tuple(data["square"]) for data in state["players"].values() if data["square"]}


def closed_zones(state: dict, pitch: Pitch, player: str) -> set[str]:
    """The shooting zones ``player`` may not fly into: for a chaser, those another chaser
    is in ("only one chaser is allowed in the scoring zone at a time")."""
    if not is_chaser(player):
        return set()
    start = pitch.scoring_zone_of(tuple(state["players"][player]["square"]))
    return {
        zone
        for other, data in state["players"].items()
        if other != player and is_chaser(other) and data["square"] is not None
        if (zone := pitch.scoring_zone_of(tuple(data["square"]))) not in (None, start)
    }


def problem(state: dict, pitch: Pitch, player: str, to: Square) -> RuleViolation | None:
    """Why ``player`` may not fly to ``to``, or ``None`` if they may."""
    start = tuple(state["players"][player]["square"])
    squares, reach = distance(start, to), speed(state, player)
    if squares == 0 or squares > reach:
        return RuleViolation(
            "too_far",
            _("This player flies 1 to %(reach)s squares, not %(squares)s."),
            RULE,
            params={"reach": reach, "squares": squares},
        )
    if not pitch.on_pitch(to) or not all(pitch.on_pitch(s) for s in line(start, to)):
        return RuleViolation("off_the_pitch", _("Players may not leave the pitch."), RULE)
    if to in occupied(state):
        return RuleViolation("occupied", _("Another player is on that square."), RULE)
    if pitch.scoring_zone_of(to) in closed_zones(state, pitch, player):
        return RuleViolation(
            "zone_taken", _("Only one chaser is allowed in the shooting zone at a time."), RULE
        )
    return None


def check(state: dict, pitch: Pitch, player: str, to) -> Square:
    if not (isinstance(to, list) and len(to) == 2 and all(type(n) is int for n in to)):
        raise RuleViolation("bad_square", _("A square is given as [x, y]."))
    found = problem(state, pitch, player, tuple(to))
    if found is not None:
        raise found
    return tuple(to)


def fly(res: Resolution, player: str, to: Square, *, free: bool = False) -> None:
    """Fly ``player`` to ``to``; unless it is a free move after a goal, meet the snitch on
    the way, and touch the loose quaffle where the flight ends."""
    route = line(res.square(player), to)
    res.place(player, to)
    res.say("moves", player=player, to=list(to), squares=len(route))
    if free:
        return
    snitch.touched(res, player, route)
    if not handles_quaffle(player) and quaffle.loose_at(res.state) == to:
        foul(res, player, QUAFFLE)


def targets(state: dict, pitch: Pitch, player: str) -> list[Square]:
    """The squares offered to fly to: straight along each of the eight directions, and the
    loose quaffle's and the snitch's squares; each one a legal flight."""
    return sorted(_legal(state, pitch, player))


def may_fly(state: dict, pitch: Pitch, player: str) -> bool:
    return next(_legal(state, pitch, player), None) is not None


def _legal(state: dict, pitch: Pitch, player: str):
    """Each legal flight offered: along each direction as far as the player's reach and the
    boundary, then the balls' squares. Asked for every offer a table or a bot sees, so it
    checks in bulk what :func:`problem` checks one square at a time."""
    start = tuple(state["players"][player]["square"])
    reach = speed(state, player)
    taken = occupied(state)
    closed = closed_zones(state, pitch, player)
    found = set()
    for step in DIRECTIONS.values():
        for square in pitch.ray(start, step)[:reach]:
            if square not in taken and (not closed or pitch.scoring_zone_of(square) not in closed):
                found.add(square)
                yield square
    balls = {tuple(b) for b in (state["quaffle"]["square"], state["snitch"]["square"]) if b}
    yield from (ball for ball in balls - found if problem(state, pitch, player, ball) is None)
