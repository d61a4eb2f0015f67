"""Dice fraud (§8.7) and forbidden tools (§8.9, which applies the same rules).

A fraud may be found during the game or after it. The team loses 100 points
from that game's result, the player is barred from that game and the team's
next two games, and may not be replaced in the game where the fraud happened
(see ``teams.play_without``). The points come off the result only: who won
the game, and the winner's bonus, stay as played (``docs/rules/league.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

POINTS_LOST = 100
GAMES_BARRED = 3
"""The game of the fraud and the next two (§8.7)."""

RULES = ("§8.7", "§8.9")


@dataclass(frozen=True)
class Fraud:
    """A recorded fraud: ``key`` is the service's stable id of the record.

    ``rule`` is ``§8.7`` for dice fraud, ``§8.9`` for a forbidden tool.
    """

    key: str
    game: str
    house: str
    player: str
    rule: str
    recorded_at: datetime

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"a fraud breaks {' or '.join(RULES)}, not {self.rule!r}")

    def to_json(self) -> dict:
        return {
            "key": self.key,
            "game": self.game,
            "house": self.house,
            "player": self.player,
            "rule": self.rule,
            "recorded_at": self.recorded_at.isoformat(),
            "points_lost": POINTS_LOST,
        }


def barred_players(
    frauds: Iterable[Fraud], *, house: str, game: str, house_games: Sequence[str]
) -> set[str]:
    """The players of ``house`` who may not play its ``game`` (§8.7).

    ``house_games`` are the house's games in the order they are played
    (finals, deciders and the next cup year's games included), so "the next
    two games" are counted as the team plays them, not as the fixtures list them.
    """
    position = {key: index for index, key in enumerate(house_games)}
    now = position[game]
    return {
        fraud.player
        for fraud in frauds
        if fraud.house == house
        and fraud.game in position
        and 0 <= now - position[fraud.game] < GAMES_BARRED
    }
