"""Delaying and re-entering the initiative order: Ch.7 ¶9 and the first sentence of ¶10.

The order in these tests is Harry (p1), Hermione (p3), Ron (p2), Draco (p4);
Draco started the skirmish, so round 1 has no turn for him.
"""

from . import SKIRMISH, begun, player, student, types


def test_ch7_p9_instead_of_acting_when_her_turn_comes_up_a_participant_can_delay():
    """¶9: "Instead of acting when her turn comes up, a participant can choose to delay to a
    later point in the round"."""
    table = begun()
    events = table.delay("p1")
    assert types(events) == ["delayed", "turn_started"]
    assert table.turn == "p3"
    assert table.state["delaying"] == ["p1"]
    assert "p1" in table.state["yet_to_act"]  # delaying is not acting


def test_ch7_p9_one_delays_only_on_her_own_turn():
    table = begun()
    refusal = table.refuse({"action": "delay", "participant": "p3"})
    assert (refusal.code, refusal.rule) == ("not_your_turn", "Ch.7 ¶6")


def test_ch7_p9_the_delaying_character_takes_her_turn_immediately_after_anyone_elses():
    """¶9: "During anyone else's turn thereafter, the delaying character can choose to take her
    turn immediately following. She re-enters the Initiative order at that point"."""
    table = begun()
    table.delay("p1")  # Hermione's turn
    table.take_turn()  # Ron's turn
    events = table.re_enter("p1")
    assert events[0] | {"names": None} == {
        "type": "re_entering",
        "participant": "p1",
        "after": "p2",
        "names": None,
    }
    assert table.turn == "p2"  # she waits for Ron's turn to end
    table.act("p2", what="punches Draco")
    table.end_turn()
    assert table.turn == "p1"
    assert table.order == ["p3", "p2", "p1", "p4"]
    assert table.state["delaying"] == []


def test_ch7_p9_she_stays_at_that_initiative_point_for_the_remainder_of_the_skirmish():
    """¶9: "staying at that Initiative point for the remainder of the Skirmish or until she
    delays again"."""
    table = begun()
    table.delay("p1")
    table.take_turn()  # Hermione
    table.re_enter("p1")
    table.take_turn()  # Ron
    table.take_turn()  # Harry, re-entered; Draco has no turn in round 1
    turns = []
    for _ in range(8):
        turns.append(table.turn)
        table.take_turn()
    assert turns == ["p3", "p2", "p1", "p4"] * 2


def test_ch7_p9_until_she_delays_again():
    table = begun()
    table.delay("p1")
    table.take_turn()  # Hermione
    table.re_enter("p1")
    table.take_turn()  # Ron
    table.take_turn()  # Harry: order is now Hermione, Ron, Harry, Draco
    table.take_turn()  # round 2: Hermione
    table.take_turn()  # Ron
    table.delay("p1")
    table.re_enter("p1")  # during Draco's turn
    table.take_turn()  # Draco
    assert table.order == ["p3", "p2", "p4", "p1"]
    assert table.turn == "p1"


def test_ch7_p9_or_even_an_earlier_point_in_the_following_round():
    """¶9: "delay to a later point in the round (or even an earlier point in the following
    round)"."""
    table = begun()
    table.take_turn()  # Harry
    table.take_turn()  # Hermione
    table.delay("p2")  # Ron waits into round 2
    assert table.state["round"] == 2
    assert table.state["delaying"] == ["p2"]
    table.re_enter("p2")  # during Harry's turn, before Hermione and his own old place
    table.take_turn()
    assert table.turn == "p2"
    assert table.order == ["p1", "p2", "p3", "p4"]


def test_ch7_p9_a_delay_lapses_when_the_turn_reaches_her_own_place_again():
    """¶9 allows a delay only up to "an earlier point in the following round": at her own place
    the delay ends and it is her turn; the round she waited through had no action for her."""
    table = begun()
    table.take_turn()  # Harry
    table.delay("p3")
    table.take_turn()  # Ron; round 2 begins with Harry
    events = table.take_turn()
    assert types(events)[-2:] == ["delay_lapsed", "turn_started"]
    assert table.turn == "p3"
    assert table.state["delaying"] == []
    assert table.order == ["p1", "p3", "p2", "p4"]


def test_ch7_p9_two_delaying_characters_re_enter_in_the_order_they_asked():
    table = begun()
    table.delay("p1")
    table.delay("p3")  # Ron's turn
    table.re_enter("p3")
    table.re_enter("p1")
    table.take_turn()
    assert table.order == ["p2", "p3", "p1", "p4"]
    assert table.turn == "p3"
    table.take_turn()
    assert table.turn == "p1"


def test_ch7_p9_only_a_delaying_character_re_enters_and_only_once():
    table = begun()
    refusal = table.refuse({"action": "re_enter", "participant": "p2"})
    assert (refusal.code, refusal.rule) == ("not_delaying", "Ch.7 ¶9")
    table.delay("p1")
    table.re_enter("p1")
    refusal = table.refuse({"action": "re_enter", "participant": "p1"})
    assert (refusal.code, refusal.rule) == ("already_re_entering", "Ch.7 ¶9")


def test_ch7_p10_delaying_characters_cannot_interrupt_other_actors():
    """¶10: "Delaying characters cannot interrupt other actors"."""
    table = begun()
    table.delay("p1")
    refusal = table.refuse({"action": "act", "participant": "p1", "what": "Stupefy"})
    assert (refusal.code, refusal.rule) == ("cannot_interrupt", "Ch.7 ¶10")
    assert SKIRMISH.allowed_commands(table.state, player("p1")) == [
        {"action": "re_enter", "participant": "p1"}
    ]


def test_a_latecomer_joins_as_if_delaying_from_the_bottom_of_the_order():
    """Decision (docs/rules/skirmish.md): a participant added mid-skirmish rolls no
    initiative; like a delaying character she may re-enter after anyone's turn, and otherwise
    acts last."""
    table = begun()
    table.do({"action": "add_participant", "participant": student("p5", "Neville", Wits=2)})
    assert table.order == ["p1", "p3", "p2", "p4", "p5"]
    assert table.state["delaying"] == ["p5"]
    table.take_turn()  # Harry
    table.take_turn()  # Hermione
    events = table.take_turn()  # Ron; the turn reaches Neville's place
    assert types(events)[-2:] == ["delay_lapsed", "turn_started"]
    assert table.turn == "p5"

    table.take_turn()
    assert (table.state["round"], table.turn) == (2, "p1")


def test_a_latecomer_may_re_enter_at_once():
    table = begun()
    table.do({"action": "add_participant", "participant": student("p5", "Neville", Wits=2)})
    table.re_enter("p5")
    table.take_turn()
    assert table.order == ["p1", "p5", "p3", "p2", "p4"]
    assert table.turn == "p5"
