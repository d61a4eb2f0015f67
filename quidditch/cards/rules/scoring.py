"""Winning the Game: the totals once the Golden Snitch is caught.

Each Quaffle and each Goal Card in a scoring pile is worth 10 points, the
Snitch 150; the higher total wins ("It is possible to win the game without
catching the Golden Snitch, but it is extremely difficult"). Equal totals
are a draw, which the text does not mention (docs/rules/card-game.md).
"""

from __future__ import annotations

from .cards import GOAL_POINTS, SNITCH, SNITCH_POINTS, TEAMS, face_of


def points(scoring_pile: list[str]) -> int:
    return sum(SNITCH_POINTS if face_of(card) == SNITCH else GOAL_POINTS for card in scoring_pile)


def totals(state: dict) -> dict[str, int]:
    return {team: points(state["teams"][team]["scoring"]) for team in TEAMS}


def winner(state: dict) -> str | None:
    scores = totals(state)
    first, second = TEAMS
    if scores[first] == scores[second]:
        return None
    return max(TEAMS, key=scores.get)
