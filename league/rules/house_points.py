"""House points from the cup (§8.3) and what a fraud takes back (§8.7, §8.9).

Each game credits its houses 10 points per goal, 50 per snitch catch and 100
for the win, 48 hours after its log is published. After the finals places 1
to 4 earn 1250, 750, 500 and 250. A fraud takes 100 points off the game's
result, so it is a credit of -100 for the house.

The functions return the credits as data with a ``source_key`` that names
exactly one thing (``cup-2026:game-7:Gryffindor:goals``): the service writes
each as a ledger entry and the ledger's unique key makes a second write a
no-op, so calling a function again after a crash or a later fraud record
credits only what is new. Zero amounts are left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from .finals import Placing
from .fraud import POINTS_LOST, Fraud
from .results import GameResult

PER_GOAL = 10
PER_SNITCH_CATCH = 50
FOR_THE_WIN = 100
CREDIT_DELAY = timedelta(hours=48)
PLACE_POINTS = (1250, 750, 500, 250)

MATCH = "match"
CUP_PLACEMENT = "cup_placement"
PENALTY = "penalty"
"""Sources, as the campaign ledger names them."""


@dataclass(frozen=True)
class Credit:
    """One ledger entry to write: points for a house, counting from ``credit_at``."""

    house: str
    amount: int
    reason: str
    source: str
    source_key: str
    credit_at: datetime

    def to_json(self) -> dict:
        return {
            "house": self.house,
            "amount": self.amount,
            "reason": self.reason,
            "source": self.source,
            "source_key": self.source_key,
            "credit_at": self.credit_at.isoformat(),
        }


SIDE_KEYS = ("home", "away")
"""How a game's credits name its sides in their source keys: by the side, never by the
house's name, which the storyguide may change."""


def credit_due(published_at: datetime) -> datetime:
    """When a game's points count: 48 hours after its log is published (§8.3)."""
    return published_at + CREDIT_DELAY


def game_credits(
    cup: str, result: GameResult, *, published_at: datetime, frauds: Iterable[Fraud] = ()
) -> list[Credit]:
    """What a game (of a half, a final or a decider) credits, frauds in it included.

    A fraud recorded after the game's points are due is charged when recorded.
    """
    due = credit_due(published_at)
    credits = []
    for index, side in enumerate(result.sides):
        parts = (
            ("goals", side.goals * PER_GOAL, f"{side.goals} goal{'s' * (side.goals != 1)}"),
            ("snitch", PER_SNITCH_CATCH if side.snitch else 0, "the snitch catch"),
            ("win", FOR_THE_WIN if result.winner == index else 0, "the win"),
        )
        for part, amount, what in parts:
            if amount:
                credits.append(
                    Credit(
                        house=side.house,
                        amount=amount,
                        reason=f"{what} in {result.game} (§8.3)",
                        source=MATCH,
                        source_key=f"{cup}:{result.game}:{SIDE_KEYS[index]}:{part}",
                        credit_at=due,
                    )
                )
    for fraud in frauds:
        if fraud.game != result.game:
            continue
        if fraud.house not in result.houses:
            raise ValueError(f"{fraud.house} did not play {result.game}")
        credits.append(
            Credit(
                house=fraud.house,
                amount=-POINTS_LOST,
                reason=f"fraud by {fraud.player} in {result.game} ({fraud.rule})",
                source=PENALTY,
                source_key=f"{cup}:fraud-{fraud.key}",
                credit_at=max(due, fraud.recorded_at),
            )
        )
    return credits


def placement_credits(cup: str, placing: Placing, *, credit_at: datetime) -> list[Credit]:
    """The points for places 1 to 4 after the finals (§8.3); lower places earn none."""
    return [
        Credit(
            house=house,
            amount=amount,
            reason=f"place {place} in the cup (§8.3)",
            source=CUP_PLACEMENT,
            source_key=f"{cup}:place-{place}",
            credit_at=credit_at,
        )
        for place, (house, amount) in enumerate(zip(placing.order, PLACE_POINTS, strict=False), 1)
    ]
