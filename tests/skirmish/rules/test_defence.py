"""Defensive rolls: dodging (Ch.7 ¶8) and intervening (Ch.7 ¶10).

Order: Harry (p1), Hermione (p3), Ron (p2), Draco (p4); Draco started the
skirmish. Quickness is the storyguide's standing defence attribute:
Harry 4, Ron 3, Hermione 2, Draco 1.
"""

from . import SKIRMISH, begun, player, the_action, types

HEX = {"kind": "opposed", "attribute": "Wits", "opposing": {"attribute": "Wits"}}


def attack(table, attacker, target, *faces, roll=HEX, what="Stupefy"):
    return table.act(attacker, *faces, what=what, target=target, roll=roll)


def dodge(table, key, *faces, **extra):
    return table.do({"action": "dodge", "participant": key, **extra}, *faces)


def intervene(table, key, *faces, **extra):
    return table.do({"action": "intervene", "participant": key, **extra}, *faces)


def test_ch7_p8_an_attack_waits_while_its_target_may_still_dodge():
    table = begun()
    events = attack(table, "p1", "p2")  # Ron has yet to act: no dice yet
    assert types(events) == ["attack_declared"]
    assert table.state["attack"]["target"] == "p2"
    assert SKIRMISH.allowed_commands(table.state, player("p2")) == [
        {"action": "dodge", "participant": "p2"},
        {"action": "resolve_attack"},
    ]


def test_ch7_p8_a_character_that_has_yet_to_act_can_dodge_and_it_converts_the_roll():
    """¶8: "A character that has yet to act in a round can choose to dodge or otherwise try to
    avoid an incoming attack. This converts an opponent's roll into a Defensive Roll"; ¶10:
    "Normally, a character that has yet to act in a round can choose to dodge or otherwise
    avoid an attack targeting herself, even if not delaying"."""
    table = begun()
    attack(table, "p1", "p2")
    # Harry 14 + Wits 4 = 18 against Ron's 15 + Wits 2 = 17, raised by Ron's Quickness 3: 20.
    events = dodge(table, "p2", 14, 3, 15, 1)
    assert types(events) == ["dodged", "action"]
    action = events[1]
    assert action["defenders"] == [
        {"participant": "p2", "kind": "dodge", "attribute": "Quickness", "value": 3}
    ]
    assert action["roll"]["total"] == 18
    assert action["opposing"]["total"] == 17
    assert action["roll"]["difficulty"] == 20
    assert action["roll"]["success"] is False  # without the dodge, 18 would beat 17
    assert table.state["attack"] is None


def test_ch7_p8_the_dodge_uses_up_the_turn_for_that_round():
    """¶8: "it uses up the character's turn for that round"."""
    table = begun()
    attack(table, "p1", "p2")
    dodge(table, "p2", 14, 3, 15, 1)
    table.end_turn("p1")
    assert table.turn == "p3"
    table.take_turn()  # Hermione; Ron dodged, Draco started it: round 2
    assert (table.state["round"], table.turn) == (2, "p1")


def test_ch7_p8_the_dodge_does_not_change_the_initiative_position():
    """¶8: "It does not change the character's Initiative position for future rounds"."""
    table = begun()
    attack(table, "p1", "p2")
    dodge(table, "p2", 14, 3, 15, 1)
    table.end_turn("p1")
    table.take_turn()
    turns = []
    for _ in range(4):
        turns.append(table.turn)
        table.take_turn()
    assert table.order == ["p1", "p3", "p2", "p4"]
    assert turns == ["p1", "p3", "p2", "p4"]


def test_ch7_p8_no_dodge_after_acting():
    """¶8: only "a character that has yet to act in a round" may dodge."""
    table = begun()
    table.take_turn()  # Harry acts
    table.delay("p3")  # Hermione waits, so the attack on Harry can wait for her
    attack(table, "p2", "p1")
    refusal = table.refuse({"action": "dodge", "participant": "p1"})
    assert (refusal.code, refusal.rule) == ("already_acted", "Ch.7 ¶8")


def test_ch7_p8_the_initiator_has_acted_in_the_first_round_and_cannot_dodge_in_it():
    table = begun(initiator="p4")
    events = attack(table, "p1", "p4", 14, 3, 15, 1)  # no one may defend Draco: rolled at once
    assert types(events) == ["attack_declared", "action"]
    assert events[1]["defenders"] == []


def test_ch7_p8_only_the_target_dodges():
    table = begun()
    attack(table, "p1", "p2")
    refusal = table.refuse({"action": "dodge", "participant": "p3"})
    assert (refusal.code, refusal.rule) == ("not_the_target", "Ch.7 ¶8")
    refusal = table.refuse({"action": "dodge", "participant": "p3"}, actor=player("p1"))
    assert refusal.code == "not_permitted"


def test_ch7_p8_there_is_nothing_to_dodge_without_an_attack():
    table = begun()
    refusal = table.refuse({"action": "dodge", "participant": "p2"})
    assert (refusal.code, refusal.rule) == ("no_attack", "Ch.7 ¶8")


def test_the_target_may_let_the_attack_be_rolled_without_dodging():
    table = begun()
    attack(table, "p1", "p2")
    refusal = table.refuse({"action": "resolve_attack"}, actor=player("p1"))
    assert refusal.code == "not_permitted"
    events = table.do({"action": "resolve_attack"}, 14, 3, 15, 1, actor=player("p2"))
    assert events[0]["defenders"] == []
    assert events[0]["roll"]["success"] is True  # 18 against 17
    assert "p2" in table.state["yet_to_act"]  # Ron keeps his turn


def test_ch7_p8_while_an_attack_waits_the_turn_cannot_end():
    table = begun()
    attack(table, "p1", "p2")
    refusal = table.refuse({"action": "end_turn", "participant": "p1"})
    assert (refusal.code, refusal.rule) == ("attack_pending", "Ch.7 ¶8")


def test_ch7_p10_a_delaying_character_may_dodge_and_keeps_her_place():
    """¶10: "Delaying characters cannot interrupt other actors, except to convert someone's
    Opposed Roll into a Defensive Roll"."""
    table = begun()
    table.delay("p1")
    attack(table, "p3", "p1")
    dodge(table, "p1", 10, 3, 9, 1)
    assert table.state["delaying"] == []
    assert "p1" not in table.state["yet_to_act"]
    assert table.order == ["p1", "p3", "p2", "p4"]


def test_ch7_p10_only_a_delaying_character_can_intervene():
    """¶10: "Only a delaying character can user her action to intervene on someone else's
    behalf, effectively dodging for that character"."""
    table = begun()
    attack(table, "p1", "p2")
    refusal = table.refuse({"action": "intervene", "participant": "p3"})
    assert (refusal.code, refusal.rule) == ("not_delaying", "Ch.7 ¶10")
    refusal = table.refuse({"action": "intervene", "participant": "p2"})
    assert (refusal.code, refusal.rule) == ("own_defence", "Ch.7 ¶10")


def test_ch7_p10_an_intervention_raises_the_difficulty_and_uses_the_action():
    table = begun()
    table.delay("p1")  # Harry waits; Hermione's turn
    attack(table, "p3", "p2")
    intervene(table, "p1")  # Harry's Quickness 4; Ron may still dodge, so the attack waits
    assert table.state["delaying"] == []
    assert "p1" not in table.state["yet_to_act"]
    # Hermione 10 + Wits 6 = 16 against Ron's 12 + Wits 2 = 14, + Ron 3 + Harry 4 = 21.
    events = dodge(table, "p2", 10, 3, 12, 1)
    action = events[-1]
    assert [(d["participant"], d["kind"], d["value"]) for d in action["defenders"]] == [
        ("p1", "intervention", 4),
        ("p2", "dodge", 3),
    ]
    assert action["roll"]["difficulty"] == 21
    assert action["roll"]["success"] is False
    table.end_turn("p3")
    assert table.state["round"] == 2  # Harry intervened, Ron dodged, Draco started it
    assert table.order == ["p1", "p3", "p2", "p4"]  # the intervener keeps her place


def test_ch7_p10_the_storyguide_may_limit_how_many_intervene_for_one_target():
    """¶10: "may provide limitations on the number of actors that can add this defensive
    advantage to a single recipient"."""
    table = begun(max_interveners=1)
    for _ in range(3):
        table.take_turn()  # round 2: Draco, who started it, has a turn again
    table.delay("p1")
    table.delay("p3")
    attack(table, "p2", "p4")  # Draco may still dodge, so the attack waits
    intervene(table, "p1")
    refusal = table.refuse({"action": "intervene", "participant": "p3"})
    assert (refusal.code, refusal.rule) == ("intervention_limit", "Ch.7 ¶10")


def test_an_attack_is_rolled_as_soon_as_no_one_may_defend_any_more():
    table = begun(max_interveners=1)
    table.delay("p1")
    table.delay("p3")
    attack(table, "p2", "p4")  # Draco started it: he has acted in round 1 and cannot dodge
    events = intervene(table, "p1", 10, 3, 9, 1)  # the limit is reached: Hermione may not help
    assert types(events) == ["intervened", "action"]
    assert table.state["attack"] is None


def test_ch7_p10_the_storyguide_determines_which_attribute_raises_the_difficulty():
    """¶10: "The Storyguide will determine which Attribute raises the attacker's difficulty"."""
    table = begun()
    attack(table, "p1", "p2")
    refusal = table.refuse(
        {"action": "dodge", "participant": "p2", "attribute": "Toughness"}, actor=player("p2")
    )
    assert (refusal.code, refusal.rule) == ("storyguide_names_attribute", "Ch.7 ¶10")
    events = dodge(table, "p2", 14, 3, 15, 1, attribute="Toughness")  # named by the storyguide
    assert events[-1]["defenders"][0]["value"] == 5
    assert events[-1]["roll"]["difficulty"] == 17 + 5


def test_ch7_p10_without_a_standing_choice_the_storyguide_must_name_the_attribute():
    table = begun(defence_attribute=None)
    attack(table, "p1", "p2")
    refusal = table.refuse({"action": "dodge", "participant": "p2"}, actor=player("p2"))
    assert (refusal.code, refusal.rule) == ("attribute_needed", "Ch.7 ¶10")


def test_a_defended_attack_with_a_defence_raises_the_defended_difficulty():
    table = begun(defended_difficulty_base=8)
    roll = {"kind": "defended", "attribute": "Strength", "defence": ["Toughness", "Dexterity"]}
    attack(table, "p1", "p2", roll=roll, what="shoves Ron")
    # 8 + Ron's Toughness 5 + Dexterity 3 = 16, + Ron's Quickness 3 = 19; Harry 15 + 4 = 19.
    events = dodge(table, "p2", 15, 2)
    assert the_action(events)["roll"]["difficulty"] == 19
    assert the_action(events)["roll"]["success"] is True
