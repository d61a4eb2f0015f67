"""Everything a person reads of Draco Dormiens quidditch in English (the text's own language,
the game's default), German and French (issue 29): the transcript, the commands and their
forms, the seats, the dice's purposes and the refusals, with the players by name and the
game's own words (Klatscher, Schnatz, Hüter; Cognard, Vif d'or, gardien, Madame Bibine)."""

import pytest
from django.utils import translation

from games.dice import ScriptedDice
from games.ruleset import REFEREE, Actor, RuleViolation
from quidditch.rpg.manifest import MANIFEST
from tests.quidditch.rpg import AT_KEEPERS, RULES, Match

pytestmark = pytest.mark.parametrize("language", ["en", "de", "fr"])

HOUSES = {"home": "Gryffindor", "away": "Slytherin"}
BLUDGER = {
    "type": "bludger",
    "player": "away.beater1",
    "name": "Vincent Crabbe",
    "faces": [17, 3],
    "total": 22,
    "difficulty": 14,
    "success": True,
    "target": "home.chaser2",
    "target_name": "Katie Bell",
    "foul": False,
    "blocked": True,
}
GOAL = {
    "type": "goal",
    "player": "home.chaser1",
    "name": "Angelina Johnson",
    "side": "home",
    "score": {"home": 30, "away": 10},
    "houses": HOUSES,
}
SEEKER = {
    "type": "seeker",
    "player": "away.seeker",
    "name": "Draco Malfoy",
    "faces": [4, 12],
    "total": 22,
    "difficulty": None,
    "success": None,
    "play": "interfere",
}
OVER = {
    "type": "game_over",
    "winner": "home",
    "score": {"home": 450, "away": 270},
    "houses": HOUSES,
}
NARRATION = {
    "en": (
        "Vincent Crabbe sends a bludger at Katie Bell (17 and 3, total 22 against 14): "
        "a hit, and the goal is blocked.",
        "Goal by Angelina Johnson! Gryffindor 30, Slytherin 10.",
        "Draco Malfoy gets in the other seeker's way (4 and 12, total 22).",
        "Game over: Gryffindor 450, Slytherin 270. Gryffindor wins.",
    ),
    "de": (
        "Vincent Crabbe schlägt einen Klatscher auf Katie Bell (17 und 3, gesamt 22 gegen 14): "
        "ein Treffer, und das Tor ist verhindert.",
        "Tor durch Angelina Johnson! Gryffindor 30, Slytherin 10.",
        "Draco Malfoy stört den gegnerischen Sucher (4 und 12, gesamt 22).",
        "Spielende: Gryffindor 450, Slytherin 270. Gryffindor gewinnt.",
    ),
    "fr": (
        "Vincent Crabbe envoie un Cognard sur Katie Bell (17 et 3, total 22 contre 14) : "
        "touché, et le but est empêché.",
        "But de Angelina Johnson ! Gryffindor 30, Slytherin 10.",
        "Draco Malfoy gêne l'attrapeur adverse (4 et 12, total 22).",
        "Fin du match : Gryffindor 450, Slytherin 270. Gryffindor gagne.",
    ),
}


def test_the_game_speaks_english_first_then_german_and_french(language):
    assert MANIFEST.words.languages == ("en", "de", "fr")


def test_the_transcript_in_each_language(language):
    lines = tuple(
        MANIFEST.words.narrate(event)[language] for event in (BLUDGER, GOAL, SEEKER, OVER)
    )
    assert lines == NARRATION[language]


def test_every_line_is_said_in_every_language_on_real_play(language):
    """A whole match's events (the first beater's two targets, penalty shots, the snitch)."""
    match = Match()
    match.state["players"]["home.chaser1"]["health"] = 1
    targets = {
        "home.beater1": "away.chaser1",
        "home.beater2": "away.keeper",
        "away.beater1": "home.chaser1",
        "away.beater2": "home.keeper",
    }
    match.turn(targets, *[20, 1] * 6, *[20, 1] * 4)
    kinds = {event["type"] for event in match.events}
    assert kinds >= {"chose", "shot", "bludger", "goal", "left_the_match", "turn_started"}
    for event in match.events:
        line = MANIFEST.words.narrate(event)[language]
        assert line and "home." not in line and "away." not in line, line


COMMANDS = {
    "en": [
        "Fred Weasley: the bludger at Miles Bletchley (keeper)",
        "Harry Potter: try to catch the snitch",
        "Harry Potter: interfere with the other seeker",
        "Madam Hooch looks elsewhere this turn",
    ],
    "de": [
        "Fred Weasley: Klatscher auf Miles Bletchley (Hüter)",
        "Harry Potter: den Schnatz fangen",
        "Harry Potter: den gegnerischen Sucher stören",
        "Madam Hooch schaut in dieser Runde weg",
    ],
    "fr": [
        "Fred Weasley : le Cognard sur Miles Bletchley (gardien)",
        "Harry Potter : tenter d'attraper le Vif d'or",
        "Harry Potter : gêner l'attrapeur adverse",
        "Madame Bibine regarde ailleurs ce tour-ci",
    ],
}


def named() -> dict:
    state = Match().state
    for key, name in {
        "home.beater1": "Fred Weasley",
        "home.seeker": "Harry Potter",
        "away.keeper": "Miles Bletchley",
    }.items():
        state["players"][key]["name"] = name
    return state


def test_each_command_as_its_giver_would_say_it(language):
    view = named()
    commands = [
        {"action": "aim", "player": "home.beater1", "target": "away.keeper"},
        {"action": "seek", "player": "home.seeker", "play": "catch"},
        {"action": "seek", "player": "home.seeker", "play": "interfere"},
        {"action": "distract_referee"},
    ]
    assert [MANIFEST.words.command(c, view, language) for c in commands] == COMMANDS[language]


FORMS = {
    "en": (
        "Aim a bludger",
        "Target",
        "Miles Bletchley (keeper)",
        "Chase the snitch",
        "Play",
        "Try to catch the snitch",
        "Player",
        "Fred Weasley",
    ),
    "de": (
        "Klatscher schlagen",
        "Ziel",
        "Miles Bletchley (Hüter)",
        "Den Schnatz jagen",
        "Spielzug",
        "Den Schnatz fangen",
        "Spieler",
        "Fred Weasley",
    ),
    "fr": (
        "Diriger un Cognard",
        "Cible",
        "Miles Bletchley (gardien)",
        "Chasser le Vif d'or",
        "Jeu",
        "Tenter d'attraper le Vif d'or",
        "Joueur",
        "Fred Weasley",
    ),
}


def test_a_form_of_choices_has_a_heading_its_fields_and_their_choices(language):
    """Issue 29: "each choice as a select of the legal targets", in the reader's words."""
    view = named()
    assert (
        MANIFEST.words.action("aim", language),
        MANIFEST.words.field("aim", "target", language),
        MANIFEST.words.choice("aim", "target", "away.keeper", view, language),
        MANIFEST.words.action("seek", language),
        MANIFEST.words.field("seek", "play", language),
        MANIFEST.words.choice("seek", "play", "catch", view, language),
        MANIFEST.words.field("aim", "player", language),
        MANIFEST.words.choice("aim", "player", "home.beater1", view, language),
    ) == FORMS[language]


def test_a_seat_is_its_player_by_name(language):
    assert MANIFEST.words.seat("home.seeker", named(), language) == "Harry Potter"


PURPOSES = {
    "en": [
        "Katie Bell's shot",
        "Fred Weasley's bludger",
        "Katie Bell's penalty shot",
        "Harry Potter's try for the snitch",
        "Draco Malfoy's interference",
        "whether Madam Hooch sees the foul",
    ],
    "de": [
        "Torwurf von Katie Bell",
        "Klatscher von Fred Weasley",
        "Strafwurf von Katie Bell",
        "Fangversuch von Harry Potter",
        "Störmanöver von Draco Malfoy",
        "ob Madam Hooch das Foul sieht",
    ],
    "fr": [
        "tir de Katie Bell",
        "Cognard de Fred Weasley",
        "penalty de Katie Bell",
        "tentative de Harry Potter sur le Vif d'or",
        "obstruction de Draco Malfoy",
        "si Madame Bibine voit la faute",
    ],
}


def test_what_each_die_is_rolled_for(language):
    purposes = [
        "shot:Katie Bell",
        "bludger:Fred Weasley",
        "penalty_shot:Katie Bell",
        "catch:Harry Potter",
        "interfere:Draco Malfoy",
        "referee_looking",
    ]
    assert [MANIFEST.words.purpose(p, language) for p in purposes] == PURPOSES[language]


def test_the_rolls_of_a_turn_are_logged_for_what_they_are(language):
    """A turn's dice are each chaser's shot and each beater's bludger, by the player's name
    (``tests.quidditch.rpg``: GC1 is Gryffindor's chaser 1, SB5 Slytherin's second beater)."""
    dice, referee, state = ScriptedDice([1] * 20), Actor(REFEREE), Match().state
    commands = [
        {"action": "distract_referee"},
        *({"action": "aim", "player": key, "target": at} for key, at in AT_KEEPERS.items()),
    ]
    for command in commands:
        state = RULES.apply(state, command, actor=referee, dice=dice, now=0.0).state
    purposes = sorted({roll.purpose for roll in dice.rolls})
    assert purposes == [
        "bludger:GB4",
        "bludger:GB5",
        "bludger:SB4",
        "bludger:SB5",
        "shot:GC1",
        "shot:GC2",
        "shot:GC3",
        "shot:SC1",
        "shot:SC2",
        "shot:SC3",
    ]
    assert MANIFEST.words.purpose("bludger:SB5", language) == PURPOSES[language][1].replace(
        "Fred Weasley", "SB5"
    )


REFUSALS = {
    "en": ("You do not play SB4.", "Only the storyguide decides what Madam Hooch sees."),
    "de": ("Du spielst SB4 nicht.", "Nur die Spielleitung entscheidet, was Madam Hooch sieht."),
    "fr": ("Vous ne jouez pas SB4.", "Seul le meneur de jeu décide de ce que voit Madame Bibine."),
}


def test_a_refusal_is_told_in_the_readers_language_with_the_players_name(language):
    fred = Actor("player", frozenset({"home.beater1"}))
    for command, expected in zip(
        (
            {"action": "aim", "player": "away.beater1", "target": "home.chaser1"},
            {"action": "distract_referee"},
        ),
        REFUSALS[language],
        strict=True,
    ):
        with pytest.raises(RuleViolation) as refused:
            RULES.apply(Match().state, command, actor=fred, dice=None, now=0.0)
        with translation.override(language):
            assert refused.value.to_json(translation.gettext)["detail"] == expected


def test_a_match_untitled_is_called_by_its_houses_home_first(language):
    """Names, not a sentence: the same title for every reader, whatever their language."""
    with translation.override(language):
        assert MANIFEST.words.game_title(Match().state) == "Gryffindor v Slytherin"
