"""The cup year's games: a first half and a second half (§8.1).

In each half every house meets every other once; the second half repeats the
first with home and away swapped, match day by match day. Four houses give
six games a half, as the text counts; any number of houses from two works,
and with an odd number one house has a bye on each match day.

The pairing is the circle (polygon) method: the last house stays put while
the others turn round it one place per match day. Home and away alternate as
in de Werra's minimum-break schedules: every house has as many home games as
away games in a half (one more of one kind when it plays an odd number) and
the fewest possible runs of two home or two away games in a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

FIRST_HALF, SECOND_HALF = 1, 2


@dataclass(frozen=True)
class Fixture:
    """One cup game: ``number`` counts the year's games from 1, ``match_day`` the half's."""

    number: int
    half: int
    match_day: int
    home: str
    away: str

    @property
    def key(self) -> str:
        """The stable key results, credits and fraud records use for this game."""
        return f"game-{self.number}"

    def to_json(self) -> dict:
        return {"key": self.key, **asdict(self)}


@dataclass(frozen=True)
class MatchDay:
    """The games of one match day of a half, and the house with a bye if any."""

    half: int
    number: int
    games: tuple[Fixture, ...]
    bye: str | None

    def to_json(self) -> dict:
        return {
            "half": self.half,
            "number": self.number,
            "games": [game.to_json() for game in self.games],
            "bye": self.bye,
        }


def cup_year(houses: Sequence[str]) -> tuple[MatchDay, ...]:
    """Both halves' match days for ``houses``, the same list always giving the same plan."""
    if len(houses) < 2:
        raise RuleViolation("invalid_config", _("a cup needs at least two houses"), "§8.1")
    if len(set(houses)) != len(houses):
        raise RuleViolation("invalid_config", _("every house takes part once"), "§8.1")
    first_half = _circle(list(houses))
    days: list[MatchDay] = []
    number = 0
    for half, swapped in ((FIRST_HALF, False), (SECOND_HALF, True)):
        for day, (pairs, bye) in enumerate(first_half, start=1):
            games = []
            for home, away in pairs:
                number += 1
                if swapped:
                    home, away = away, home
                games.append(Fixture(number, half, day, home, away))
            days.append(MatchDay(half, day, tuple(games), bye))
    return tuple(days)


def games(match_days: Sequence[MatchDay]) -> list[Fixture]:
    """The games of ``match_days`` in order."""
    return [game for day in match_days for game in day.games]


def _circle(houses: list[str | None]) -> list[tuple[list[tuple[str, str]], str | None]]:
    """One half: per match day its (home, away) pairs and the house with a bye."""
    if len(houses) % 2:
        houses.append(None)
    turning = len(houses) - 1
    fixed = houses[turning]
    days = []
    for day in range(turning):
        pairs = [(houses[day], fixed) if day % 2 == 0 else (fixed, houses[day])]
        for step in range(1, len(houses) // 2):
            ahead, behind = houses[(day + step) % turning], houses[(day - step) % turning]
            pairs.append((ahead, behind) if step % 2 else (behind, ahead))
        played = [(home, away) for home, away in pairs if home is not None and away is not None]
        byes = [home or away for home, away in pairs if home is None or away is None]
        days.append((played, byes[0] if byes else None))
    return days
