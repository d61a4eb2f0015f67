"""§5.1 to §5.3 and §6: the course of a round, positioning, the chat."""

from __future__ import annotations

import pytest

from . import Game


def finish_round(game: Game) -> Game:
    """A quick round: no bludger near a beater, the chasers' sub-round ended by the
    referee, the snitch (rolled 1: S) out of every seeker's reach, then the chat."""
    game.to_chasers({"SSucher": "G"})
    game.do("Teilrunde beendet", 1, 1)
    game.do("Chat")
    return game


def test_5_1_phases_of_a_round_in_order():
    game = Game().kick_off()
    game.log.clear()
    game.start_round(bludgers=(1, 1))
    game.do("Klatscher freigegeben")
    game.do("Teilrunde beendet", 3, 1)
    game.do("Quaffel freigegeben")
    game.do("Teilrunde beendet", 1, 1)
    game.do("Schnatz freigegeben")
    game.do("Teilrunde beendet")
    game.do("Chat")
    steps = [e["type"] for e in game.log if e["type"] not in ("position", "subround_ended")]
    assert steps == [
        "round",  # round and possession (§5.2)
        "bludgers_placed",  # beaters (§5.4), after the positioning (§5.3)
        "release",
        "carrier_placed",  # chasers and keeper (§5.5)
        "release",
        "snitch_placed",  # seekers (§5.7)
        "release",
        "score",  # score
        "chat",  # chat (§6)
    ]
    assert [e["type"] for e in game.log].count("position") == 11


def test_5_2_chatende_opens_the_round_naming_number_and_possession():
    game = Game().kick_off()
    game.do("Chatende")
    assert game.event("round") == {
        "type": "round",
        "round": 1,
        "team": 0,
        "carrier": "GJäger1",
        "house": "Gryffindor",
    }
    assert game.state["round"] == 1


def test_5_2_the_next_round_belongs_to_the_team_that_picked_the_quaffle_up():
    """A dropped quaffle goes to the other team for the next round (§5.5.4)."""
    game = Game().kick_off().to_chasers()
    game.do("Pass GJäger2", 1, 1, 1, 1, by="GJäger1")  # dropped; the snitch roll 1: S
    game.do("Schnatz freigegeben")
    game.do("Teilrunde beendet")
    game.do("Chat")
    game.do("Chatende")
    assert game.event("round")["team"] == 1
    assert game.state["carrier"] == "SJäger1"


def test_5_3_chasers_then_seekers_then_beaters():
    game = Game().kick_off()
    game.do("Chatende")
    assert game.state["positioning"] == "chaser"
    game.refused("S", "not_your_turn", by="GSucher")
    game.refused("S", "not_your_turn", by="GTreiber1")
    for nick in ["GJäger2", "GJäger3", "SJäger1", "SJäger2", "SJäger3"]:
        game.do("M", by=nick)
    assert game.state["positioning"] == "seeker"
    game.do("S", by="GSucher")
    game.do("G", by="SSucher")
    assert game.state["positioning"] == "beater"


@pytest.mark.parametrize(
    ("nick", "third", "code"),
    [
        ("GHüter", "M", "keeper_stays_home"),
        ("GJäger1", "M", "carrier_is_rolled"),
        ("GJäger2", "X", "no_such_third"),
    ],
)
def test_5_3_who_names_a_third(nick, third, code):
    game = Game().kick_off()
    game.do("Chatende")
    assert game.refused(third, code, by=nick).rule in ("§5.3", "§4.2")


def test_5_3_seekers_may_not_name_m():
    game = Game().kick_off().start_round({"SSucher": "G"}, bludgers=(1, 3), carrier=3)
    game2 = Game().kick_off()
    game2.do("Chatende")
    for nick in ["GJäger2", "GJäger3", "SJäger1", "SJäger2", "SJäger3"]:
        game2.do("M", by=nick)
    assert game2.refused("M", "seeker_not_in_middle", by="GSucher").rule == "§5.3"
    assert game.state["thirds"]["SSucher"] == "G"


def test_5_3_a_third_is_named_once():
    game = Game().kick_off()
    game.do("Chatende")
    game.do("M", by="GJäger2")
    game.refused("S", "already_placed", by="GJäger2")


def test_5_1_commands_out_of_turn_are_refused_naming_their_rule():
    game = Game().kick_off()
    game.do("Chatende")
    violation = game.refused("Pass GJäger2", "out_of_turn", by="GJäger1")
    assert violation.rule == "§5.5.4"
    game.refused("Chatende", "out_of_turn")


def test_6_chat_between_rounds_and_half_time_after_round_five():
    game = Game().kick_off()
    for round_ in range(1, 6):
        finish_round(game)
        assert game.phase == "chat"
        assert game.event("chat")["half_time"] is (round_ == 5)
        assert game.state["round"] == round_


def test_6_the_referee_opens_the_chat_after_the_score():
    game = Game().kick_off()
    game.to_chasers({"SSucher": "G"})
    game.do("Teilrunde beendet", 1, 1)
    assert game.phase == "score"
    assert game.event("score")["score"] == [0, 0]
    game.refused("Chatende", "out_of_turn")
    game.do("Chat")
    game.do("Chatende")
    assert game.state["round"] == 2


def test_5_1_a_new_round_resets_positions_and_outs_but_keepers_stay_home():
    game = Game().kick_off()
    finish_round(game)
    game.do("Chatende")
    assert game.state["thirds"] == {"GHüter": "G", "SHüter": "S"}
    assert game.state["out"] == []
