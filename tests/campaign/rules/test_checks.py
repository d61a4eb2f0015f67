"""Checks of the RPG (RULES-NOTES, "The RPG behind the skirmish text"), on scripted dice."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign.rules.checks import Check, Side, roll_check, roll_opposed
from games.dice import DiceError, Need, ScriptedDice, TrialDice


def check(faces, **kwargs):
    kwargs.setdefault("die_size", 20)
    kwargs.setdefault("attribute_value", 4)
    kwargs.setdefault("purpose", "test")
    return roll_check(ScriptedDice(faces), **kwargs)


def test_a_standard_roll_keeps_the_higher_die():
    """ "A standard roll keeps the higher die" (RULES-NOTES, The RPG; docs/rules/checks.md)."""
    result = check([7, 15], difficulty=10)
    assert result.kept == 15
    assert result.total == 19


def test_a_stress_roll_keeps_the_lower_die():
    """ "a stress roll keeps the lower" (RULES-NOTES, The RPG; docs/rules/checks.md)."""
    result = check([7, 15], stress=True, difficulty=10)
    assert result.kept == 7
    assert result.total == 11


def test_the_total_adds_the_attribute_and_the_bonus():
    """ "bonuses (an attribute, sometimes a class's curriculum points) are added" (RULES-NOTES)."""
    assert check([3, 9], attribute_value=5, bonus=2).total == 16


@pytest.mark.parametrize(
    ("faces", "difficulty", "success", "result"),
    [
        ([6, 8], 12, True, "success"),  # 8 + 4 reaches 12 exactly: success when total >= difficulty
        ([6, 7], 12, False, "failure"),
        ([9, 9], 12, True, "exceptional success"),
        ([2, 2], 12, False, "dramatic failure"),
    ],
)
def test_success_when_the_total_reaches_the_difficulty_and_doubles_intensify_it(
    faces, difficulty, success, result
):
    """ "success means total >= difficulty. Both dice equal (\"doubles\") is an exceptional success
    or a dramatic failure" (RULES-NOTES)."""
    outcome = check(faces, difficulty=difficulty)
    assert outcome.success is success
    assert outcome.result == result
    assert outcome.doubles is (faces[0] == faces[1])


def test_without_a_difficulty_a_roll_has_a_total_but_no_success():
    """ "initiative ignores doubles" (RULES-NOTES): with no difficulty doubles decide nothing
    (docs/rules/checks.md)."""
    outcome = check([5, 5])
    assert outcome.success is None
    assert outcome.result is None
    assert outcome.doubles is True


def test_the_die_size_is_a_setting():
    """ "Make the die size a ruleset setting" (RULES-NOTES)."""
    assert check([6, 2], die_size=6).kept == 6
    with pytest.raises(DiceError):
        check([7, 2], die_size=6)


def test_every_die_is_rolled_with_its_purpose():
    """ARCHITECTURE, Dice: "Every roll is stored with its purpose"."""
    dice = ScriptedDice([4, 11])
    roll_check(dice, die_size=20, attribute_value=3, purpose="Harry: climb the tower")
    assert [(r.sides, r.face, r.purpose) for r in dice.rolls] == [
        (20, 4, "Harry: climb the tower"),
        (20, 11, "Harry: climb the tower"),
    ]


def test_to_json_says_the_dice_the_kept_die_the_total_success_and_doubles():
    assert check([7, 15], bonus=1, difficulty=18).to_json() == {
        "purpose": "test",
        "dice": [7, 15],
        "stress": False,
        "kept": 15,
        "attribute_value": 4,
        "bonus": 1,
        "total": 20,
        "difficulty": 18,
        "success": True,
        "doubles": False,
        "result": "success",
    }


HARRY, DRACO = Side(attribute_value=4), Side(attribute_value=3)


def duel(faces, acting=HARRY, opposing=DRACO, **kwargs):
    return roll_opposed(
        ScriptedDice(faces), die_size=20, acting=acting, opposing=opposing, purpose="duel", **kwargs
    )


def test_the_acting_side_rolls_first_and_wins_with_the_higher_total():
    """An opposed roll is a check whose difficulty is the opponent's total (docs/rules/checks.md,
    Opposed rolls)."""
    outcome = duel([12, 5, 14, 2])  # acting 12 + 4 = 16; opposing 14 + 3 = 17
    assert outcome.acting.faces == (12, 5)
    assert outcome.opposing.faces == (14, 2)
    assert outcome.acting.difficulty == 17
    assert outcome.success is False


def test_the_acting_side_wins_a_tie_of_an_opposed_roll():
    """ "success means total >= difficulty" (RULES-NOTES): the acting side reaches a tie, so it
    wins it."""
    outcome = duel([13, 5, 14, 2])
    assert outcome.acting.total == outcome.opposing.total == 17
    assert outcome.success is True


def test_an_opposed_difficulty_can_be_raised_and_each_side_has_its_own_kind_of_roll():
    outcome = duel(
        [13, 5, 14, 2],
        acting=Side(attribute_value=4, bonus=1, stress=True),
        opposing=Side(attribute_value=3, bonus=2),
        difficulty_raise=5,
    )
    assert outcome.acting.total == 5 + 4 + 1
    assert outcome.acting.difficulty == 14 + 3 + 2 + 5
    assert outcome.opposing.purpose == "duel (opposing)"
    assert outcome.to_json()["opposing"]["total"] == 19


@given(
    faces=st.tuples(st.integers(1, 20), st.integers(1, 20)),
    stress=st.booleans(),
    attribute_value=st.integers(0, 10),
    bonus=st.integers(-5, 5),
    difficulty=st.one_of(st.none(), st.integers(0, 40)),
)
def test_a_check_round_trips_through_json(faces, stress, attribute_value, bonus, difficulty):
    original = Check("p", faces, stress, attribute_value, bonus, difficulty)
    data = json.loads(json.dumps(original.to_json()))
    assert Check.from_json(data) == original
    assert original.kept in faces
    assert original.kept == (min(faces) if stress else max(faces))


def test_a_checks_two_dice_are_rolled_by_the_seat_it_names():
    """At a table that rolls its own dice, both dice of a check are asked of its roller."""
    dice = TrialDice()
    roll_check(dice, die_size=20, attribute_value=4, purpose="climb", by="p1")
    assert dice.asked == [Need("climb", 20, 1, "p1"), Need("climb", 20, 1, "p1")]


def test_each_side_of_an_opposed_roll_rolls_its_own_dice_the_acting_side_first():
    dice = TrialDice()
    roll_opposed(
        dice,
        die_size=20,
        acting=Side(attribute_value=4, by="p1"),
        opposing=Side(attribute_value=3, by="p4"),
        purpose="duel",
    )
    assert [(need.purpose, need.by) for need in dice.asked] == [
        ("duel", "p1"),
        ("duel", "p1"),
        ("duel (opposing)", "p4"),
        ("duel (opposing)", "p4"),
    ]
