"""§3.1 to §3.3: the dice, experience points, success and combat rolls."""

from __future__ import annotations

import pytest

from games.dice import ScriptedDice
from quidditch.chat.rules.rolls import combat, counted, roll, succeeds


def test_3_1_every_roll_is_two_six_sided_dice_in_order():
    dice = ScriptedDice([6, 2])
    assert roll(dice, "pass") == [6, 2]
    assert [(r.sides, r.purpose) for r in dice.rolls] == [(6, "pass"), (6, "pass")]


def test_3_2_xp_is_added_to_each_number_the_example():
    """ "4, 5 Summe 9" with two XP: sum 11, first number 6, second number 7."""
    assert counted([4, 5], 2) == (11, 6, 7)


@pytest.mark.parametrize(
    ("faces", "xp", "needed", "success"),
    [
        ([3, 6], 0, 3, True),
        ([2, 6], 0, 3, False),  # only the first number counts
        ([3, 1], 0, 4, False),
        ([3, 1], 1, 4, True),  # the example of §3.3: a 3 with one XP reaches EW 4+
        ([4, 1], 2, 6, True),
        ([5, 6], 0, 6, False),
    ],
)
def test_3_3_success_roll_first_number_plus_xp(faces, xp, needed, success):
    assert succeeds(faces, xp, needed) is success


@pytest.mark.parametrize(
    ("first", "second", "first_wins"),
    [
        ([6, 1], [3, 3], True),  # higher sum
        ([2, 2], [1, 4], False),  # lower sum
        ([4, 2], [3, 3], True),  # equal sums: higher first number
        ([3, 3], [4, 2], False),
    ],
)
def test_3_3_combat_roll_sum_then_first_number(first, second, first_wins):
    won, exchanges = combat(ScriptedDice([]), "attack", 0, 0, first, second)
    assert won is first_wins
    assert exchanges == [[first, second]]


def test_3_3_combat_roll_equal_first_numbers_compare_the_second():
    """Equal sums and equal first numbers cannot differ in the second without XP,
    but with different XP the second number decides."""
    # sums 7+1=8 and 6+2=8, first numbers 5+1=6 and 4+2=6, second 2+1=3 and 2+2=4
    won, _ = combat(ScriptedDice([]), "attack", 1, 2, [5, 2], [4, 2])
    assert won is False


def test_3_3_combat_roll_full_tie_both_roll_again_in_the_original_order():
    dice = ScriptedDice([5, 2, 1, 1])
    won, exchanges = combat(dice, "attack", 0, 0, [3, 3], [3, 3])
    assert exchanges == [[[3, 3], [3, 3]], [[5, 2], [1, 1]]]
    assert won is True
    assert [r.purpose for r in dice.rolls] == ["attack (tie)"] * 4


def test_3_3_combat_roll_ties_repeat_until_decided():
    dice = ScriptedDice([2, 2, 2, 2, 1, 1, 6, 6])
    won, exchanges = combat(dice, "save", 0, 0)
    assert len(exchanges) == 2
    assert won is False


def test_3_3_combat_roll_xp_added_to_each_compared_number():
    """9 with 2 XP (11) beats 10 without XP."""
    won, _ = combat(ScriptedDice([]), "block", 2, 0, [4, 5], [5, 5])
    assert won is True


def test_3_3_combat_roll_first_party_rolls_first():
    dice = ScriptedDice([1, 2, 6, 6])
    won, exchanges = combat(dice, "attack", 0, 0)
    assert exchanges == [[[1, 2], [6, 6]]]
    assert won is False
