"""Actions and their rolls, Health, and the end of a skirmish (Ch.7 ¶3, ¶7).

Order: Harry (p1), Hermione (p3), Ron (p2), Draco (p4); Draco started it, so
an attack on him in round 1 is rolled at once (he cannot dodge).
"""

import pytest

from campaign.rules.checks import roll_check
from games.dice import ScriptedDice

from . import MANIFEST, SKIRMISH, STORYGUIDE, Table, begun, player, types


def test_ch7_p1_isolated_checks_need_no_rounds_or_initiative():
    """¶1: "Occasional, isolated checks are not so onerous; they do not require contemplation
    of rounds or the Initiative system": a check is rolled on its own, outside any skirmish."""
    check = roll_check(ScriptedDice([8, 13]), die_size=20, attribute_value=4, purpose="climb")
    assert check.total == 17


def test_ch7_p7_an_action_records_who_what_against_whom_and_its_roll():
    """¶7: "One turn's action is a single, substantial, voluntary act that usually requires a
    roll and frequently requires an opposed roll"."""
    table = begun()
    roll = {"kind": "check", "attribute": "Wits", "bonus": 2, "difficulty": 15}
    (event,) = table.act("p1", 9, 4, what="Wingardium Leviosa on the chandelier", roll=roll)
    assert event["participant"] == "p1"
    assert event["what"] == "Wingardium Leviosa on the chandelier"
    assert event["target"] is None
    assert event["roll"] | {"purpose": None} == {
        "purpose": None,
        "dice": [9, 4],
        "stress": False,
        "kept": 9,
        "attribute_value": 4,
        "bonus": 2,
        "total": 15,
        "difficulty": 15,
        "success": True,
        "doubles": False,
        "result": "success",
    }


def test_an_action_may_need_no_roll():
    table = begun()
    (event,) = table.act("p1", what="runs for the door")
    assert "roll" not in event
    assert MANIFEST.words.narrate(event)["en"] == "Harry: runs for the door."


def test_a_check_with_a_target_is_not_an_attack():
    table = begun()
    roll = {"kind": "check", "attribute": "Wits", "difficulty": 10}
    events = table.act("p1", 9, 4, what="Episkey", target="p2", roll=roll)
    assert types(events) == ["action"]


def test_a_stress_roll_keeps_the_lower_die_and_doubles_make_a_dramatic_failure():
    table = begun()
    roll = {"kind": "check", "attribute": "Wits", "difficulty": 10, "stress": True}
    (event,) = table.act("p1", 3, 3, what="Reparo, in a hurry", roll=roll)
    assert (event["roll"]["kept"], event["roll"]["result"]) == (3, "dramatic failure")


def test_a_defended_roll_is_against_the_base_plus_the_defenders_attributes():
    table = begun(defended_difficulty_base=10)
    roll = {"kind": "defended", "attribute": "Strength", "defence": ["Toughness"]}
    # Harry 12 + Strength 4 = 16 against 10 + Draco's Toughness 6 = 16.
    events = table.act("p1", 12, 5, what="shoves Draco", target="p4", roll=roll)
    assert types(events) == ["attack_declared", "action", "health_changed"]
    assert events[1]["roll"]["difficulty"] == 16
    assert events[1]["roll"]["success"] is True
    assert (events[1]["attribute"], events[1]["against"]) == ("Strength", ["Toughness"])


def test_an_opposed_roll_rolls_both_sides_and_the_acting_side_wins_ties():
    table = begun()
    roll = {
        "kind": "opposed",
        "attribute": "Humor",
        "opposing": {"attribute": "Humor", "bonus": 1, "stress": True},
    }
    # Harry 11 + Humor 3 = 14; Draco keeps the lower of 17 and 9: 9 + Humor 4 + 1 = 14.
    events = table.act("p1", 11, 2, 17, 9, what="mocks Draco's hair", target="p4", roll=roll)
    action = events[1]
    assert action["opposing"]["total"] == action["roll"]["total"] == 14
    assert action["roll"]["success"] is True
    assert "Draco opposed" in MANIFEST.words.narrate(action)["en"]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"target": "p9"}, "unknown_participant"),
        ({"target": "p1"}, "invalid_command"),
        ({"roll": {"kind": "hex"}}, "invalid_command"),
        ({"roll": {"kind": "check", "attribute": "Wits"}}, "invalid_command"),
        ({"roll": {"kind": "check", "attribute": "Charm", "difficulty": 9}}, "missing_attribute"),
        ({"roll": {"kind": "opposed", "attribute": "Wits"}, "target": "p4"}, "invalid_command"),
        ({"roll": {"kind": "opposed", "attribute": "Wits", "opposing": {}}}, "invalid_command"),
        (
            {"roll": {"kind": "defended", "attribute": "Wits", "defence": []}, "target": "p4"},
            "invalid_command",
        ),
        (
            {
                "roll": {"kind": "defended", "attribute": "Wits", "defence": ["Luck"]},
                "target": "p4",
            },
            "missing_attribute",
        ),
        (
            {"roll": {"kind": "check", "attribute": "Wits", "difficulty": 9, "bonus": "2"}},
            "invalid_command",
        ),
    ],
)
def test_a_malformed_action_is_refused_and_changes_nothing(action, code):
    table = begun()
    assert table.refuse({"action": "act", "participant": "p1", **action}).code == code


def test_the_storyguide_applies_health_changes():
    table = begun()
    (event,) = table.do(
        {"action": "change_health", "participant": "p2", "by": -1, "reason": "bludger"}
    )
    assert table.state["participants"]["p2"]["health"] == 4
    assert MANIFEST.words.narrate(event)["en"] == "Ron: Health −1, now 4 (bludger)."
    refusal = table.refuse(
        {"action": "change_health", "participant": "p2", "by": 1}, actor=player("p2")
    )
    assert refusal.code == "storyguide_only"


def test_health_changes_need_a_number_and_tracked_health():
    table = begun()
    bad = {"action": "change_health", "participant": "p2", "by": "a lot"}
    assert table.refuse(bad).code == "invalid_command"
    table.do({"action": "add_participant", "participant": {"key": "p5", "name": "Peeves"}})
    untracked = {"action": "change_health", "participant": "p5", "by": -1}
    assert table.refuse(untracked).code == "health_not_tracked"


def test_ch7_p3_the_storyguide_determines_when_a_skirmish_has_ended():
    """¶3: "The Storyguide will determine when a Skirmish has ended and normal roleplay
    resumes"."""
    table = begun()
    refusal = table.refuse({"action": "end_skirmish"}, actor=player("p1"))
    assert (refusal.code, refusal.rule) == ("storyguide_only", "Ch.7 ¶3")
    assert not SKIRMISH.is_over(table.state)
    assert SKIRMISH.result(table.state) is None

    table.do({"action": "change_health", "participant": "p4", "by": -2})
    (event,) = table.do({"action": "end_skirmish", "summary": "Snape arrives."})
    assert SKIRMISH.is_over(table.state)
    assert SKIRMISH.result(table.state) == {
        "ended_by": "storyguide",
        "standing": ["p1", "p2", "p3", "p4"],
        "rounds": 1,
        "seconds": 6,
        "health": {"p1": 5, "p2": 5, "p3": 5, "p4": 3},
        "names": {"p1": "Harry", "p2": "Ron", "p3": "Hermione", "p4": "Draco"},
    }
    assert MANIFEST.words.narrate(event)["en"] == "The storyguide ends the skirmish. Snape arrives."


def test_ch7_p3_nothing_happens_after_the_end():
    table = begun()
    table.do({"action": "end_skirmish"})
    refusal = table.refuse({"action": "act", "participant": "p1"})
    assert (refusal.code, refusal.rule) == ("skirmish_over", "Ch.7 ¶3")
    assert SKIRMISH.allowed_commands(table.state, STORYGUIDE) == []


def test_ending_drops_an_attack_that_was_never_rolled():
    table = begun()
    roll = {"kind": "opposed", "attribute": "Wits", "opposing": {"attribute": "Wits"}}
    table.act("p1", what="Stupefy", target="p2", roll=roll)
    (event,) = table.do({"action": "end_skirmish"})
    assert event["unrolled_attack"]["what"] == "Stupefy"
    assert table.state["attack"] is None


def test_ch7_p2_a_round_is_about_six_seconds_long():
    """¶2: "A round is about six seconds long. Ten rounds roughly equates to a minute of game
    time"."""
    table = begun()
    for _ in range(3 + 4 * 8):  # round 1 has no turn for the initiator
        table.take_turn()
    assert table.state["round"] == 10
    table.do({"action": "end_skirmish"})
    assert SKIRMISH.result(table.state)["seconds"] == 60


def test_a_skirmish_may_be_called_off_before_initiative():
    table = Table()
    table.do({"action": "end_skirmish", "summary": "McGonagall walks by."})
    assert SKIRMISH.result(table.state)["rounds"] == 0
