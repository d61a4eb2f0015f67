"""A storyguide holding a seat (issue 28): ``Actor(REFEREE, {nick})`` plays that nick and
keeps the referee's duties (§2.1), and relays the chat as before.

Chat-Quidditch hides nothing, so the union of what the referee and the nick may see
is the whole match; what changes is whose line a command without a nick is.
"""

from __future__ import annotations

import pytest

from games.dice import ScriptedDice
from games.ruleset import PLAYER, REFEREE, Actor, RuleViolation
from quidditch.chat.manifest import MANIFEST

from . import RULES, Game

HOLDER = Actor(REFEREE, frozenset({"GJäger1"}))


def chasers() -> Game:
    """GJäger1 holds the quaffle in M, GJäger2 beside him."""
    return Game().kick_off().to_chasers(carrier=3)


def test_4_1_1_a_line_without_a_nick_is_the_held_nicks():
    game = chasers()
    assert MANIFEST.words.parse("Pass GJäger2", state=game.state, actor=HOLDER) == {
        "action": "pass",
        "target": "GJäger2",
    }
    events = RULES.apply(
        game.state,
        {"action": "pass", "target": "GJäger2"},
        actor=HOLDER,
        dice=ScriptedDice([4, 1]),
        now=game.now,
    ).events
    assert events[0] == {
        "type": "pass",
        "player": "GJäger1",
        "target": "GJäger2",
        "dice": [4, 1],
        "outcome": "success",
    }


def test_2_1_the_referees_own_words_stay_the_referees():
    """``Spielende`` from a storyguide holding a captain's nick is the referee's vote (§7)."""
    game = Game().kick_off()
    holder = Actor(REFEREE, frozenset({"GHüter"}))
    command = MANIFEST.words.parse("Spielende", state=game.state, actor=holder)
    events = RULES.apply(
        game.state, command, actor=holder, dice=ScriptedDice([]), now=game.now
    ).events
    assert events == [{"type": "end_vote", "voter": "referee"}]
    command = MANIFEST.words.parse("Chatende", state=game.state, actor=holder)
    assert (
        RULES.apply(game.state, command, actor=holder, dice=ScriptedDice([]), now=game.now).events[
            0
        ]["type"]
        == "round"
    )


def test_4_1_1_the_holder_still_relays_another_nicks_line():
    game = chasers()
    game.do("Fliegen M-S", by="GJäger1")
    command = MANIFEST.words.parse("SHüter: Angriff", state=game.state, actor=HOLDER)
    assert command == {"action": "attack", "player": "SHüter"}


def test_4_1_1_holding_two_nicks_a_line_must_name_its_nick():
    game = chasers()
    holder = Actor(REFEREE, frozenset({"GJäger1", "GJäger2"}))
    with pytest.raises(RuleViolation) as refused:
        RULES.apply(
            game.state,
            {"action": "pass", "target": "GJäger2"},
            actor=holder,
            dice=ScriptedDice([]),
            now=game.now,
        )
    assert refused.value.code == "player_needed"


def test_28_the_holder_is_offered_the_referees_commands_and_the_nicks_and_sees_everything():
    game = chasers()
    nick = Actor(PLAYER, frozenset({"GJäger1"}))
    offered = RULES.allowed_commands(game.state, HOLDER)
    assert offered == RULES.allowed_commands(game.state, Actor(REFEREE))
    assert all(command in offered for command in RULES.allowed_commands(game.state, nick))
    assert {"action": "end_subround"} in offered
    assert RULES.view(game.state, HOLDER) == game.state
    assert RULES.referee_relays
