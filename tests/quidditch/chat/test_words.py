"""Chat-Quidditch in words, in German, English and French (issue 29).

"Languages mix on one page: 'Awaited: referee: Chatende', 'Slytherin chooses H as
goal third. Pitch: G – M – S' (H is German, the score table says S), German quotes
around an English error, 'referee stimmt dem Spielende zu'." Each kind of text a
page shows is checked here in each language; nicks read in the page's language
(issue 39: GSeeker, GAttrapeur), the thirds' letters are names in every language
(§4.1.1, §4.2).
"""

from __future__ import annotations

import pytest

from quidditch.chat.manifest import MANIFEST
from quidditch.chat.texts import LANGUAGES

from .rules import RULES, Game

WORDS = MANIFEST.words


def chasers() -> Game:
    """GJäger1 holds the quaffle in M; pitch S, M, G from low to high."""
    return Game().kick_off().to_chasers(carrier=3)


def test_29_the_game_speaks_german_first_then_english_and_french():
    assert WORDS.languages == LANGUAGES == ("de", "en", "fr")


@pytest.mark.parametrize(
    ("command", "de", "en", "fr"),
    [
        (
            {"action": "pass", "player": "GJäger1", "target": "GJäger2"},
            "GJäger1: Pass an GJäger2",
            "GChaser1: Pass to GChaser2",
            "GPoursuiveur1\u00a0: Passer à GPoursuiveur2",
        ),
        (
            {"action": "fly", "player": "GJäger1", "from": "M", "to": "S"},
            "GJäger1: Fliegen von M (die Mitte) nach S (Tor von Slytherin)",
            "GChaser1: Fly from M (the middle) to S (Slytherin's goal)",
            "GPoursuiveur1\u00a0: Voler de M (le milieu) à S (but de Slytherin)",
        ),
        (
            {"action": "attack", "player": "SHüter"},
            "SHüter: Den Quaffelträger angreifen",
            "SKeeper: Attack the quaffle carrier",
            "SGardien\u00a0: Attaquer le porteur du Souafle",
        ),
        (
            {"action": "release", "ball": "bludgers"},
            "Klatscher freigeben",
            "Release the bludgers",
            "Lâcher les Cognards",
        ),
        (
            {"action": "end_subround"},
            "Die Teilrunde beenden",
            "End the sub-round",
            "Mettre fin à la phase",
        ),
    ],
)
def test_29_a_command_reads_as_its_giver_says_it_in_each_language(command, de, en, fr):
    view = chasers().state
    assert [WORDS.command(command, view, language) for language in LANGUAGES] == [de, en, fr]


@pytest.mark.parametrize(
    ("third", "de", "en", "fr"),
    [
        (
            "T",
            "Unser Tor ins tiefe Drittel (T)",
            "Put our goal in the low third",
            "Placer notre but dans le tiers bas",
        ),
        (
            "H",
            "Unser Tor ins hohe Drittel (H)",
            "Put our goal in the high third",
            "Placer notre but dans le tiers haut",
        ),
    ],
)
def test_4_2_the_goal_choice_says_low_and_high_in_english_and_french(third, de, en, fr):
    game = Game()
    game.do({"action": "quaffle_roll"}, 6, 6, 1, 1)
    command = {"action": "goal_third", "player": "SHüter", "third": third}
    words = [WORDS.command(command, game.state, language) for language in LANGUAGES]
    assert words == [f"SHüter: {de}", f"SKeeper: {en}", f"SGardien\u00a0: {fr}"]


def test_29_a_forms_heading_field_and_choices_are_words():
    view = chasers().state
    assert [WORDS.action("bludger_throw", language) for language in LANGUAGES] == [
        "Klatscherwurf",
        "Throw a bludger",
        "Lancer un Cognard",
    ]
    assert [WORDS.field("fly", "to", language) for language in LANGUAGES] == [
        "Nach",
        "To",
        "Vers",
    ]
    assert [WORDS.choice("release", "ball", "snitch", view, lang) for lang in LANGUAGES] == [
        "der Schnatz",
        "the snitch",
        "le Vif d'or",
    ]
    assert WORDS.choice("end_game", "player", None, view, "fr") == "l'arbitre"
    points = {"GJäger1": 2, "GHüter": 1, "GSucher": 0}
    assert WORDS.choice("experience", "points", points, view, "de") == "GJäger1 2, GHüter 1"
    assert WORDS.choice("experience", "points", points, view, "en") == "GChaser1 2, GKeeper 1"
    assert WORDS.choice("experience", "points", {}, view, "fr") == "aucun"


def test_4_1_1_a_seat_is_the_nick_in_the_readers_language_with_whoever_plays_it():
    """Issue 39: "Seats read GHüter, GSucher, GJäger1 on the English page"."""
    view = RULES.setup(MANIFEST.contract.example)
    assert [WORDS.seat("GSucher", view, language) for language in LANGUAGES] == [
        "GSucher (Harry Potter)",
        "GSeeker (Harry Potter)",
        "GAttrapeur (Harry Potter)",
    ]


@pytest.mark.parametrize(
    ("purpose", "de", "en", "fr"),
    [
        ("pass", "ein Pass", "a pass", "une passe"),
        (
            "block (tie)",
            "das Abblocken, nach Gleichstand neu gewürfelt",
            "a block, rolled again after a tie",
            "un blocage, relance après une égalité",
        ),
    ],
)
def test_3_3_what_a_die_is_rolled_for(purpose, de, en, fr):
    assert [WORDS.purpose(purpose, language) for language in LANGUAGES] == [de, en, fr]


@pytest.mark.parametrize(
    ("event", "de", "en", "fr"),
    [
        (
            {
                "type": "goal_third",
                "team": 1,
                "house": "Slytherin",
                "choice": "H",
                "pitch": ["G", "M", "S"],
            },
            "Slytherin wählt H als Tordrittel. Spielfeld von tief nach hoch: G – M – S",
            "Slytherin puts its goal in the high third. Pitch, low to high: G – M – S",
            "Slytherin place son but dans le tiers haut. Terrain, de bas en haut\u00a0: G – M – S",
        ),
        (
            {"type": "end_vote", "voter": "referee"},
            "Der Schiedsrichter stimmt dem Spielende zu",
            "The referee agrees to end the game",
            "L'arbitre accepte la fin du match",
        ),
        (
            {
                "type": "pass",
                "player": "GJäger1",
                "target": "GJäger2",
                "dice": [4, 2],
                "outcome": "success",
            },
            "GJäger1: Pass GJäger2 (4, 2)",
            "GChaser1 passes to GChaser2 (4, 2)",
            "GPoursuiveur1 passe à GPoursuiveur2 (4, 2)",
        ),
        (
            {"type": "game_over", "reason": "snitch", "winner": 0, "points": [180, 10]},
            "Spielende: Der Schnatz ist gefangen. Endergebnis: 180 – 10",
            "Game over: the snitch is caught. Final result: 180 – 10",
            "Fin du match\u00a0: le Vif d'or est attrapé. Résultat final\u00a0: 180 – 10",
        ),
    ],
)
def test_29_the_transcript_speaks_one_language_per_line(event, de, en, fr):
    assert WORDS.narrate(event) == {"de": de, "en": en, "fr": fr}


def test_3_5_a_shot_says_whose_goal_it_is_at_since_one_at_the_own_goal_counts():
    game = Game().kick_off().to_chasers(carrier=6)  # GJäger1 in G, in front of his own goal
    shot = {"action": "shot", "player": "GJäger1"}
    assert [WORDS.command(shot, game.state, language) for language in LANGUAGES] == [
        "GJäger1: Torwurf auf G (Tor von Gryffindor)",
        "GChaser1: Shoot at the goal in G (Gryffindor's goal)",
        "GPoursuiveur1\u00a0: Tirer au but en G (but de Gryffindor)",
    ]
