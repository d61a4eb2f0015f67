"""Dice arithmetic: the success roll and the combat roll (§3.1 to §3.3).

Every roll is "/dice 2w6": two six-sided dice read in order. Experience points
are added to *each* number looked at, not to the dice: with two XP the roll
4, 5 counts as first number 6, second number 7 and sum 11 (§3.2).
"""

from __future__ import annotations

from games.dice import Dice

Faces = list[int]


def roll(dice: Dice, purpose: str, *, by: str | None = None) -> Faces:
    """One "/dice 2w6" (§3.1): the two dice in order, as ``Dice.roll_many(2, 6)`` rolls them.

    ``by`` is the nick who types it; the referee's own rolls (where the balls are) name
    nobody.
    """
    return [dice.roll(6, purpose, by=by), dice.roll(6, purpose, by=by)]


def counted(faces: Faces, xp: int) -> tuple[int, int, int]:
    """Sum, first and second number of a roll, each with the XP added (§3.2)."""
    first, second = faces
    return first + second + xp, first + xp, second + xp


def succeeds(faces: Faces, xp: int, needed: int) -> bool:
    """A success roll "EW n+": the first number plus XP reaches ``needed`` (§3.3)."""
    return faces[0] + xp >= needed


def combat(
    dice: Dice,
    purpose: str,
    first_xp: int,
    second_xp: int,
    first_faces: Faces | None = None,
    second_faces: Faces | None = None,
    *,
    by: tuple[str | None, str | None] = (None, None),
) -> tuple[bool, list[list[Faces]]]:
    """A combat roll between the party who rolled first and the one who answers (§3.3).

    The higher sum wins; on equal sums the higher first number, then the higher
    second number; if all three are equal both roll again in the original order.
    A party whose dice already lie on the table (the bludger thrower whom a
    beater blocks, the shooter whom the keeper answers) passes them in. ``by`` names the
    two parties, first and second, each of whom rolls his own dice.

    Returns whether the first party won, and every exchange of rolls in order.
    """
    first_by, second_by = by
    if first_faces is None:
        first_faces = roll(dice, purpose, by=first_by)
    if second_faces is None:
        second_faces = roll(dice, purpose, by=second_by)
    exchanges = [[first_faces, second_faces]]
    while True:
        first, second = counted(first_faces, first_xp), counted(second_faces, second_xp)
        if first != second:
            return first > second, exchanges
        first_faces = roll(dice, f"{purpose} (tie)", by=first_by)
        second_faces = roll(dice, f"{purpose} (tie)", by=second_by)
        exchanges.append([first_faces, second_faces])
