"""Scoring a round (LE POINTAGE): what the attack earns, row by row.

- A row with a black die (the keeper or a bludger) is blocked: nothing.
- In the snitch's row each goal die earns one snitch point and no goal points,
  and the quaffle there is worth nothing.
- A goal die in a row with the quaffle earns 20 goal points, and the quaffle
  20 more; a goal die alone earns 10.
- The snitch or the quaffle without a goal die is worth nothing; so is an
  empty row. The faces themselves never count.
"""

from __future__ import annotations

from typing import NamedTuple

from .dice import BLACK, GOALS, QUAFFLE, SNITCH

GOAL_POINTS = 10
WITH_QUAFFLE = 20
QUAFFLE_BONUS = 20


class RowScore(NamedTuple):
    goal_points: int
    snitch_points: int


def score_row(dice: list[str]) -> RowScore:
    goals = sum(die in GOALS for die in dice)
    if not goals or BLACK.intersection(dice):
        return RowScore(0, 0)
    if SNITCH in dice:
        return RowScore(0, goals)
    if QUAFFLE in dice:
        return RowScore(goals * WITH_QUAFFLE + QUAFFLE_BONUS, 0)
    return RowScore(goals * GOAL_POINTS, 0)


def score_round(rows: dict[str, list[str]]) -> RowScore:
    """The attack's points for the round: the sum over the six rows."""
    scores = [score_row(dice) for dice in rows.values()]
    return RowScore(sum(s.goal_points for s in scores), sum(s.snitch_points for s in scores))
