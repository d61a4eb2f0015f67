"""The pitch as data: a grid of squares inside an oval, a centre circle, two ends.

The text gives no size, only numbers a size must fit: moves of 5 squares (6 for
a seeker), passes and shots up to 15 squares, bludgers flying 4, the snitch
placed by one D6 across the pitch and one along it. The default pitch is 33
squares long and 21 wide (``DEFAULT``): a long pass covers almost half of it,
three moves take a chaser from the centre to the hoops, and each of the six
bands of a D6 along it is five or six squares deep. A match may choose another
odd size, so that the centre circle has a centre square.

Squares are ``(x, y)``: ``x`` runs along the pitch from the home end (0) to the
away end, ``y`` across it. Two squares are as far apart as the king's moves
between them (diagonal steps count one), which is how far a player flies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Square = tuple[int, int]

DEFAULT = {"length": 33, "width": 21}
LENGTHS = range(25, 62, 2)
WIDTHS = range(15, 42, 2)

CENTRE_CIRCLE_RADIUS = 3
"""The centre circle: every square within 3 (straight-line) of the centre square."""
HOOP_INSET = 2
"""The hoops stand two squares in from each end, two squares apart across the pitch."""
SCORING_ZONE_REACH = 4
"""The shooting zone: the squares within 4 of the middle hoop of an end."""


def distance(a: Square, b: Square) -> int:
    """Squares between ``a`` and ``b``, diagonal steps counting one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def line(start: Square, end: Square) -> list[Square]:
    """The most direct route from ``start`` to ``end`` (Bresenham), ``end`` included, not
    ``start``: the squares a flying player or a thrown quaffle passes over."""
    (x, y), (x1, y1) = start, end
    dx, dy = abs(x1 - x), -abs(y1 - y)
    sx, sy = (1 if x1 > x else -1), (1 if y1 > y else -1)
    error, route = dx + dy, []
    while (x, y) != (x1, y1):
        doubled = 2 * error
        if doubled >= dy:
            error += dy
            x += sx
        if doubled <= dx:
            error += dx
            y += sy
        route.append((x, y))
    return route


@dataclass(frozen=True)
class Pitch:
    length: int
    width: int
    squares: frozenset[Square] = field(init=False, repr=False, compare=False)
    """Every square inside the oval drawn by the white lines (an ellipse touching the
    four sides of the grid); worked out once, as rules ask about squares all the time."""
    zones: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cx, cy = self.centre
        half_length, half_width = self.length / 2, self.width / 2
        squares = frozenset(
            (x, y)
            for x in range(self.length)
            for y in range(self.width)
            if ((x - cx) / half_length) ** 2 + ((y - cy) / half_width) ** 2 <= 1
        )
        object.__setattr__(self, "squares", squares)
        zones = {
            end: frozenset(
                s for s in squares if distance(s, self.hoops(end)[1]) <= SCORING_ZONE_REACH
            )
            for end in ("home", "away")
        }
        object.__setattr__(self, "zones", zones)

    @property
    def centre(self) -> Square:
        return (self.length // 2, self.width // 2)

    def on_pitch(self, square: Square) -> bool:
        return square in self.squares

    def in_centre_circle(self, square: Square) -> bool:
        cx, cy = self.centre
        return (square[0] - cx) ** 2 + (square[1] - cy) ** 2 <= CENTRE_CIRCLE_RADIUS**2

    def hoops(self, end: str) -> list[Square]:
        """The three hoops of ``end`` ("home" or "away"), from one side line to the other."""
        x = HOOP_INSET if end == "home" else self.length - 1 - HOOP_INSET
        cy = self.centre[1]
        return [(x, cy - 2), (x, cy), (x, cy + 2)]

    def in_scoring_zone(self, square: Square, end: str) -> bool:
        return square in self.zones[end]

    def scoring_zone_of(self, square: Square) -> str | None:
        """The end whose shooting zone holds ``square``, if any."""
        return next((end for end in ("home", "away") if self.in_scoring_zone(square, end)), None)

    def in_half(self, square: Square, end: str) -> bool:
        """Whether ``square`` lies in the half of the pitch around ``end``'s hoops."""
        cx = self.centre[0]
        return square[0] < cx if end == "home" else square[0] > cx

    def penalty_spot(self, end: str) -> Square:
        """Where a penalty taker reaches the shooting zone of ``end``, flying straight from
        the centre circle at the middle hoop unhindered."""
        hoop = self.hoops(end)[1]
        return next(s for s in line(self.centre, hoop) if self.in_scoring_zone(s, end))

    def ray(self, start: Square, step: tuple[int, int]) -> tuple[Square, ...]:
        """The squares from ``start`` (not included) a ``step`` at a time to the boundary:
        the oval is convex, so they end at the first square off the pitch."""
        return _ray(self, start, step)

    def sector_square(self, across: int, along: int) -> Square:
        """The square one D6 across and one along point to: the pitch is cut into six bands
        each way and the snitch appears at the middle of the chosen cell, moved to the
        nearest square on the pitch if the oval cuts that corner off."""
        x = int((along - 0.5) * self.length / 6)
        y = int((across - 0.5) * self.width / 6)
        return min(self.squares, key=lambda s: (distance(s, (x, y)), s))


@cache
def pitch_of(length: int, width: int) -> Pitch:
    return Pitch(length, width)


@cache
def _ray(pitch: Pitch, start: Square, step: tuple[int, int]) -> tuple[Square, ...]:
    squares, (x, y) = [], start
    while pitch.on_pitch((x := x + step[0], y := y + step[1])):
        squares.append((x, y))
    return tuple(squares)
