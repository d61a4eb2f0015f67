"""The cup's future: what the remaining games still allow, and the odds (§8.1, §8.2, §8.3).

Two answers to the questions readers of a table ask next:

- the marks, proofs over every result the remaining games can have
  (:mod:`league.rules.clinch`, on the bounds of :mod:`league.rules.bounds`);
- the odds, from seasons drawn from a model fitted to the campaign's played
  cup games (:mod:`league.rules.model`, :mod:`league.rules.simulation`).

The seed of a run is part of its figures: :func:`seed_of` derives it from the
inputs, so the same inputs always give the same seed and the same odds, and
anyone holding the inputs and the seed can run the seasons again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .bounds import ScoreBounds
from .clinch import Mark, marks
from .model import Model
from .results import GameResult
from .simulation import CupYearNow, Odds, simulate

SEED_BITS = 63
"""Seeds fit a signed 64-bit column."""


@dataclass(frozen=True)
class Projection:
    """Every house's marks and odds, with the model they were drawn from."""

    marks: dict[str, tuple[Mark, ...]]
    odds: Odds
    model: Model

    def to_json(self) -> dict:
        return {
            "seed": self.odds.seed,
            "seasons": self.odds.seasons,
            "model": self.model.to_json(),
            "houses": [
                {
                    "house": odds.house,
                    "marks": [mark.to_json() for mark in self.marks[odds.house]],
                    **odds.to_json(),
                }
                for odds in self.odds.houses
            ],
        }


def project(
    now: CupYearNow,
    played: Iterable[GameResult],
    bounds: ScoreBounds,
    *,
    seasons: int,
    seed: int,
) -> Projection:
    """The marks of the table ``now`` and the odds of ``seasons`` seasons from ``seed``,
    the model fitted to ``played``, every cup game the campaign has played."""
    model = Model.fit(now.houses, played)
    return Projection(
        marks=marks(now.table, now.remaining, bounds),
        odds=simulate(now, model, bounds, seasons=seasons, seed=seed),
        model=model,
    )


def seed_of(basis: str) -> int:
    """A run's seed from the fingerprint of its inputs (hexadecimal SHA-256)."""
    return int(basis, 16) >> (256 - SEED_BITS)
