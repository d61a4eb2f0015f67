"""Tests of the house cup rules (§8), and the small builders they share.

Houses are called by their initials G, H, R and S. A game is written
``game("G", "H", 1, 0, snitch="G")``: the home house, the away house, their
goals and who caught the snitch; points and the winner follow §7 (10 a goal,
50 for the snitch, 100 bonus for the win) as the match engine computes them.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from itertools import count

from league.rules.fraud import Fraud
from league.rules.results import GameResult

HOUSES = ("G", "H", "R", "S")

_keys = count(1)
NOW = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)


def game(
    home: str,
    away: str,
    home_goals: int = 0,
    away_goals: int = 0,
    *,
    snitch: str | None = None,
    key: str | None = None,
) -> GameResult:
    """A finished game, read through ``GameResult.from_match`` like a real match result."""
    goals = (home_goals, away_goals)
    score = [g * 10 + 50 * (snitch == house) for g, house in zip(goals, (home, away), strict=True)]
    winner = None if score[0] == score[1] else int(score[1] > score[0])
    teams = [
        {
            "house": house,
            "initial": house[0],
            "goals": goals[i],
            "goals_conceded": goals[1 - i],
            "snitch": snitch == house,
            "bonus": 100 if winner == i else 0,
            "points": score[i] + (100 if winner == i else 0),
        }
        for i, house in enumerate((home, away))
    ]
    result = {
        "teams": teams,
        "points": [t["points"] for t in teams],
        "winner": winner,
        "rounds_played": 10,
        "ended_by": "snitch" if snitch else "rounds",
    }
    return GameResult.from_match(key or f"game-{next(_keys)}", result)


def season(*games: GameResult, houses: tuple[str, ...] = HOUSES) -> list[GameResult]:
    """A whole year: ``games``, then a goalless draw for every meeting still to play.

    Every pair of houses meets twice; the draws come last, so ``season(...)[:-1]``
    is the same year with one game still to play.
    """
    met = Counter(frozenset(g.houses) for g in games)
    draws = [
        game(home, away)
        for i, home in enumerate(houses)
        for away in houses[i + 1 :]
        for _ in range(2 - met[frozenset((home, away))])
    ]
    return [*games, *draws]


def fraud(*, game: str, house: str, player: str = "Marcus", key: str = "1", **kwargs) -> Fraud:
    """A dice fraud (§8.7) recorded at ``NOW`` unless told otherwise."""
    kwargs.setdefault("rule", "§8.7")
    kwargs.setdefault("recorded_at", NOW)
    return Fraud(key=key, game=game, house=house, player=player, **kwargs)
