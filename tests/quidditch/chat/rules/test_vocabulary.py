"""The chat's words in German, English and French (§3.5, §4.1.1; issue 39).

"Chat-Quidditch is German inside English and French ... typed commands must be
German." Every command kind is typed here in the rules' German and in English
and French, and read as the same JSON command, whatever the reader's language.
"""

from __future__ import annotations

import pytest

from games.ruleset import RuleViolation
from quidditch.chat.manifest import MANIFEST
from quidditch.chat.rules.parsing import asks_for_help
from quidditch.chat.rules.vocabulary import CHAT, nick_in

from . import REFEREE, Game, player


def chasers() -> Game:
    """GJäger1 holds the quaffle in M; pitch S, M, G from low to high."""
    return Game().kick_off().to_chasers(carrier=3)


def parsed(game: Game, line: str, by: str | None = None) -> dict:
    return MANIFEST.words.parse(line, state=game.state, actor=player(by) if by else REFEREE)


@pytest.mark.parametrize(
    ("rule", "de", "en", "fr", "command"),
    [
        (
            "§5.5.4",
            "Pass GJäger2",
            "Pass GChaser2",
            "Passe GPoursuiveur2",
            {"action": "pass", "target": "GJäger2"},
        ),
        (
            "§5.5.2",
            "Angriff SJäger1",
            "Attack SChaser1",
            "Attaque SPoursuiveur1",
            {"action": "attack", "target": "SJäger1"},
        ),
        (
            "§5.5.3",
            "Foul SJäger1",
            "Foul SChaser1",
            "Faute SPoursuiveur1",
            {"action": "foul", "target": "SJäger1"},
        ),
        (
            "§5.4.1",
            "Klatscherwurf SJäger1",
            "Bludger SChaser1",
            "Cognard SPoursuiveur1",
            {"action": "bludger_throw", "target": "SJäger1"},
        ),
        (
            "§5.4.2",
            "Klatscherabwurf SJäger1",
            "Hurl SChaser1",
            "Relance SPoursuiveur1",
            {"action": "bludger_rethrow", "target": "SJäger1"},
        ),
        ("§5.6.2", "Angriff", "Attack", "Attaque", {"action": "attack"}),
        ("§5.5.4", "Angenommen", "Receive", "Réception", {"action": "catch"}),
        ("§5.5.5", "Abfangen", "Intercept", "Interception", {"action": "intercept"}),
        ("§5.5.6", "Torwurf", "Shoot", "Tir", {"action": "shot"}),
        ("§5.6.1", "Halten", "Save", "Arrêt", {"action": "save"}),
        ("§5.4.3", "Abblocken", "Block", "Blocage", {"action": "block"}),
        ("§5.4.2", "Klatscherabfang", "Trap", "Capture", {"action": "bludger_catch"}),
        ("§5.4.2", "Aufheben", "Keep", "Garder", {"action": "keep_bludger"}),
        ("§5.7.2", "Finden", "Find", "Chercher", {"action": "find"}),
        ("§5.7.2", "Fangen", "Catch", "Attraper", {"action": "snitch_catch"}),
        ("§3.4", "Aus", "Time", "Temps", {"action": "timeout"}),
        ("§7", "Spielende", "End game", "Fin du match", {"action": "end_game"}),
        (
            "§5.5.1",
            "Fliegen M-S",
            "Fly M-S",
            "Voler M-S",
            {"action": "fly", "from": "M", "to": "S"},
        ),
        ("§5.3", "G", "G", "G", {"action": "position", "third": "G"}),
    ],
)
def test_3_5_a_players_line_in_each_language_gives_one_command(rule, de, en, fr, command):
    """Typed by GJäger1's player; the parser reads, the rules judge later."""
    game = chasers()
    expected = {**command, "player": "GJäger1"}
    assert [parsed(game, line, by="GJäger1") for line in (de, en, fr)] == [expected] * 3, rule


@pytest.mark.parametrize(
    ("rule", "de", "en", "fr", "command"),
    [
        ("§6", "Chat", "Chat", "Discussion", {"action": "chat"}),
        ("§5.2", "Chatende", "Chat over", "Fin de la discussion", {"action": "chat_end"}),
        (
            "§5.4",
            "Klatscher freigegeben",
            "Bludgers released",
            "Cognards lâchés",
            {"action": "release", "ball": "bludgers"},
        ),
        (
            "§5.5",
            "Quaffel freigegeben",
            "Quaffle released",
            "Souafle lâché",
            {"action": "release", "ball": "quaffle"},
        ),
        (
            "§5.7",
            "Schnatz freigegeben",
            "Snitch released",
            "Vif d'or lâché",
            {"action": "release", "ball": "snitch"},
        ),
        (
            "§2.1",
            "Teilrunde beendet",
            "Sub-round over",
            "Fin de la phase",
            {"action": "end_subround"},
        ),
        ("§4.2", "Quaffelwurf", "Quaffle roll", "Lancer du Souafle", {"action": "quaffle_roll"}),
        ("§3.4", "Aus", "Time", "Temps", {"action": "timeout"}),
        ("§7", "Spielende", "End game", "Fin du match", {"action": "end_game"}),
    ],
)
def test_3_5_the_referees_words_in_each_language_and_recognisable_when_mistyped(
    rule, de, en, fr, command
):
    game = chasers()
    assert [parsed(game, line) for line in (de, en, fr)] == [command] * 3, rule
    assert [parsed(game, line.lower() + "!") for line in (de, en, fr)] == [command] * 3


@pytest.mark.parametrize(("low", "language"), [("T", "de"), ("L", "en"), ("B", "fr")])
def test_4_2_the_low_third_is_t_l_or_b_and_the_high_one_h_in_the_goal_choice(low, language):
    """Tief, low, bas; hoch, high, haut."""
    game = Game()
    game.do({"action": "quaffle_roll"}, 6, 6, 1, 1)
    assert parsed(game, low, by="SHüter") == {
        "action": "goal_third",
        "player": "SHüter",
        "third": "T",
    }
    assert parsed(game, "H", by="SHüter")["third"] == "H"
    assert CHAT[language].low == low


@pytest.mark.parametrize(
    ("nick", "de", "en", "fr"),
    [
        ("GHüter", "GHüter", "GKeeper", "GGardien"),
        ("SSucher", "SSucher", "SSeeker", "SAttrapeur"),
        ("GJäger3", "GJäger3", "GChaser3", "GPoursuiveur3"),
        ("STreiber1", "STreiber1", "SBeater1", "SBatteur1"),
        ("Slytherin", "Slytherin", "Slytherin", "Slytherin"),  # not a nick
    ],
)
def test_4_1_1_a_nick_is_spelled_in_each_language_and_read_in_all(nick, de, en, fr):
    assert [nick_in(nick, language) for language in ("de", "en", "fr")] == [de, en, fr]
    game = chasers()
    if nick in game.state["players"]:
        for spelled in (de, en, fr):
            assert parsed(game, f"{spelled}: Finden")["player"] == nick


def test_3_5_a_relayed_line_may_mix_the_languages_of_nick_and_word():
    game = chasers()
    assert parsed(game, "GChaser1: Pass GJäger2") == {
        "action": "pass",
        "player": "GJäger1",
        "target": "GJäger2",
    }
    assert parsed(game, "GPoursuiveur1: Pass GKeeper")["target"] == "GHüter"


def test_3_5_a_french_letter_may_lose_its_accent_as_an_umlaut_may_be_written_out():
    game = chasers()
    assert parsed(game, "Reception", by="GJäger1")["action"] == "catch"
    assert parsed(game, "Arret", by="SHüter")["action"] == "save"
    assert parsed(game, "Pass GJaeger2", by="GJäger1")["target"] == "GJäger2"


def test_3_5_a_misspelt_nick_is_suggested_in_the_spelling_it_came_closest_to():
    game = chasers()
    with pytest.raises(RuleViolation) as caught:
        parsed(game, "Pass GChasr2", by="GJäger1")
    assert caught.value.code == "unknown_nick"
    assert caught.value.extra["did_you_mean"] == "GChaser2"
    with pytest.raises(RuleViolation) as caught:
        parsed(game, "Pass GJager2", by="GJäger1")
    assert caught.value.extra["did_you_mean"] == "GJäger2"


def test_3_5_a_near_miss_of_a_line_is_suggested_in_its_language():
    game = chasers()
    with pytest.raises(RuleViolation) as caught:
        parsed(game, "Shot", by="GJäger1")
    assert caught.value.code == "not_a_command"
    assert caught.value.extra["did_you_mean"] == "Shoot"


def test_39_no_word_means_one_thing_in_one_language_and_another_in_the_next():
    meanings: dict[str, set] = {}
    for words in CHAT.values():
        for word, action in [*words.naming.items(), *words.bare.items()]:
            meanings.setdefault(word, set()).add(action)
        for word, command in words.referee.items():
            meanings.setdefault(word.lower(), set()).add(tuple(sorted(command.items())))
    assert {word: said for word, said in meanings.items() if len(said) > 1} == {}
    for words in CHAT.values():  # and every language has a word for every kind
        assert set(words.naming.values()) == set(CHAT["de"].naming.values())
        assert set(words.bare.values()) == set(CHAT["de"].bare.values())
        assert len(words.referee) == len(CHAT["de"].referee)


@pytest.mark.parametrize(
    ("line", "asks"),
    [("help", True), ("Hilfe", True), ("AIDE", True), (" help? ", True), ("helps", False)],
)
def test_39_help_hilfe_aide_in_any_case_ask_what_one_may_type(line, asks):
    assert asks_for_help(line) is asks
