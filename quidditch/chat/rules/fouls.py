"""The foul roll, shared by the chasers' foul (§5.5.3) and the seekers' (§5.7.3).

Only the first number counts: 1-2 the foul fails unseen, 3-4 the referee sees
it and the fouled team gets a free throw, 5-6 it works. Whether experience
points count is a match setting, ``foul_xp``: version 2 struck the example
that added them, so by default they do not.
"""

from __future__ import annotations

from .match import Match, xp_of

UNSEEN, SEEN, SUCCESS = "unseen", "seen", "success"


def foul_roll(match: Match, fouler: str, purpose: str) -> tuple[list[int], str]:
    """Roll a foul and read it (§5.5.3)."""
    faces = match.roll(purpose)
    xp = xp_of(match.state, fouler) if match.state["config"]["foul_xp"] else 0
    number = faces[0] + xp
    verdict = UNSEEN if number <= 2 else SEEN if number <= 4 else SUCCESS
    return faces, verdict
