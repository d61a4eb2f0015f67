"""The odds: the rest of the cup year played many times over, by the league's own rules.

Each season draws every remaining game of the halves from the model
(:mod:`league.rules.model`), orders the table as
:func:`league.rules.standings.standings` does (points, snitch catches, goals
conceded: one key per house, :func:`league.rules.standings.key`), breaks a tie
across a line the finals draw with the decider or lots already on record, or
else draws them (a decider from the model, lots as a fair shuffle, §8.2),
plays the finals the same way and places the houses as
:func:`league.rules.finals.final_placing` does. It counts each house's final
place and the house points race: the totals now (the ledger, and the cup's
credits still owed) plus what every simulated cup game and the placing
credit (§8.3).

The randomness is one ``random.Random`` seeded with the run's seed, passed
in: the same seed and the same inputs give the same odds. Houses level where
no tiebreak applies share their places, and the chance of a shared place is
split evenly, so the chances of each place add up to one, per house and per
place.

Speed (``bench/projections.py``): the seasons run side by side, one game at a
time, so each game's draws and sums over all seasons are a few calls that
loop in C (``map``, ``bisect``); a season then costs one sort of its keys.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import add

from .bounds import Outcome, ScoreBounds
from .finals import CUP_FINAL, THIRD_PLACE_FINAL
from .house_points import FOR_THE_WIN, PER_GOAL, PER_SNITCH_CATCH, PLACE_POINTS
from .lots import Lot
from .model import Model
from .results import GameResult
from .standings import FINAL_LINES, Standings, key, points_of


@dataclass(frozen=True)
class CupYearNow:
    """What is known of a cup year: the table now (frauds, deciders and lots applied),
    the games of the halves still to play (home, away), the deciders, lots and finals
    already on record, and each house's house points (the ledger, with the cup's
    credits still owed)."""

    table: Standings
    remaining: tuple[tuple[str, str], ...]
    house_points: Mapping[str, int]
    deciders: tuple[GameResult, ...] = ()
    lots: tuple[Lot, ...] = ()
    finals: Mapping[str, GameResult] = field(default_factory=dict)
    placings_credited: bool = False

    @property
    def houses(self) -> tuple[str, ...]:
        return self.table.order


@dataclass(frozen=True)
class HouseOdds:
    """One house's chances: of each final place (``places[0]`` is the cup), its expected
    points in the table, and the same for the house points race."""

    house: str
    places: tuple[float, ...]
    expected_points: float
    house_points_places: tuple[float, ...]
    expected_house_points: float

    @property
    def cup(self) -> float:
        return self.places[0]

    @property
    def house_points_first(self) -> float:
        return self.house_points_places[0]

    def to_json(self) -> dict:
        return {
            "house": self.house,
            "cup": self.cup,
            "places": list(self.places),
            "expected_points": self.expected_points,
            "house_points_first": self.house_points_first,
            "house_points_places": list(self.house_points_places),
            "expected_house_points": self.expected_house_points,
        }


@dataclass(frozen=True)
class Odds:
    seed: int
    seasons: int
    houses: tuple[HouseOdds, ...]

    def of(self, house: str) -> HouseOdds:
        return next(odds for odds in self.houses if odds.house == house)


@dataclass(frozen=True)
class _Game:
    """A game's results as the draws use them: cumulative chances (the last exactly 1),
    and per result each side's key gain and house points."""

    cumulative: list[float]
    gains: tuple[list[int], list[int]]
    credits: tuple[list[int], list[int]]
    winners: list[int | None]

    @classmethod
    def of(cls, outcomes: list[tuple[float, Outcome]], *, decided: bool = False) -> _Game:
        if decided:  # a final or a decider: a draw without a catch is played on (§8.2)
            outcomes = [(p, o) for p, o in outcomes if o.decided_winner() is not None]
        total = sum(p for p, _ in outcomes)
        cumulative = list(accumulate(p / total for p, _ in outcomes))
        cumulative[-1] = 1.0
        winners = [o.decided_winner() if decided else o.winner for _, o in outcomes]
        return cls(
            cumulative,
            ([o.gain(0) for _, o in outcomes], [o.gain(1) for _, o in outcomes]),
            tuple(
                [_credit(o, side, w) for (_, o), w in zip(outcomes, winners, strict=True)]
                for side in (0, 1)
            ),
            winners,
        )

    def draw(self, chance: float) -> int:
        return bisect(self.cumulative, chance)


def _credit(outcome: Outcome, side: int, winner: int | None) -> int:
    """The house points a game credits a side (§8.3)."""
    return (
        PER_GOAL * outcome.goals[side]
        + PER_SNITCH_CATCH * (outcome.catcher == side)
        + FOR_THE_WIN * (winner == side)
    )


def simulate(
    now: CupYearNow, model: Model, bounds: ScoreBounds, *, seasons: int, seed: int
) -> Odds:
    """Play the rest of the cup year ``seasons`` times from ``seed``."""
    rng = random.Random(seed)
    houses = now.houses
    index = {house: i for i, house in enumerate(houses)}
    keys = [[key(r.points, r.snitch_catches, r.goals_against)] * seasons for r in now.table.rows]
    credits = [[now.house_points.get(house, 0)] * seasons for house in houses]
    for home, away in now.remaining:
        game = _Game.of(model.outcomes(home, away, bounds))
        draws = list(map(game.draw, [rng.random() for _ in range(seasons)]))
        for side, house in enumerate((index[home], index[away])):
            keys[house] = list(map(add, keys[house], map(game.gains[side].__getitem__, draws)))
            credits[house] = list(
                map(add, credits[house], map(game.credits[side].__getitem__, draws))
            )

    finish = _Finish(now, model, bounds, rng)
    count = len(houses)
    places = [[0.0] * count for _ in houses]
    race = [[0.0] * count for _ in houses]
    points = [0] * count
    house_points = [0] * count
    for season_keys, season_credits in zip(
        zip(*keys, strict=True), zip(*credits, strict=True), strict=True
    ):
        owed = list(season_credits)
        _count(places, finish.placing(season_keys, owed))
        _count(race, _level_groups(range(count), owed))
        for house in range(count):
            points[house] += points_of(season_keys[house])
            house_points[house] += owed[house]
    return Odds(
        seed=seed,
        seasons=seasons,
        houses=tuple(
            HouseOdds(
                house=house,
                places=tuple(share / seasons for share in places[i]),
                expected_points=points[i] / seasons,
                house_points_places=tuple(share / seasons for share in race[i]),
                expected_house_points=house_points[i] / seasons,
            )
            for i, house in enumerate(houses)
        ),
    )


class _Finish:
    """The end of a simulated season: the table's tiebreaks, the finals and the placing."""

    def __init__(self, now: CupYearNow, model: Model, bounds: ScoreBounds, rng: random.Random):
        self.houses = now.houses
        self.lines = [line for line in FINAL_LINES if line < len(self.houses)]
        self.deciders = {frozenset(d.houses): d.decided_winner() for d in now.deciders}
        self.lots = {frozenset(lot.houses): lot.order for lot in now.lots}
        self.finals = now.finals
        self.placement = () if now.placings_credited else PLACE_POINTS
        self.model, self.bounds, self.rng = model, bounds, rng
        self.games: dict[tuple[int, int], _Game] = {}

    def placing(self, keys: Sequence[int], owed: list[int]) -> list[list[int]]:
        """The season's final placing as groups of houses sharing places, best first;
        the house points of deciders, finals and places are added to ``owed``."""
        table: list[list[int]] = []
        start = 0
        for group in _level_groups(range(len(keys)), keys):
            if len(group) > 1 and any(start < line < start + len(group) for line in self.lines):
                table.extend([house] for house in self._tiebreak(group, owed))
            else:
                table.append(group)
            start += len(group)
        ranked = [house for group in table for house in group]
        placing = [*self._final(CUP_FINAL, ranked[0], ranked[1], owed)]
        if len(ranked) >= 4:
            placing.extend(self._final(THIRD_PLACE_FINAL, ranked[2], ranked[3], owed))
        for house, amount in zip(placing, self.placement, strict=False):
            owed[house] += amount
        below, start = [], 0
        for group in table:
            if start >= len(placing):
                below.append(group)
            start += len(group)
        return [[house] for house in placing] + below

    def _tiebreak(self, group: list[int], owed: list[int]) -> list[int]:
        """Level houses across a line: the decider or lots on record, else drawn (§8.2)."""
        names = frozenset(self.houses[house] for house in group)
        if len(group) == 2:
            winner = self.deciders.get(names)
            if winner is None:
                winner = self.houses[self._play(group[0], group[1], owed)]
            return sorted(group, key=lambda house: self.houses[house] != winner)
        drawn = self.lots.get(names)
        if drawn is not None:
            return sorted(group, key=lambda house: drawn.index(self.houses[house]))
        shuffled = sorted(group, key=self.houses.__getitem__)
        self.rng.shuffle(shuffled)
        return shuffled

    def _final(self, name: str, first: int, second: int, owed: list[int]) -> tuple[int, int]:
        """The final's winner and loser: its result on record, else drawn."""
        played = self.finals.get(name)
        if played is not None and set(played.houses) == {self.houses[first], self.houses[second]}:
            winner = played.decided_winner()
            return (first, second) if self.houses[first] == winner else (second, first)
        winner = self._play(first, second, owed)
        return (winner, second if winner == first else first)

    def _play(self, first: int, second: int, owed: list[int]) -> int:
        """A final or a decider from the model; its house points go to ``owed``."""
        game = self.games.get((first, second))
        if game is None:
            outcomes = self.model.outcomes(self.houses[first], self.houses[second], self.bounds)
            game = self.games[first, second] = _Game.of(outcomes, decided=True)
        drawn = game.draw(self.rng.random())
        owed[first] += game.credits[0][drawn]
        owed[second] += game.credits[1][drawn]
        return first if game.winners[drawn] == 0 else second


def _level_groups(houses, values: Sequence[int]) -> list[list[int]]:
    """``houses`` best first by ``values``, those with equal values together."""
    ordered = sorted(houses, key=values.__getitem__, reverse=True)
    groups: list[list[int]] = []
    for house in ordered:
        if groups and values[groups[-1][0]] == values[house]:
            groups[-1].append(house)
        else:
            groups.append([house])
    return groups


def _count(tally: list[list[float]], groups: list[list[int]]) -> None:
    """Add a season's places: houses sharing places share each of them evenly."""
    start = 0
    for group in groups:
        if len(group) == 1:
            tally[group[0]][start] += 1
        else:
            share = 1 / len(group)
            for house in group:
                for place in range(start, start + len(group)):
                    tally[house][place] += share
        start += len(group)
