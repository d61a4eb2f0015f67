"""Drawing lots between more than two level teams (§8.2: "entscheidet das Los").

The draw is a Fisher-Yates shuffle on the project's dice, so with server dice
it is provably fair, and it is recorded: the level houses in the order the
shuffle starts from (alphabetical), the order drawn, and every roll with its
nonce. Stored, a :class:`Lot` is reused instead of drawing again, and anyone
can replay it from its rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.dice import Dice, Roll, ScriptedDice


def purpose(houses: Iterable[str]) -> str:
    """What the log says each die of a draw is for."""
    return "drawing lots: " + ", ".join(houses)


@dataclass(frozen=True)
class Lot:
    """A recorded draw: ``order`` is the level ``houses`` from best to worst."""

    houses: tuple[str, ...]
    order: tuple[str, ...]
    rolls: tuple[Roll, ...]

    def replay(self) -> tuple[str, ...]:
        """The order the recorded faces give, to check against ``order``."""
        dice = ScriptedDice([roll.face for roll in self.rolls])
        return tuple(dice.shuffle(list(self.houses), purpose(self.houses)))

    def to_json(self) -> dict:
        return {
            "houses": list(self.houses),
            "order": list(self.order),
            "rolls": [roll.to_json() for roll in self.rolls],
        }

    @classmethod
    def from_json(cls, data: dict) -> Lot:
        return cls(
            houses=tuple(data["houses"]),
            order=tuple(data["order"]),
            rolls=tuple(Roll.from_json(roll) for roll in data["rolls"]),
        )


def draw_lots(houses: Iterable[str], dice: Dice) -> Lot:
    """Shuffle the level ``houses`` with ``dice``; the first drawn takes the best place."""
    level = tuple(sorted(houses))
    first_roll = len(dice.rolls)
    order = tuple(dice.shuffle(list(level), purpose(level)))
    return Lot(houses=level, order=order, rolls=tuple(dice.rolls[first_roll:]))
