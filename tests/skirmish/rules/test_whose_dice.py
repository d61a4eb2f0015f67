"""Whose dice: at a table that rolls its own dice, every participant rolls its own, each one a
seat: its initiative ("each participant makes a roll", Ch.7 ¶5) and roll-off ("Characters who
tie on Initiative must roll off", ¶6), its action's roll (¶7), and, for an opposed roll, the
target its own side of it.

Each case asks what the service would ask a table for: the dice, in order, as (purpose, how
many, whose seat).
"""

import pytest

from games.dice import DiceAwaited, EnteredDice
from games.foresight import command_dice

from . import NOW, SKIRMISH, STORYGUIDE, Table, begun

ROLL_INITIATIVE = {"action": "roll_initiative", "initiator": "p4", "category": "physical"}


def asked(table: Table, command: dict) -> list[tuple]:
    needs = command_dice(SKIRMISH, table.state, command, STORYGUIDE, now=NOW)
    return [(need.purpose, need.count, need.by) for need in needs]


def act(key: str, **action) -> dict:
    return {"action": "act", "participant": key, **action}


def test_ch7_p5_each_participant_rolls_its_own_initiative():
    assert asked(Table(), ROLL_INITIATIVE) == [
        ("initiative: Harry", 2, "p1"),
        ("initiative: Ron", 2, "p2"),
        ("initiative: Hermione", 2, "p3"),
        ("initiative: Draco", 2, "p4"),
    ]


def test_ch7_p6_each_tied_participant_rolls_its_own_roll_off():
    """Everyone keeps a 10: Hermione and Draco tie on 10 + Dexterity 4, Hermione first."""
    table = Table()
    with pytest.raises(DiceAwaited) as waiting:
        SKIRMISH.apply(
            table.state, ROLL_INITIATIVE, actor=STORYGUIDE, dice=EnteredDice([10, 1] * 4), now=NOW
        )
    need = waiting.value.need
    assert (need.purpose, need.by) == ("initiative roll-off: Hermione", "p3")


def test_ch7_p7_a_check_is_the_acting_participants():
    roll = {"kind": "check", "attribute": "Wits", "difficulty": 15}
    command = act("p1", what="Wingardium Leviosa", roll=roll)
    assert asked(begun(), command) == [("Harry: Wingardium Leviosa", 2, "p1")]


def test_ch7_p7_a_defended_roll_is_the_attackers_alone():
    roll = {"kind": "defended", "attribute": "Strength", "defence": ["Toughness"]}
    command = act("p1", what="shoves Draco", target="p4", roll=roll)
    assert asked(begun(), command) == [("Harry: shoves Draco", 2, "p1")]


def test_ch7_p7_an_opposed_roll_is_the_attackers_then_the_targets():
    """ "frequently requires an opposed roll": the acting side rolls first, then the target."""
    roll = {"kind": "opposed", "attribute": "Humor", "opposing": {"attribute": "Humor"}}
    command = act("p1", what="mocks Draco's hair", target="p4", roll=roll)
    assert asked(begun(), command) == [
        ("Harry: mocks Draco's hair", 2, "p1"),
        ("Harry: mocks Draco's hair (opposing)", 2, "p4"),
    ]
