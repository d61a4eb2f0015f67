"""Plausible cup results on given dice: demo data, property tests and benchmarks.

Each game of the year's fixtures gets 0 to 7 goals a side (a d8 less one)
and a snitch catch by either side on a third of the games each. Points and
the winner follow the match engine: 10 a goal (§5.5.6), 50 for the snitch
(§5.7.2), 100 bonus for the win (§7).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.dice import Dice

from .fixtures import Fixture, cup_year, games
from .results import GameResult, Side

GOAL_POINTS, SNITCH_POINTS, WIN_BONUS = 10, 50, 100
"""The match's points as its result reports them (§5.5.6, §5.7.2, §7)."""


def sample_results(
    houses: Sequence[str], dice: Dice, *, played: int | None = None
) -> list[GameResult]:
    """Results for the first ``played`` games of the year's fixtures (all by default)."""
    return [_play(fixture, dice) for fixture in games(cup_year(houses))[:played]]


def _play(fixture: Fixture, dice: Dice) -> GameResult:
    houses = (fixture.home, fixture.away)
    goals = [dice.roll(8, f"{fixture.key}: goals of {house}") - 1 for house in houses]
    catcher = (dice.roll(6, f"{fixture.key}: snitch") - 1) // 2  # 0, 1, or 2 for nobody
    score = [g * GOAL_POINTS + SNITCH_POINTS * (catcher == i) for i, g in enumerate(goals)]
    winner = None if score[0] == score[1] else int(score[1] > score[0])
    sides = tuple(
        Side(
            house=house,
            goals=goals[i],
            goals_conceded=goals[1 - i],
            snitch=catcher == i,
            points=score[i] + WIN_BONUS * (winner == i),
        )
        for i, house in enumerate(houses)
    )
    return GameResult(game=fixture.key, sides=sides, winner=winner)
