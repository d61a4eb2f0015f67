"""§3.4: the ten-second rule for Abblocken and Halten, judged on the server's clock."""

from __future__ import annotations

import pytest

from games.dice import ScriptedDice
from games.ruleset import Actor, RuleViolation

from . import RULES, Game, config

SNITCH_IN_S = (1, 1)


def shot_taken(**settings) -> Game:
    game = Game(config(**settings)).kick_off().to_chasers(carrier=1)  # GJäger1 in S
    game.do("Torwurf", 3, 3, by="GJäger1")
    return game


def test_3_4_the_awaited_answer_and_its_deadline_are_in_the_state():
    game = shot_taken()
    deadline = game.now + 10
    assert game.state["pending"][0]["deadline"] == deadline
    assert {"action": "save", "player": "SHüter", "deadline": deadline} in game.state["awaiting"]
    assert {"action": "timeout", "deadline": deadline} in game.state["awaiting"]


def test_3_4_the_time_limit_is_a_match_setting():
    game = shot_taken(answer_seconds=5)
    assert game.state["pending"][0]["deadline"] == game.now + 5
    game.do("Halten", *SNITCH_IN_S, by="SHüter", wait=6)
    assert game.event("answer_too_late")


def test_3_4_while_an_answer_is_awaited_nothing_else_is_played():
    game = shot_taken()
    violation = game.refused("Teilrunde beendet", "awaiting_answer")
    assert violation.rule == "§3.4"


def test_3_4_timeout_before_the_deadline_is_refused():
    game = shot_taken()
    game.now += 9  # refused() adds its own second: still within the ten
    assert game.refused({"action": "timeout"}, "too_early").rule == "§3.4"


def test_3_4_timeout_after_the_deadline_settles_the_window_anyone_may_send_it():
    game = shot_taken()
    game.do("Aus", *SNITCH_IN_S, by="GJäger3", wait=11)
    assert [e["type"] for e in game.events][:2] == ["answer_missing", "goal"]
    assert game.state["goals"] == [1, 0]


def test_3_4_the_next_command_after_the_deadline_settles_it_first():
    game = shot_taken()
    game.do("Schnatz freigegeben", *SNITCH_IN_S, wait=30)  # the goal, then the snitch roll
    assert [e["type"] for e in game.events] == [
        "answer_missing",
        "goal",
        "snitch_placed",
        "release",
    ]


def test_3_4_a_late_command_that_is_illegal_after_settling_changes_nothing():
    game = shot_taken()
    before = game.state
    with pytest.raises(RuleViolation):
        RULES.apply(
            game.state,
            {"action": "pass", "target": "GJäger2"},
            actor=Actor("player", frozenset({"GJäger1"})),
            dice=ScriptedDice([1, 1]),
            now=game.now + 30,
        )
    assert game.state is before
    assert game.state["pending"]  # still open until an accepted command settles it


def test_3_4_a_block_in_time_counts_a_late_one_does_not():
    game = Game().kick_off()
    game.start_round({"GJäger2": "S", "GTreiber1": "S"}, bludgers=(1, 1))
    game.do("Klatscher freigegeben")
    game.do("Klatscherwurf GJäger2", 4, 1, by="STreiber1")
    game.do("Abblocken", 6, 6, by="GTreiber1", wait=9.5)
    assert game.event("block")["outcome"] == "blocked"
