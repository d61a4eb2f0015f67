"""How a cup game may end, fitted to the cup games the campaign has played: the odds' model.

Points come from goals, the snitch and the win (§7, §8.3), so the model
draws exactly those. Each house has an attack and a defence: the goals a
side scores are Poisson with mean ``league goals x its attack x the other's
defence`` (Maher's model of football scores, with no home advantage: "home"
only names the first team in a chat room). Each house catches the snitch at
its own rate a game; in a game the two rates are the chances that each side
catches it. Goals beyond the rules' bound (:mod:`league.rules.bounds`) cannot
happen and are left out.

Why this model (``docs/rules/league.md``): a cup year is a dozen games, too
few for anything with more parameters, and these are the two things a house
is good or bad at that the table counts. Every house starts from
``PRIOR_GAMES`` pseudo-games at the league average, so a house with no games
is the league average, a house with one game is not judged on it alone, and
the fit needs no step size. Before the campaign has played any cup game the
league average itself is a prior: ``PRIOR_GOALS`` a side and a catch in
``PRIOR_CAUGHT`` of the games.

Pure Python; floats only, no randomness here (the seasons are drawn in
:mod:`league.rules.simulation`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .bounds import Outcome, ScoreBounds
from .results import GameResult

PRIOR_GOALS = 3.0
"""Goals a side per game before the campaign has played a cup game."""
PRIOR_CAUGHT = 0.5
"""Share of games with a snitch catch before the campaign has played a cup game."""
PRIOR_GAMES = 2
"""Pseudo-games at the league average each house's rates start from."""
PRIOR_LEAGUE_GAMES = 1
"""Pseudo-games of the prior the league average starts from."""
FIT_ROUNDS = 30
"""Rounds of fitting attack against defence: far more than the rates need to settle."""
TAIL_SIGMAS = 10
"""Where the rules set no bound, goals are drawn up to this many deviations past the mean."""


@dataclass(frozen=True)
class Model:
    """The fitted rates: the league's goals a side and share of games caught, and per
    house its attack, defence and catches a game."""

    goals: float
    caught: float
    attack: dict[str, float]
    defence: dict[str, float]
    catches: dict[str, float]
    games: int

    @classmethod
    def fit(cls, houses: Sequence[str], results: Iterable[GameResult]) -> Model:
        """Fit to ``results``, every cup game played (any cup year, finals included)."""
        results = list(results)
        played = len(results)
        scored: dict[str, int] = defaultdict(int)
        conceded: dict[str, int] = defaultdict(int)
        caught_by: dict[str, int] = defaultdict(int)
        opponents: dict[str, list[str]] = defaultdict(list)
        for result in results:
            for index, side in enumerate(result.sides):
                scored[side.house] += side.goals
                conceded[side.house] += side.goals_conceded
                caught_by[side.house] += side.snitch
                opponents[side.house].append(result.sides[1 - index].house)
        goals = (sum(scored.values()) + 2 * PRIOR_LEAGUE_GAMES * PRIOR_GOALS) / (
            2 * (played + PRIOR_LEAGUE_GAMES)
        )
        caught = (sum(caught_by.values()) + PRIOR_LEAGUE_GAMES * PRIOR_CAUGHT) / (
            played + PRIOR_LEAGUE_GAMES
        )
        everyone = sorted(set(houses) | set(opponents))
        attack = dict.fromkeys(everyone, 1.0)
        defence = dict.fromkeys(everyone, 1.0)
        prior = PRIOR_GAMES * goals
        for _ in range(FIT_ROUNDS):
            for house in everyone:
                faced = sum(defence[o] for o in opponents[house])
                attack[house] = (scored[house] + prior) / (goals * faced + prior)
            for house in everyone:
                faced = sum(attack[o] for o in opponents[house])
                defence[house] = (conceded[house] + prior) / (goals * faced + prior)
        catches = {
            house: (caught_by[house] + PRIOR_GAMES * caught / 2)
            / (len(opponents[house]) + PRIOR_GAMES)
            for house in everyone
        }
        return cls(goals, caught, attack, defence, catches, played)

    def expected_goals(self, home: str, away: str) -> tuple[float, float]:
        return (
            self.goals * self.attack[home] * self.defence[away],
            self.goals * self.attack[away] * self.defence[home],
        )

    def catch_chances(self, home: str, away: str) -> tuple[float, float]:
        """The chance that each side catches the snitch (at most one does)."""
        rates = (self.catches[home], self.catches[away])
        scale = min(1.0, 1.0 / sum(rates)) if sum(rates) else 0.0
        return (rates[0] * scale, rates[1] * scale)

    def outcomes(self, home: str, away: str, bounds: ScoreBounds) -> list[tuple[float, Outcome]]:
        """Every result the game can have within ``bounds``, with its chance."""
        means = self.expected_goals(home, away)
        home_catches, away_catches = self.catch_chances(home, away)
        chances = {None: 1.0 - home_catches - away_catches, 0: home_catches, 1: away_catches}
        drawn = []
        for catcher, chance in chances.items():
            if chance <= 0:
                continue
            most = bounds.most_goals if catcher is None else bounds.most_goals_with_snitch
            weights = {
                (home_goals, away_goals): _poisson(home_goals, means[0])
                * _poisson(away_goals, means[1])
                for home_goals in range(_most(most, means[0]) + 1)
                for away_goals in range(_most(most, means[1]) + 1)
                if most is None or home_goals + away_goals <= most
            }
            total = sum(weights.values())
            drawn.extend(
                (chance * weight / total, bounds.outcome(goals, catcher))
                for goals, weight in weights.items()
                if weight > 0
            )
        return drawn

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "goals": self.goals,
            "caught": self.caught,
            "houses": {
                house: {
                    "attack": self.attack[house],
                    "defence": self.defence[house],
                    "catches": self.catches[house],
                }
                for house in sorted(self.attack)
            },
        }


def _poisson(count: int, mean: float) -> float:
    """The chance of ``count`` goals when ``mean`` are expected."""
    if mean <= 0:
        return 1.0 if count == 0 else 0.0
    return math.exp(count * math.log(mean) - mean - math.lgamma(count + 1))


def _most(bound: int | None, mean: float) -> int:
    """The most goals a side can score: the bound, or far out in the tail without one."""
    if bound is not None:
        return bound
    return math.ceil(mean + TAIL_SIGMAS * math.sqrt(mean) + TAIL_SIGMAS)
