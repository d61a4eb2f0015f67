"""§3.5: commands as text, their JSON form, and which commands are never valid."""

from __future__ import annotations

import pytest

from games.ruleset import Actor, RuleViolation
from quidditch.chat.manifest import MANIFEST

from . import REFEREE, RULES, Game, player


@pytest.fixture
def chasers() -> Game:
    """Chasers' sub-round: GJäger1 has the quaffle in M with everybody's chasers."""
    return Game().kick_off().to_chasers()


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("Pass GJäger2", {"action": "pass", "target": "GJäger2"}),
        ("Pass GJaeger2", {"action": "pass", "target": "GJäger2"}),
        ("Foul SHueter", {"action": "foul", "target": "SHüter"}),
        ("Angriff SJäger1", {"action": "attack", "target": "SJäger1"}),
        ("Angriff", {"action": "attack"}),
        ("Fliegen M-S", {"action": "fly", "from": "M", "to": "S"}),
        ("Torwurf", {"action": "shot"}),
        ("Halten", {"action": "save"}),
        ("Angenommen", {"action": "catch"}),
        ("Abfangen", {"action": "intercept"}),
        ("Klatscherwurf SSucher", {"action": "bludger_throw", "target": "SSucher"}),
        ("Klatscherabfang", {"action": "bludger_catch"}),
        ("Klatscherabwurf GJäger3", {"action": "bludger_rethrow", "target": "GJäger3"}),
        ("Abblocken", {"action": "block"}),
        ("Finden", {"action": "find"}),
        ("Fangen", {"action": "snitch_catch"}),
        ("M", {"action": "position", "third": "M"}),
        ("  Torwurf ", {"action": "shot"}),
        # The same letters as another keyboard sends them (issue 37): "ä" as "a" and a
        # combining diaeresis (Unicode NFD) is the nick spelled right.
        ("Pass GJa\u0308ger2", {"action": "pass", "target": "GJäger2"}),
        ("Foul SHu\u0308ter", {"action": "foul", "target": "SHüter"}),
    ],
)
def test_3_5_exact_command_words_become_their_json_form(chasers, text, command):
    parsed = MANIFEST.words.parse(text, state=chasers.state, actor=player("GJäger1"))
    assert parsed == {**command, "player": "GJäger1"}


@pytest.mark.parametrize(
    "text",
    [
        "pass GJäger2",  # small first letter
        "Pass  GJäger2",  # two spaces
        "Pas GJäger2",  # typo
        "Torwurf!",
        "Fliegen M - S",
        "Fliegen m-s",
        "Hallo",
    ],
)
def test_3_5_a_typo_is_no_command(chasers, text):
    with pytest.raises(RuleViolation) as caught:
        MANIFEST.words.parse(text, state=chasers.state, actor=player("GJäger1"))
    assert (caught.value.code, caught.value.rule) == ("not_a_command", "§3.5")


def test_3_5_names_in_commands_must_be_spelled_right_and_a_near_miss_is_suggested(chasers):
    with pytest.raises(RuleViolation) as caught:
        MANIFEST.words.parse("Pass GJager2", state=chasers.state, actor=player("GJäger1"))
    assert (caught.value.code, caught.value.rule) == ("unknown_nick", "§3.5")
    assert caught.value.detail == "There is no player GJager2. Did you mean GJäger2?"
    assert caught.value.extra == {"did_you_mean": "GJäger2"}


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [("Pas GJäger2", "Pass GJäger2"), ("Torwurf!", "Torwurf"), ("Fliegen M - S", "Fliegen M-S")],
)
def test_3_5_a_typo_near_a_command_is_answered_with_that_command(chasers, text, suggestion):
    with pytest.raises(RuleViolation) as caught:
        MANIFEST.words.parse(text, state=chasers.state, actor=player("GJäger1"))
    assert caught.value.detail == f"“{text}” is not a command. Did you mean “{suggestion}”?"


def test_3_5_a_line_near_no_command_is_only_refused(chasers):
    with pytest.raises(RuleViolation) as caught:
        MANIFEST.words.parse("Hallo", state=chasers.state, actor=player("GJäger1"))
    assert caught.value.detail == "“Hallo” is not a command."
    assert caught.value.extra == {}


def test_2_1_a_referee_word_from_a_player_is_the_referees_to_say(chasers):
    with pytest.raises(RuleViolation) as caught:
        MANIFEST.words.parse("Chatende", state=chasers.state, actor=player("GJäger1"))
    assert (caught.value.code, caught.value.rule) == ("referee_only", "§2.1")
    assert caught.value.detail == "Only the referee says “Chatende”."


def test_7_any_line_after_the_end_is_told_the_game_is_over(chasers):
    over = {**chasers.state, "over": True}
    for text in ("Pass GJäger2", "Hallo"):
        with pytest.raises(RuleViolation) as caught:
            MANIFEST.words.parse(text, state=over, actor=player("GJäger1"))
        assert (caught.value.code, caught.value.detail) == ("game_over", "The game is over.")


def test_3_5_a_typo_can_be_corrected_since_nothing_was_rolled(chasers):
    chasers.refused("Pas GJäger2", "not_a_command", by="GJäger1")
    chasers.do("Pass GJäger2", 3, 1, by="GJäger1")
    assert chasers.state["pass"]["to"] == "GJäger2"


def test_3_5_a_valid_command_cannot_be_corrected(chasers):
    chasers.do("Pass GJäger2", 3, 1, by="GJäger1")
    chasers.refused("Pass GJäger3", "not_allowed_now", by="GJäger1")


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("chatende", {"action": "chat_end"}),
        ("Chatemde", {"action": "chat_end"}),
        ("Klatscher freigeben", {"action": "release", "ball": "bludgers"}),
        ("quaffel freigegeben!", {"action": "release", "ball": "quaffle"}),
        ("Schnatz freigegeben", {"action": "release", "ball": "snitch"}),
        ("Chat", {"action": "chat"}),
    ],
)
def test_3_5_the_referees_words_count_when_the_intent_is_recognisable(chasers, text, command):
    assert MANIFEST.words.parse(text, state=chasers.state, actor=REFEREE) == command


def test_3_5_the_referee_relays_a_players_line(chasers):
    parsed = MANIFEST.words.parse("GJaeger1: Pass GJäger2", state=chasers.state, actor=REFEREE)
    assert parsed == {"action": "pass", "target": "GJäger2", "player": "GJäger1"}


def test_3_5_a_wrong_release_does_not_count():
    game = Game().kick_off().start_round({"GTreiber1": "S"}, bludgers=(1, 1))
    assert game.phase == "bludger_release"
    game.refused("Schnatz freigegeben", "wrong_release")
    game.do("Klatscher freigegeben")
    assert game.phase == "beaters"


def test_3_5_text_and_json_give_the_same_outcome(chasers):
    twin = Game().kick_off().to_chasers()
    chasers.do("Pass GJäger2", 4, 2, by="GJäger1")
    twin.do({"action": "pass", "target": "GJäger2"}, 4, 2, by="GJäger1")
    assert chasers.state == twin.state


@pytest.mark.parametrize(
    ("command", "by", "code"),
    [
        ({"action": "foul", "target": "GJäger1"}, "GJäger2", "own_player"),
        ({"action": "attack", "target": "GJäger1"}, "GJäger2", "own_player"),
    ],
)
def test_3_5_fouling_or_attacking_your_own_chaser_is_never_valid(chasers, command, by, code):
    chasers.do("Fliegen M-S", by="GJäger1")
    violation = chasers.refused(command, code, by=by)
    assert violation.rule == "§3.5"


def test_3_5_intercepting_your_own_teams_pass_is_never_valid(chasers):
    chasers.do("Pass GJäger2", 3, 1, by="GJäger1")
    violation = chasers.refused("Abfangen", "own_pass", by="GJäger3")
    assert violation.rule == "§5.5.5"
    chasers.do("Abfangen", 1, 1, by="SJäger1")  # the opponents may still intercept


def test_3_5_passing_to_an_opponent_counts(chasers):
    chasers.do("Pass SJäger1", 3, 1, by="GJäger1")
    chasers.do("Abfangen", 5, 1, by="GJäger2")  # ... and a team-mate may intercept it
    assert chasers.state["carrier"] == "GJäger2"


def test_3_5_a_shot_at_your_own_goal_counts_for_the_other_team():
    game = Game().kick_off().to_chasers(carrier=6)  # GJäger1 starts in G, his own goal third
    game.do("Torwurf", 6, 6, by="GJäger1")
    game.do("Halten", 1, 1, 3, 1, by="GHüter")  # 3, 1: the snitch roll that follows
    assert game.state["goals"] == [0, 1]


def test_3_5_players_command_only_their_own_nicks(chasers):
    with pytest.raises(RuleViolation) as caught:
        RULES.apply(
            chasers.state,
            {"action": "pass", "player": "GJäger1", "target": "GJäger2"},
            actor=player("GJäger2"),
            dice=None,
            now=chasers.now,
        )
    assert caught.value.code == "not_your_player"


def test_3_5_spectators_and_players_cannot_give_referee_words(chasers):
    for actor, code in [(Actor("spectator"), "spectator"), (player("GJäger1"), "referee_only")]:
        with pytest.raises(RuleViolation) as caught:
            RULES.apply(
                chasers.state, {"action": "end_subround"}, actor=actor, dice=None, now=chasers.now
            )
        assert caught.value.code == code


@pytest.mark.parametrize(
    "command",
    [
        {"action": "dance"},
        {"action": "pass"},
        {"action": "pass", "target": 3},
        {"action": "pass", "target": "GJäger2", "colour": "red"},
        "Pass GJäger2",
    ],
)
def test_3_5_malformed_json_commands_are_refused(chasers, command):
    with pytest.raises(RuleViolation) as caught:
        RULES.apply(chasers.state, command, actor=player("GJäger1"), dice=None, now=chasers.now)
    assert caught.value.code == "invalid_command"


def test_allowed_commands_are_those_of_the_actors_own_nicks(chasers):
    offered = chasers.allowed("GJäger1")
    assert {c["player"] for c in offered} == {"GJäger1"}
    assert {"action": "pass", "player": "GJäger1", "target": "GJäger2"} in offered
    assert RULES.allowed_commands(chasers.state, Actor("spectator")) == []
    assert any(c["action"] == "end_subround" for c in chasers.allowed())


def test_4_1_2_the_referee_gives_referee_words_and_relays_any_players_line(chasers):
    chasers.do({"action": "pass", "player": "GJäger1", "target": "GJäger2"}, 3, 1)
    assert chasers.state["pass"]["from"] == "GJäger1"
    with pytest.raises(RuleViolation) as caught:
        RULES.apply(chasers.state, {"action": "catch"}, actor=REFEREE, dice=None, now=chasers.now)
    assert caught.value.code == "player_needed"  # a relayed line names its player


def test_4_1_3_spectators_command_nothing_and_are_offered_nothing(chasers):
    spectator = Actor("spectator")
    assert RULES.allowed_commands(chasers.state, spectator) == []
    for command in ({"action": "pass", "player": "GJäger1", "target": "GJäger2"}, "Torwurf"):
        with pytest.raises(RuleViolation) as caught:
            RULES.apply(chasers.state, command, actor=spectator, dice=None, now=chasers.now)
        assert (caught.value.code, caught.value.rule) == ("spectator", "§4.1.3")
