"""What the league reads from a finished Chat-Quidditch match (§7, §8.2).

A Chat-Quidditch match's result (the ``chat-quidditch`` ruleset's) is a dict;
the league keeps the part it needs as a :class:`GameResult`, keyed by the
game's stable key (``game-7``, ``cup-final``) so that standings, credits and
fraud records can refer to it.
Points are the final result of §7: the winner's 100 bonus included.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation


@dataclass(frozen=True)
class Side:
    """One team's part of a game's final result."""

    house: str
    goals: int
    goals_conceded: int
    snitch: bool
    points: int


@dataclass(frozen=True)
class GameResult:
    """A finished game: its key, both sides and the winner's index (None for a draw)."""

    game: str
    sides: tuple[Side, Side]
    winner: int | None

    @classmethod
    def from_match(cls, game: str, result: dict) -> GameResult:
        """Read the result a Chat-Quidditch match reports (§7)."""
        first, second = (
            Side(
                house=team["house"],
                goals=team["goals"],
                goals_conceded=team["goals_conceded"],
                snitch=team["snitch"],
                points=team["points"],
            )
            for team in result["teams"]
        )
        return cls(game=game, sides=(first, second), winner=result["winner"])

    @property
    def houses(self) -> tuple[str, str]:
        return (self.sides[0].house, self.sides[1].house)

    def decided_winner(self) -> str:
        """The house that won a game that must have a winner: a final or a decider (§8.2).

        A final drawn at the end goes to the team that caught the snitch. The
        match engine's ``final`` setting already does this and plays the
        extensions; reading it here again keeps a result from a match played
        without the setting from deciding a final by accident.
        """
        if self.winner is not None:
            return self.sides[self.winner].house
        catchers = [side.house for side in self.sides if side.snitch]
        if catchers:
            return catchers[0]
        raise RuleViolation(
            "final_drawn",
            _(
                "%(game)s ended drawn without a snitch catch: a final or decider is "
                "extended by two rounds at a time until there is a winner"
            ),
            "§8.2",
            params={"game": self.game},
        )
