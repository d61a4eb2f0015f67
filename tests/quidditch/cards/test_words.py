"""The card game in words, in English, German and French (issue 29): "Every offered command
reads as a player would say it ("Play Chaser 5 on the Quaffle") ... in the reader's
language", and "German, English and French for every game's narration, commands, refusals
and the pages' own text".

A test per kind of thing, each in the three languages; the names are docs/rules/card-game.md's.
"""

import random

import pytest

from games.bots import next_bot_move
from games.conformance import LEAKED_CODE, play_randomly
from games.dice import ServerDice
from games.ruleset import REFEREE, SPECTATOR, Actor
from games.tables import in_words, offer_forms
from tests.quidditch.cards import MANIFEST, RULES, G, Match, S, player, seven

QUAFFLE, BLUDGER, BLUDGER2, SNITCH = "P-quaffle-1", "P-bludger-1", "P-bludger-2", "P-snitch-1"
LANGUAGES = ("en", "de", "fr")


def said(command: dict, match: Match, team: str = S) -> dict[str, str]:
    view = RULES.view(match.state, player(team))
    return {language: MANIFEST.words.command(command, view, language) for language in LANGUAGES}


def test_the_rules_speak_english_first_then_german_and_french():
    """English is the rule text's language, so the game's own."""
    assert MANIFEST.words.languages == ("en", "de", "fr")


def test_the_teams_are_named_as_every_page_of_the_language_names_the_houses():
    """Issue 39: "A house's name is the same on every page of one language": French pages
    name the houses Gryffindor and Slytherin (the campaign's houses), so the cards do too."""
    view = RULES.view(
        Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[QUAFFLE]).state, player(S)
    )
    names = {lang: [MANIFEST.words.seat(t, view, lang) for t in (S, G)] for lang in LANGUAGES}
    assert names == {
        "en": ["Slytherin", "Gryffindor"],
        "de": ["Slytherin", "Gryffindor"],
        "fr": ["Slytherin", "Gryffindor"],
    }


def test_a_card_laid_on_a_ball_reads_as_play_the_card_on_the_ball():
    match = Match(slytherin=seven("S", "chaser5"), gryffindor=seven("G"), pitch=[QUAFFLE])
    match.pass_window()
    command = {"action": "play", "player": S, "ball": QUAFFLE, "card": "S-chaser5-1"}
    assert command in match.offered(S)
    assert said(command, match) == {
        "en": "Play Chaser 5 on the Quaffle",
        "de": "Jäger 5 auf den Quaffel spielen",
        "fr": "Jouer Poursuiveur 5 sur le Souafle",
    }


def test_two_bludgers_in_play_are_the_first_and_the_second():
    """The two Bludgers "on the pitch at any one time" (NOTE under Pitch Again) are told
    apart by their place on the pitch."""
    match = Match(
        slytherin=seven("S", "beater3"), gryffindor=seven("G"), pitch=[BLUDGER, BLUDGER2, QUAFFLE]
    )
    match.pass_window()
    match.done(S)  # Slytherin plays on no ball; Gryffindor must pitch: the second Bludger
    command = {"action": "play", "player": G, "ball": BLUDGER2, "card": "G-chaser5-1"}
    match.pass_window(first=G)
    assert command in match.offered(G)
    assert said(command, match, G) == {
        "en": "Play Chaser 5 on the second Bludger",
        "de": "Jäger 5 auf den zweiten Klatscher spielen",
        "fr": "Jouer Poursuiveur 5 sur le second Cognard",
    }


@pytest.mark.parametrize(
    ("card", "target", "expected"),
    [
        (
            "S-take_one_card-1",
            None,
            {"en": "Play Snatch", "de": "Kartenklau spielen", "fr": "Jouer Chapardage"},
        ),
        (
            "S-wingardium_leviosa-1",
            QUAFFLE,
            {
                "en": "Play Wingardium Leviosa on the Quaffle",
                "de": "Wingardium Leviosa auf den Quaffel spielen",
                "fr": "Jouer Wingardium Leviosa sur le Souafle",
            },
        ),
        (
            "S-take_back-1",
            "S-seeker12-1",
            {
                "en": "Take Seeker 12 back with Take Back",
                "de": "Sucher 12 mit Zurückholen zurückholen",
                "fr": "Reprendre Attrapeur 12 avec Reprise",
            },
        ),
        (
            "S-alohomora-1",
            "G-full_body_bind-1",
            {
                "en": "Cancel Full Body-Bind with Alohomora",
                "de": "Ganzkörperklammer mit Alohomora aufheben",
                "fr": "Annuler Petrificus Totalus avec Alohomora",
            },
        ),
    ],
)
def test_a_special_card_reads_as_what_it_does_to_its_target(card, target, expected):
    match = Match(slytherin=seven("S", "take_one_card"), gryffindor=seven("G"), pitch=[QUAFFLE])
    assert said({"action": "cast", "player": S, "card": card, "target": target}, match) == expected


def test_the_frames_commands_read_as_the_table_says_them():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[QUAFFLE])
    assert said({"action": "pass", "player": S}, match) == {
        "en": "Pass: no more special cards now",
        "de": "Passen: jetzt keine Sonderkarte mehr",
        "fr": "Passer : plus de carte spéciale pour l'instant",
    }
    assert said({"action": "pitch", "player": S}, match)["de"] == "Neuen Ball einwerfen"
    assert said({"action": "reveal", "player": S, "ball": SNITCH}, match) == {
        "en": "Turn over the Golden Snitch",
        "de": "Den Goldenen Schnatz aufdecken",
        "fr": "Révéler le Vif d'or",
    }


def test_a_form_of_plays_names_its_fields_and_their_choices_in_each_language():
    """Where a page draws the plays as a form (a plugin, the frame), its labels and options
    are words too: "Card" and "Chaser 5", "Karte" and "Jäger 5"."""
    match = Match(slytherin=seven("S", "chaser5"), gryffindor=seven("G"), pitch=[QUAFFLE])
    match.pass_window()
    view = RULES.view(match.state, player(S))
    for language, card, chaser in (
        ("en", "Card", "Chaser 5"),
        ("de", "Karte", "Jäger 5"),
        ("fr", "Carte", "Poursuiveur 5"),
    ):
        offered = in_words(MANIFEST.words, view, match.offered(S), language)
        (form,) = offer_forms(MANIFEST.words, view, offered, language)
        assert [choice.label for choice in form.choices] == [card]
        assert chaser in [words for _, words in form.choices[0].options]


def test_the_dice_purposes_are_said_in_each_language():
    assert [MANIFEST.words.purpose("shuffle", lang) for lang in LANGUAGES] == [
        "the shuffle",
        "das Mischen",
        "le mélange",
    ]
    assert MANIFEST.words.purpose("a card at random", "fr") == "une carte tirée au hasard"


def test_a_face_down_play_narrates_in_each_language():
    event = {"type": "played", "player": S, "ball": QUAFFLE, "card": "face down"}
    assert MANIFEST.words.narrate(event) == {
        "en": "Slytherin lays a card face down on the Quaffle.",
        "de": "Slytherin legt eine verdeckte Karte auf den Quaffel.",
        "fr": "Slytherin pose une carte face cachée sur le Souafle.",
    }


def test_a_card_taken_back_narrates_face_down_to_the_other_player():
    """ "Take back any card from your card pile": the card goes back to a hand, so to the
    other player it reads as a card face down (docs/rules/card-game.md)."""
    event = {
        "type": "took_effect",
        "player": S,
        "card": "S-take_back-1",
        "target": "S-seeker12-1",
    }
    record = {"command": {}, "submitted": {}, "events": [event], "dice": []}
    (seen,) = RULES.view_event(record, player(G))["events"]
    assert MANIFEST.words.narrate(seen) == {
        "en": "Take Back, played by Slytherin, takes effect on a card face down.",
        "de": "Zurückholen, gespielt von Slytherin, wirkt auf eine verdeckte Karte.",
        "fr": "Reprise, joué par Slytherin, agit sur une carte face cachée.",
    }


def test_the_end_narrates_in_each_language():
    event = {"type": "game_over", "totals": {S: 40, G: 180}, "winner": G}
    assert MANIFEST.words.narrate(event) == {
        "en": "The Snitch is caught. Slytherin 40, Gryffindor 180. Gryffindor wins!",
        "de": "Der Schnatz ist gefangen. Slytherin 40, Gryffindor 180. Gryffindor gewinnt!",
        "fr": "Le Vif d'or est attrapé. Slytherin 40, Gryffindor 180. Gryffindor gagne !",
    }


def test_every_line_of_a_whole_match_is_translated_into_german_and_french():
    """No English line left in a German or French transcript (a catalogue lacking a line
    would give the English back)."""
    rng = random.Random(7)
    dice = ServerDice(rng.randbytes(32), "words")
    state, lines = RULES.setup({}), {}
    while (move := next_bot_move(RULES, state, {S: "random", G: "random"}, rng)) is not None:
        outcome = RULES.apply(state, move.command, actor=move.actor, dice=dice, now=0.0)
        state = outcome.state
        for event in outcome.events:
            lines.setdefault(event["type"], MANIFEST.words.narrate(event))
    seen = set(lines)
    assert len(seen) >= 15
    for line in lines.values():
        assert line["de"] != line["en"] and line["fr"] != line["en"], line


def test_every_event_narrates_as_each_reader_sees_it():
    """A line is written from the event as its reader may see it: masked cards included."""
    readers = [
        Actor(SPECTATOR),
        Actor(REFEREE),
        player(S),
        player(G),
        Actor(REFEREE, frozenset({S})),
    ]
    for seed in range(3):
        game = play_randomly(RULES, {}, seed)
        for record in game.events:
            for reader in readers:
                for event in RULES.view_event(record, reader)["events"]:
                    for language, line in MANIFEST.words.narrate(event).items():
                        assert line and not LEAKED_CODE.search(line), (language, line)
