"""The pitch: three thirds, low, middle and high (§4.2, §5.3).

Before the game the thirds are called T (tief, low), M (Mitte) and H (hoch,
high). The captain who lost the quaffle roll names T or H as the home of his
goal, and both end thirds take the houses' initials: Ravenclaw choosing T
against Slytherin plays on R, M, S. A pitch is kept as the list of the three
names from low to high, so that "adjacent" is a difference of one.
"""

from __future__ import annotations

MIDDLE = "M"
UNNAMED = ["T", MIDDLE, "H"]


def third_for_die(pitch: list[str], face: int) -> str:
    """Where a ball or the quaffle carrier is: 1-2 low, 3-4 middle, 5-6 high (§5.4, §5.5)."""
    return pitch[(face - 1) // 2]


def adjacent(pitch: list[str], a: str, b: str) -> bool:
    """Whether one can fly from ``a`` to ``b`` in one move (§5.5.1)."""
    return abs(pitch.index(a) - pitch.index(b)) == 1


def neighbours(pitch: list[str], third: str) -> list[str]:
    """The thirds one flight away from ``third`` (§5.5.1)."""
    return [pitch[1]] if third != MIDDLE else [pitch[0], pitch[2]]


def renamed(choice: str, chooser_initial: str, other_initial: str) -> list[str]:
    """The pitch after the quaffle-roll loser put his goal in T or H (§4.2)."""
    if choice == "T":
        return [chooser_initial, MIDDLE, other_initial]
    return [other_initial, MIDDLE, chooser_initial]


def is_goal_third(pitch: list[str], third: str) -> bool:
    """Whether a goal hangs in ``third``: the two end thirds do, M does not (§5.5.6)."""
    return third == pitch[0] or third == pitch[2]
