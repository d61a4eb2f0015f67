"""Which dice a command will roll, told before a die falls (``games.foresight``), and the
entered dice that wait for the table (``games.dice.EnteredDice``).

The rules in these tests are made up, each the shape of a knock-on the issue names
(issue 30: "a loose quaffle's drift, a bludger's flight, a pass's catch roll that an
interception skips"): what every face leads to is foretold, what only some faces lead to
is not, and is asked for when it comes.
"""

import pytest

from games.dice import DiceAwaited, DiceError, EnteredDice, Need
from games.foresight import dice_ahead


def pass_then_catch(dice):
    """A pass (d6), then always a catch (d6) by the receiver."""
    dice.roll(6, "pass", by="GJäger1")
    dice.roll(6, "catch", by="GJäger2")


def interception_skips_the_catch(dice):
    """A pass, an interception roll; on a 5 or 6 the pass is intercepted and nobody catches."""
    dice.roll(6, "pass")
    if dice.roll(6, "interception") < 5:
        dice.roll(6, "catch")


def loose_quaffle_drifts(dice):
    """A catch; only a dropped quaffle (1 or 2) drifts, a d8 for the direction."""
    if dice.roll(6, "catch") <= 2:
        dice.roll(8, "drift")


def roll_off(dice):
    """Each side rolls a d6; a tie is rolled again."""
    while dice.roll(6, "roll-off", by="red") == dice.roll(6, "roll-off", by="blue"):
        pass


def a_shot(dice):
    dice.roll_many(2, 6, "shot")
    dice.roll(6, "shot")


def test_dice_every_face_leads_to_are_foretold_each_for_its_seat():
    assert dice_ahead(pass_then_catch) == [
        Need("pass", 6, 1, "GJäger1"),
        Need("catch", 6, 1, "GJäger2"),
    ]


def test_a_roll_that_an_earlier_face_may_skip_is_not_foretold():
    assert dice_ahead(interception_skips_the_catch) == [
        Need("pass", 6),
        Need("interception", 6),
    ]


def test_once_the_deciding_face_is_entered_the_knock_on_is_certain():
    assert dice_ahead(loose_quaffle_drifts) == [Need("catch", 6)]
    assert dice_ahead(loose_quaffle_drifts, [1]) == [Need("drift", 8)], "dropped: it drifts"
    assert dice_ahead(loose_quaffle_drifts, [6]) == [], "caught: nothing more"


def test_a_roll_off_repeated_on_a_tie_is_foretold_once():
    assert dice_ahead(roll_off) == [Need("roll-off", 6, 1, "red"), Need("roll-off", 6, 1, "blue")]


def test_dice_of_one_kind_in_a_row_are_counted_together():
    assert dice_ahead(a_shot) == [Need("shot", 6, 3)]


def test_a_shuffle_is_foretold_as_one_new_order_of_its_items():
    assert dice_ahead(lambda dice: dice.shuffle(["a", "b", "c"], "deck")) == [
        Need("deck", 3, 1, None, ("a", "b", "c"))
    ]


def test_a_command_that_rolls_nothing_is_foretold_no_dice():
    assert dice_ahead(lambda dice: None) == []


def test_entered_dice_that_run_out_wait_saying_how_many_of_a_roll_are_still_to_come():
    dice = EnteredDice([5])
    with pytest.raises(DiceAwaited) as awaited:
        dice.roll_many(3, 6, "shot", by="SJäger1")
    assert awaited.value.need == Need("shot", 6, 2, "SJäger1")


def test_a_shuffle_awaited_shows_the_items_in_their_order_before_it():
    with pytest.raises(DiceAwaited) as awaited:
        EnteredDice([]).shuffle(["c1", "c2", "c3"], "deck")
    assert awaited.value.need.order == ("c1", "c2", "c3") and awaited.value.need.shuffle


def test_a_single_card_is_shuffled_without_waiting():
    assert EnteredDice([]).shuffle(["c1"], "deck") == ["c1"]


def test_a_shuffle_is_entered_by_naming_the_cards_in_their_new_order():
    """Naming the cards gives the same order, and the same logged rolls, as their places."""
    named, placed = EnteredDice([["c3", "c1", "c2"]]), EnteredDice([[3, 1, 2]])
    assert named.shuffle(["c1", "c2", "c3"], "deck") == ["c3", "c1", "c2"]
    assert placed.shuffle(["c1", "c2", "c3"], "deck") == ["c3", "c1", "c2"]
    assert [roll.face for roll in named.rolls] == [roll.face for roll in placed.rolls] == [2, 1]


@pytest.mark.parametrize("order", [["c3", "c1"], ["c3", "c1", "c1"], ["c3", "c1", "c9"], []])
def test_a_shuffle_named_otherwise_than_each_card_once_is_refused(order):
    with pytest.raises(DiceError):
        EnteredDice([order]).shuffle(["c1", "c2", "c3"], "deck")
