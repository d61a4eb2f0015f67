"""Rounds and turns: Ch.7 ¶2 and ¶7 (and the order of ¶6 in motion)."""

from . import SKIRMISH, SPECTATOR, STORYGUIDE, Table, begun, player, types


def turns_by_round(events):
    rounds, number = {}, None
    for event in events:
        if event["type"] == "round_started":
            number = event["round"]
        if event["type"] == "turn_started":
            rounds.setdefault(number, []).append(event["participant"])
    return rounds


def test_ch7_p2_each_participant_gets_one_turn_in_every_round():
    """¶2: "In any given round, each participant in the Skirmish gets to have a turn to perform
    one substantial action"."""
    table = begun(order=("p1", "p3", "p2", "p4"), initiator="p4")
    events = []
    for _ in range(3 + 4):
        events += table.take_turn()
    assert turns_by_round(events) == {None: ["p3", "p2"], 2: ["p1", "p3", "p2", "p4"], 3: ["p1"]}


def test_ch7_p7_when_all_have_acted_a_new_round_starts_in_the_same_order():
    """¶7: "When all participants have acted, a new round starts and the characters again act in
    the same Initiative order"."""
    table = begun(order=("p2", "p1", "p4", "p3"), initiator="p1")
    seen = []
    for _ in range(3 + 4 + 4):
        seen.append((table.state["round"], table.turn))
        table.take_turn()
    assert seen == [
        (1, "p2"),
        (1, "p4"),
        (1, "p3"),
        *[(2, key) for key in ("p2", "p1", "p4", "p3")],
        *[(3, key) for key in ("p2", "p1", "p4", "p3")],
    ]


def test_ch7_p7_the_new_round_is_announced_after_the_last_turn_ends():
    table = begun(order=("p1", "p3", "p2", "p4"), initiator="p4")
    table.take_turn()
    table.take_turn()
    table.act("p2", what="ducks behind a suit of armour")
    assert types(table.end_turn()) == ["turn_ended", "round_started", "turn_started"]
    assert (table.state["round"], table.turn) == (2, "p1")
    assert table.state["yet_to_act"] == ["p1", "p3", "p2", "p4"]


def test_ch7_p7_only_one_action_on_a_turn():
    """¶7: "Each participant in a Skirmish performs only one action on his or her turn"."""
    table = begun()
    table.act("p1", what="Expelliarmus")
    refusal = table.refuse({"action": "act", "participant": "p1", "what": "Stupefy"})
    assert (refusal.code, refusal.rule) == ("already_acted", "Ch.7 ¶7")
    refusal = table.refuse({"action": "delay", "participant": "p1"})
    assert (refusal.code, refusal.rule) == ("already_acted", "Ch.7 ¶9")


def test_ch7_p7_the_turn_stays_open_after_the_action_until_it_ends():
    table = begun()
    events = table.act("p1", what="Expelliarmus")
    assert types(events) == ["action"]
    assert table.turn == "p1"
    table.end_turn()
    assert table.turn == "p3"


def test_ch7_p6_acting_out_of_turn_is_refused_and_changes_nothing():
    """¶6: "The roll results dictate the order in which the characters will act"."""
    table = begun(order=("p1", "p3", "p2", "p4"))
    for command in ("act", "delay", "end_turn"):
        refusal = table.refuse({"action": command, "participant": "p2"}, actor=player("p2"))
        assert (refusal.code, refusal.rule) == ("not_your_turn", "Ch.7 ¶6")


def test_a_participant_may_end_its_turn_without_acting_and_has_then_used_it():
    table = begun(order=("p1", "p3", "p2", "p4"))
    table.end_turn("p1")
    assert "p1" not in table.state["yet_to_act"]
    assert table.turn == "p3"


def test_nothing_happens_in_rounds_before_initiative():
    table = Table()
    refusal = table.refuse({"action": "act", "participant": "p1"})
    assert (refusal.code, refusal.rule) == ("initiative_not_rolled", "Ch.7 ¶5")


def test_a_player_commands_only_their_own_participants_and_a_spectator_none():
    table = begun(order=("p1", "p3", "p2", "p4"))
    assert table.refuse({"action": "act", "participant": "p1"}, actor=player("p2")).code == (
        "not_permitted"
    )
    assert table.refuse({"action": "act", "participant": "p1"}, actor=SPECTATOR).code == (
        "not_permitted"
    )
    table.act("p1", actor=player("p1"), what="Lumos")


def test_unknown_commands_and_participants_are_refused():
    table = begun()
    assert table.refuse({"action": "apparate"}).code == "unknown_command"
    assert table.refuse({"action": "act", "participant": "p9"}).code == "unknown_participant"
    assert table.refuse({"action": "act"}).code == "invalid_command"


def test_allowed_commands_offer_the_turn_to_its_holder_only():
    """¶7: the participant whose turn it is acts, "frequently" with an opposed roll: each of
    its attributes against each of each other participant's, or without a roll."""
    table = begun(order=("p1", "p3", "p2", "p4"))
    offered = SKIRMISH.allowed_commands(table.state, player("p1"))
    assert offered[0] == {"action": "act", "participant": "p1"}
    assert offered[-2:] == [
        {"action": "delay", "participant": "p1"},
        {"action": "end_turn", "participant": "p1"},
    ]
    attacks = offered[1:-2]
    assert len(attacks) == 3 * 6 * 6  # three targets, six attributes each side
    assert attacks[0] == {
        "action": "act",
        "participant": "p1",
        "target": "p2",
        "roll": {
            "kind": "opposed",
            "attribute": "Dexterity",
            "opposing": {"attribute": "Dexterity"},
        },
    }
    assert {a["target"] for a in attacks} == {"p2", "p3", "p4"}
    assert SKIRMISH.allowed_commands(table.state, player("p2")) == []
    assert SKIRMISH.allowed_commands(table.state, SPECTATOR) == []
    table.act("p1", what="Lumos")
    assert SKIRMISH.allowed_commands(table.state, player("p1")) == [
        {"action": "end_turn", "participant": "p1"}
    ]
    storyguide = SKIRMISH.allowed_commands(table.state, STORYGUIDE)
    assert storyguide == [
        {"action": "end_turn", "participant": "p1"},
        {"action": "end_skirmish"},
        *[
            {"action": "change_health", "participant": key, "by": -1}
            for key in ("p1", "p2", "p3", "p4")
        ],
    ]


def test_allowed_commands_before_initiative_are_the_storyguides():
    """¶1: any participant may make the initiating action, in any category (each offered
    complete); a newcomer's sheet is free input, given through the participants endpoint."""
    table = Table()
    commands = SKIRMISH.allowed_commands(table.state, STORYGUIDE)
    assert commands[:3] == [
        {"action": "roll_initiative", "initiator": "p1", "category": "physical"},
        {"action": "roll_initiative", "initiator": "p1", "category": "mental"},
        {"action": "roll_initiative", "initiator": "p1", "category": "social"},
    ]
    assert len([c for c in commands if c["action"] == "roll_initiative"]) == 4 * 3
    assert {"action": "end_skirmish"} in commands
    assert not [c for c in commands if c["action"] == "add_participant"]
    assert SKIRMISH.allowed_commands(table.state, player("p1")) == []
