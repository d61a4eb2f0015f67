"""The directional die: which way a loose quaffle, a knocked player, a bludger or the
snitch goes.

The text names the die and its "hit" face but not its faces. On a grid a
direction is one of the eight steps to a neighbouring square, so the die is a
ten-sided one: faces 1-8 are the eight directions, clockwise from north (the
top of the board, where the home end is on the left, west), and faces 9 and 10
are the hit. What a hit means is the rule's own: a loose quaffle and the snitch
stay where they are, a bludger or a knocked player rolls again until a
direction shows, and a beater's failed hit lets the beater choose.
"""

from __future__ import annotations

from collections.abc import Callable

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .pitch import Pitch, Square

SIDES = 10
DIRECTIONS = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
FACES = tuple(DIRECTIONS)
"""Face n (1-8) shows ``FACES[n - 1]``; faces 9 and 10 show the hit."""
HIT = "hit"


def face_shows(face: int) -> str:
    return FACES[face - 1] if face <= len(FACES) else HIT


Die = Callable[[int, str], int]
"""How a rule throws a die: ``die(sides, purpose)`` (``Resolution.die``)."""


def roll(die: Die, purpose: str) -> str:
    """One throw of the directional die: a direction, or ``HIT``."""
    return face_shows(die(SIDES, purpose))


def roll_direction(die: Die, purpose: str) -> str:
    """Thrown again until a direction shows (a bludger's flight, a knocked player)."""
    while (shown := roll(die, purpose)) == HIT:
        pass
    return shown


def step(square: Square, direction: str) -> Square:
    dx, dy = DIRECTIONS[direction]
    return (square[0] + dx, square[1] + dy)


def fly(pitch: Pitch, start: Square, direction: str, squares: int) -> list[Square]:
    """The squares passed over going ``squares`` steps in ``direction`` from ``start``,
    stopping at the boundary: nothing leaves the pitch."""
    route, here = [], start
    for _step in range(squares):
        ahead = step(here, direction)
        if not pitch.on_pitch(ahead):
            break
        route.append(ahead)
        here = ahead
    return route


def check_direction(direction) -> None:
    if direction not in DIRECTIONS:
        raise RuleViolation(
            "no_direction", _("A direction is one of N, NE, E, SE, S, SW, W and NW.")
        )
