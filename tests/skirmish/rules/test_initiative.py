"""The start of a skirmish and its initiative: Ch.7 ¶4, ¶5 and ¶6."""

from . import (
    Table,
    begun,
    config,
    initiative_faces,
    player,
    student,
    types,
)

ROLL_INITIATIVE = {"action": "roll_initiative", "initiator": "p4", "category": "physical"}


# --- Ch.7 ¶4 ----------------------------------------------------------------------------------


def test_ch7_p4_a_skirmish_begins_with_an_initiating_action_rolled_before_initiative():
    """¶4: "A Skirmish begins with an initiating action; one character starts a ruckus"."""
    table = Table()
    sucker_punch = {
        "what": "sucker punches Ron",
        "target": "p2",
        "roll": {"kind": "check", "attribute": "Strength", "difficulty": 12},
    }
    events = table.do(
        {**ROLL_INITIATIVE, "initiating_action": sucker_punch},
        *[10, 2],  # Draco's punch: 10 + Strength 3 = 13 against 12
        *initiative_faces(["p1", "p3", "p2", "p4"]),
    )
    assert types(events)[:3] == ["skirmish_initiated", "action", "initiative_rolled"]
    punch = events[1]
    assert (punch["participant"], punch["target"], punch["what"]) == (
        "p4",
        "p2",
        sucker_punch["what"],
    )
    assert punch["roll"]["dice"] == [10, 2]
    assert punch["roll"]["result"] == "success"
    assert table.state["initiator"] == "p4"
    assert table.state["category"] == "physical"


def test_ch7_p4_the_storyguide_determines_whose_action_is_the_initiating_action():
    """¶4: "If two people attempt to initiate a skirmish at roughly the same time, the
    Storyguide will determine whose action is the initiating action"."""
    table = Table()
    refusal = table.refuse({**ROLL_INITIATIVE, "initiator": "p2"}, actor=player("p2"))
    assert (refusal.code, refusal.rule) == ("storyguide_only", "Ch.7 ¶4")

    table.do({**ROLL_INITIATIVE, "initiator": "p2"}, *initiative_faces(["p1", "p2", "p3", "p4"]))
    assert table.state["initiator"] == "p2"


def test_ch7_p4_a_skirmish_compels_multiple_characters_to_react():
    """¶4: "compelling multiple characters to react to it and to one another"."""
    table = Table(config(participants=[student("p4", "Draco", Dexterity=4)]))
    refusal = table.refuse(ROLL_INITIATIVE)
    assert (refusal.code, refusal.rule) == ("too_few_participants", "Ch.7 ¶4")


def test_ch7_p4_the_initiator_and_category_must_exist():
    table = Table()
    assert table.refuse({**ROLL_INITIATIVE, "initiator": "p9"}).code == "unknown_participant"
    refusal = table.refuse({**ROLL_INITIATIVE, "category": "culinary"})
    assert (refusal.code, refusal.rule) == ("unknown_category", "Ch.7 ¶5")


# --- Ch.7 ¶5 ----------------------------------------------------------------------------------


def test_ch7_p5_everyone_adds_the_finesse_attribute_of_the_initiating_actions_category():
    """¶5: "a stinging insult is a Social attack, so the Skirmish participants roll Humor for
    Initiative even if they intend to react with fists or wands"."""
    table = Table()
    # Harry and Hermione tie on 13 and roll off: 5 and 8.
    table.do({**ROLL_INITIATIVE, "category": "social"}, 10, 1, 10, 1, 10, 1, 10, 1, 5, 8)
    humor = {"p1": 3, "p2": 5, "p3": 3, "p4": 4}
    totals = {key: record["total"] for key, record in table.state["initiative"].items()}
    assert totals == {key: 10 + value for key, value in humor.items()}
    assert table.order == ["p2", "p4", "p3", "p1"]


def test_ch7_p5_the_initiator_rolls_too():
    """¶6: "The character that initiated the Skirmish rolls too"."""
    table = begun(initiator="p4")
    assert "p4" in table.state["initiative"]
    assert "p4" in table.order


def test_ch7_p5_the_storyguide_may_call_a_stress_roll_for_any_number_of_participants():
    """¶5: "the Storyguide may call the Initiative roll a Stress Roll for any number of
    participants, though usually not for the initiating character"."""
    table = Table()
    events = table.do({**ROLL_INITIATIVE, "stress": ["p2", "p4"]}, 15, 3, 15, 3, 15, 3, 15, 3)
    rolled = {e["participant"]: e for e in events if e["type"] == "initiative_rolled"}
    assert {key: e["kept"] for key, e in rolled.items()} == {"p1": 15, "p2": 3, "p3": 15, "p4": 3}
    assert [key for key, e in rolled.items() if e["stress"]] == ["p2", "p4"]


def test_ch7_p5_everyone_needs_the_finesse_attribute():
    participants = [student("p1", "Harry", Dexterity=5), student("p9", "Peeves", Humor=6)]
    refusal = Table(config(participants=participants)).refuse(
        {**ROLL_INITIATIVE, "initiator": "p1"}
    )
    assert (refusal.code, refusal.rule) == ("missing_attribute", "Ch.7 ¶5")


def test_initiative_is_rolled_once():
    table = begun()
    refusal = table.refuse(ROLL_INITIATIVE)
    assert (refusal.code, refusal.rule) == ("initiative_rolled", "Ch.7 ¶5")


# --- Ch.7 ¶6 ----------------------------------------------------------------------------------


def test_ch7_p6_the_roll_results_dictate_the_order_from_highest_to_lowest():
    """¶6: "The roll results dictate the order in which the characters will act in each round,
    from highest to lowest"."""
    # Dexterity 5, 3, 4, 4 in config order.
    table = Table()
    table.do(ROLL_INITIATIVE, 7, 2, 16, 1, 11, 4, 3, 9)
    assert table.order == ["p2", "p3", "p4", "p1"]  # 19, 15, 13, 12


def test_ch7_p6_doubles_have_no_effect_on_initiative():
    """¶6: "Since there is no difficulty number for Initiative, rolling Doubles has no effect"."""
    table = Table()
    # Harry's double 2 would be a dramatic failure, Draco's double 20 an exceptional success.
    events = table.do(ROLL_INITIATIVE, 2, 2, 9, 1, 7, 3, 20, 20)
    assert table.order == ["p4", "p2", "p3", "p1"]  # 24, 12, 11, 7: the totals alone
    rolled = [e for e in events if e["type"] == "initiative_rolled"]
    assert all("success" not in e and "result" not in e for e in rolled)
    assert table.state["initiative"]["p1"] == {"total": 7, "roll_offs": []}


def test_ch7_p6_characters_who_tie_roll_off():
    """¶6: "Characters who tie on Initiative must roll off to determine who goes before the
    other"."""
    table = Table()
    # Harry 10+5 = 15, Ron 12+3 = 15, Hermione 5+4 = 9, Draco 7+4 = 11; roll-off Harry 4, Ron 17.
    events = table.do(ROLL_INITIATIVE, 10, 1, 12, 1, 5, 1, 7, 1, 4, 17)
    assert table.order == ["p2", "p1", "p4", "p3"]
    roll_offs = [e for e in events if e["type"] == "initiative_roll_off"]
    assert [(e["participants"], e["faces"]) for e in roll_offs] == [
        (["p1", "p2"], {"p1": 4, "p2": 17})
    ]
    assert table.state["initiative"]["p2"] == {"total": 15, "roll_offs": [17]}


def test_ch7_p6_roll_offs_repeat_until_the_tie_is_broken_and_every_one_is_logged():
    """¶6: ties are broken only by roll-offs, as often as it takes, among the tied alone."""
    table = Table()
    # Harry, Hermione and Draco all total 14; Ron 8. First roll-off: 6, 6, 2 (Harry and
    # Hermione still tied), second: 9, 9, third: 3, 11.
    events = table.do(ROLL_INITIATIVE, 9, 1, 5, 1, 10, 1, 10, 1, 6, 6, 2, 9, 9, 3, 11)
    assert table.order == ["p3", "p1", "p4", "p2"]
    roll_offs = [
        (e["participants"], e["faces"]) for e in events if e["type"] == "initiative_roll_off"
    ]
    assert roll_offs == [
        (["p1", "p3", "p4"], {"p1": 6, "p3": 6, "p4": 2}),
        (["p1", "p3"], {"p1": 9, "p3": 9}),
        (["p1", "p3"], {"p1": 3, "p3": 11}),
    ]
    assert table.state["initiative"]["p3"]["roll_offs"] == [6, 9, 11]
    assert table.state["initiative"]["p4"]["roll_offs"] == [2]
    assert table.state["initiative"]["p2"]["roll_offs"] == []


def test_ch7_p6_separate_ties_roll_off_separately_from_the_highest_down():
    table = Table()
    # Harry 15 and Ron 15; Hermione 9 and Draco 9. Roll-offs: top pair first.
    events = table.do(ROLL_INITIATIVE, 10, 1, 12, 1, 5, 1, 5, 1, 1, 2, 8, 7)
    assert table.order == ["p2", "p1", "p3", "p4"]
    groups = [e["participants"] for e in events if e["type"] == "initiative_roll_off"]
    assert groups == [["p1", "p2"], ["p3", "p4"]]


def test_ch7_p6_the_initiator_does_not_get_an_action_in_the_first_round():
    """¶6: "The character that initiated the Skirmish rolls too, but he or she does not get an
    action in the first round"."""
    table = begun(order=("p4", "p1", "p3", "p2"), initiator="p4")
    assert table.order[0] == "p4"
    assert table.turn == "p1"
    assert "p4" not in table.state["yet_to_act"]
    refusal = table.refuse({"action": "act", "participant": "p4"}, actor=player("p4"))
    assert (refusal.code, refusal.rule) == ("initiator_waits", "Ch.7 ¶6")

    for _ in range(3):
        table.take_turn()
    assert (table.state["round"], table.turn) == (2, "p4")  # first in round 2, at its place


def test_ch7_p6_the_round_begins_with_the_highest_who_has_a_turn():
    table = begun(order=("p1", "p3", "p2", "p4"), initiator="p4")
    assert (table.state["round"], table.turn) == (1, "p1")
    assert table.state["yet_to_act"] == ["p1", "p3", "p2"]


def test_only_the_storyguide_adds_participants():
    table = Table()
    refusal = table.refuse(
        {"action": "add_participant", "participant": student("p5", "Neville", Dexterity=2)},
        actor=player("p1"),
    )
    assert refusal.code == "storyguide_only"
    table.do({"action": "add_participant", "participant": student("p5", "Neville", Dexterity=2)})
    assert "p5" in table.state["participants"]
    table.do(ROLL_INITIATIVE, 11, 1, 12, 1, 10, 1, 9, 1, 2, 1)
    assert table.order == ["p1", "p2", "p3", "p4", "p5"]
