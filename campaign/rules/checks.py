"""Checks: how a character tests an attribute in Draco Dormiens.

Every test rolls two dice of the campaign's size (a d20 by default). A
*standard* roll keeps the higher die; a *stress* roll, called for when the
character is surprised or under pressure, keeps the lower. The character adds
an attribute and, sometimes, a bonus (curriculum points, a storyguide's
modifier). The check succeeds when the total reaches the difficulty.

Both dice showing the same face are *doubles*: with a difficulty they turn the
outcome into an exceptional success or a dramatic failure. Without one (an
initiative roll, the defending side of an opposed roll) there is nothing for
doubles to intensify; they are still reported, and the caller decides.

An *opposed* roll is a check whose difficulty is the opponent's total, so it is
judged by the same rule: the acting side wins a tie, because its total reaches
the difficulty.

This module is pure: the dice come in through :class:`games.dice.Dice`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.dice import Dice

EXCEPTIONAL_SUCCESS = "exceptional success"
SUCCESS = "success"
FAILURE = "failure"
DRAMATIC_FAILURE = "dramatic failure"


@dataclass(frozen=True)
class Check:
    """One roll of two dice, what it kept, and how it fared against its difficulty."""

    purpose: str
    faces: tuple[int, int]
    stress: bool
    attribute_value: int
    bonus: int = 0
    difficulty: int | None = None

    @property
    def kept(self) -> int:
        """The die that counts: the lower one on a stress roll, the higher one otherwise."""
        return min(self.faces) if self.stress else max(self.faces)

    @property
    def total(self) -> int:
        return self.kept + self.attribute_value + self.bonus

    @property
    def doubles(self) -> bool:
        return self.faces[0] == self.faces[1]

    @property
    def success(self) -> bool | None:
        """Whether the total reaches the difficulty; ``None`` when there is none."""
        if self.difficulty is None:
            return None
        return self.total >= self.difficulty

    @property
    def result(self) -> str | None:
        """The outcome in the rules' words, doubles included; ``None`` without a difficulty."""
        if self.difficulty is None:
            return None
        if self.success:
            return EXCEPTIONAL_SUCCESS if self.doubles else SUCCESS
        return DRAMATIC_FAILURE if self.doubles else FAILURE

    def to_json(self) -> dict:
        return {
            "purpose": self.purpose,
            "dice": list(self.faces),
            "stress": self.stress,
            "kept": self.kept,
            "attribute_value": self.attribute_value,
            "bonus": self.bonus,
            "total": self.total,
            "difficulty": self.difficulty,
            "success": self.success,
            "doubles": self.doubles,
            "result": self.result,
        }

    @classmethod
    def from_json(cls, data: dict) -> Check:
        """Rebuild a check from :meth:`to_json`; the derived fields are recomputed."""
        return cls(
            purpose=data["purpose"],
            faces=(data["dice"][0], data["dice"][1]),
            stress=data["stress"],
            attribute_value=data["attribute_value"],
            bonus=data["bonus"],
            difficulty=data["difficulty"],
        )


@dataclass(frozen=True)
class Side:
    """What one side of an opposed roll brings: an attribute, a bonus, the roll's kind, and
    the seat that rolls its dice at a table (``by``; ``None``: the storyguide)."""

    attribute_value: int
    bonus: int = 0
    stress: bool = False
    by: str | None = None


@dataclass(frozen=True)
class Opposed:
    """An opposed roll: the acting side's check against the opposing side's total."""

    acting: Check
    opposing: Check

    @property
    def success(self) -> bool:
        """Whether the acting side won; it wins ties (its total reaches the difficulty)."""
        return bool(self.acting.success)

    def to_json(self) -> dict:
        return {
            "acting": self.acting.to_json(),
            "opposing": self.opposing.to_json(),
            "success": self.success,
        }


def roll_two(dice: Dice, *, die_size: int, purpose: str, by: str | None = None) -> tuple[int, int]:
    """Roll the two dice every check starts with, rolled at a table by the seat ``by``
    (``None``: the storyguide)."""
    return (
        dice.roll(die_size, purpose=purpose, by=by),
        dice.roll(die_size, purpose=purpose, by=by),
    )


def roll_check(
    dice: Dice,
    *,
    die_size: int,
    attribute_value: int,
    purpose: str,
    stress: bool = False,
    bonus: int = 0,
    difficulty: int | None = None,
    by: str | None = None,
) -> Check:
    """Test a character: two dice, keep one, add the attribute and bonus, compare.

    ``difficulty=None`` makes a roll that only produces a total (initiative, or
    the defending side of an opposed roll). ``by`` is the seat that rolls the dice.
    """
    return Check(
        purpose=purpose,
        faces=roll_two(dice, die_size=die_size, purpose=purpose, by=by),
        stress=stress,
        attribute_value=attribute_value,
        bonus=bonus,
        difficulty=difficulty,
    )


def roll_opposed(
    dice: Dice,
    *,
    die_size: int,
    acting: Side,
    opposing: Side,
    purpose: str,
    difficulty_raise: int = 0,
) -> Opposed:
    """Both sides roll; the acting side succeeds when its total reaches the opposing total.

    The acting side rolls first, each side's dice by its own seat. ``difficulty_raise``
    is added to the opposing total, for a defender who has something more to put
    against the roll (a skirmish's defensive roll).
    """
    acting_faces = roll_two(dice, die_size=die_size, purpose=purpose, by=acting.by)
    opposing_check = roll_check(
        dice,
        die_size=die_size,
        attribute_value=opposing.attribute_value,
        bonus=opposing.bonus,
        stress=opposing.stress,
        purpose=f"{purpose} (opposing)",
        by=opposing.by,
    )
    acting_check = Check(
        purpose=purpose,
        faces=acting_faces,
        stress=acting.stress,
        attribute_value=acting.attribute_value,
        bonus=acting.bonus,
        difficulty=opposing_check.total + difficulty_raise,
    )
    return Opposed(acting=acting_check, opposing=opposing_check)
