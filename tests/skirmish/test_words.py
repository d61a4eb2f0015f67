"""The skirmish in words, in English, German and French (issue 29): every kind of command as
a button says it, the forms' headings, fields and choices, the seats, the dice's purposes,
the transcript, and the refusals. Participants by name, attributes as the players call
them; never a key.
"""

import pytest

from games import tables
from games.ruleset import Actor

from .rules import MANIFEST, SKIRMISH, STORYGUIDE, begun, player

LANGUAGES = ("en", "de", "fr")
HEX = {"kind": "opposed", "attribute": "Dexterity", "opposing": {"attribute": "Quickness"}}


def words(command: dict, view: dict) -> dict[str, str]:
    return {language: MANIFEST.words.command(command, view, language) for language in LANGUAGES}


def test_an_action_reads_who_on_whom_with_what_against_what():
    view = begun().state
    command = {"action": "act", "participant": "p1", "target": "p4", "roll": HEX}
    assert words(command, view) == {
        "en": "Harry: Dexterity against Draco's Quickness",
        "de": "Harry: Geschicklichkeit gegen Schnelligkeit von Draco",
        "fr": "Harry : Dextérité contre Rapidité de Draco",
    }
    assert words({"action": "act", "participant": "p1"}, view) == {
        "en": "Harry acts without a roll",
        "de": "Harry handelt ohne Wurf",
        "fr": "Harry agit sans jet",
    }
    assert words({**command, "what": "Stupefy"}, view)["de"] == (
        "Harry: Geschicklichkeit gegen Schnelligkeit von Draco – Stupefy"
    )


@pytest.mark.parametrize(
    ("command", "en", "de", "fr"),
    [
        (
            {"action": "delay", "participant": "p1"},
            "Harry delays",
            "Harry wartet ab",
            "Harry temporise",
        ),
        (
            {"action": "end_turn", "participant": "p1"},
            "End Harry's turn",
            "Zug von Harry beenden",
            "Finir le tour de Harry",
        ),
        (
            {"action": "re_enter", "participant": "p2"},
            "Ron acts right after this turn",
            "Ron handelt gleich nach diesem Zug",
            "Ron agit juste après ce tour",
        ),
        (
            {"action": "change_health", "participant": "p2", "by": -1},
            "Ron: Health −1",
            "Ron: Gesundheit −1",
            "Ron : Santé −1",
        ),
        (
            {"action": "roll_initiative", "initiator": "p4", "category": "social"},
            "Draco starts the skirmish (Social)",
            "Draco beginnt das Gefecht (Sozial)",
            "Draco déclenche l'escarmouche (Social)",
        ),
        (
            {"action": "end_skirmish"},
            "End the skirmish",
            "Gefecht beenden",
            "Terminer l'escarmouche",
        ),
    ],
)
def test_each_kind_of_command_reads_as_the_table_says_it(command, en, de, fr):
    assert words(command, begun().state) == {"en": en, "de": de, "fr": fr}


def test_the_defences_read_with_the_attribute_the_storyguide_chose():
    table = begun()
    table.do({"action": "act", "participant": "p1", "target": "p2", "roll": HEX})
    assert words({"action": "dodge", "participant": "p2"}, table.state) == {
        "en": "Ron dodges with Quickness",
        "de": "Ron weicht mit Schnelligkeit aus",
        "fr": "Ron esquive avec Rapidité",
    }
    assert words(
        {"action": "intervene", "participant": "p3", "attribute": "Wits"}, table.state
    ) == {
        "en": "Hermione intervenes for Ron with Wits",
        "de": "Hermione geht mit Scharfsinn für Ron dazwischen",
        "fr": "Hermione s'interpose pour Ron avec Vivacité",
    }
    assert words({"action": "resolve_attack"}, table.state) == {
        "en": "Roll Harry's attack on Ron",
        "de": "Angriff von Harry auf Ron würfeln",
        "fr": "Lancer l'attaque de Harry sur Ron",
    }


def test_forms_name_their_kind_fields_and_choices_in_words():
    view = begun().state
    assert [MANIFEST.words.action("dodge", language) for language in LANGUAGES] == [
        "Dodge",
        "Ausweichen",
        "Esquiver",
    ]
    assert [MANIFEST.words.field("act", "target", language) for language in LANGUAGES] == [
        "On whom",
        "Gegen wen",
        "Sur qui",
    ]
    assert MANIFEST.words.choice("act", "target", "p4", view, "fr") == "Draco"
    assert MANIFEST.words.choice("dodge", "attribute", "Toughness", view, "de") == "Zähigkeit"
    assert (
        MANIFEST.words.choice("roll_initiative", "category", "physical", view, "fr") == "Physique"
    )
    assert MANIFEST.words.choice("act", "roll", HEX, view, "en") == "Dexterity against Quickness"
    assert MANIFEST.words.seat("p3", view, "de") == "Hermione"


def test_an_attribute_the_campaign_named_itself_is_shown_as_written():
    view = begun().state
    assert MANIFEST.words.choice("dodge", "attribute", "Cunning", view, "de") == "Cunning"


@pytest.mark.parametrize(
    ("purpose", "en", "de", "fr"),
    [
        ("initiative: Ron", "Initiative: Ron", "Initiative: Ron", "Initiative : Ron"),
        (
            "initiative roll-off: Ron",
            "Initiative roll-off: Ron",
            "Stechen um die Initiative: Ron",
            "Départage d'initiative : Ron",
        ),
        (
            "Harry: opposed roll",
            "Harry: opposed roll",
            "Harry: vergleichender Wurf",
            "Harry : jet en opposition",
        ),
        (
            "Harry: Stupefy (opposing)",
            "Harry: Stupefy (opposing)",
            "Harry: Stupefy (Gegenwurf)",
            "Harry : Stupefy (jet adverse)",
        ),
    ],
)
def test_the_dice_say_what_they_are_rolled_for(purpose, en, de, fr):
    assert [MANIFEST.words.purpose(purpose, language) for language in LANGUAGES] == [en, de, fr]


def test_the_transcript_reads_in_three_languages():
    table = begun()
    events = table.do(
        {"action": "change_health", "participant": "p4", "by": -5, "reason": "Peeves"}
    )
    assert MANIFEST.words.narrate(events[0]) == {
        "en": "Draco: Health −5, now 0 (Peeves).",
        "de": "Draco: Gesundheit −5, jetzt 0 (Peeves).",
        "fr": "Draco : Santé −5, maintenant 0 (Peeves).",
    }
    assert MANIFEST.words.narrate(events[1]) == {
        "en": "Draco is out of the fight.",
        "de": "Draco ist außer Gefecht.",
        "fr": "Draco est hors de combat.",
    }


def test_no_offer_shows_a_key_in_any_language():
    table = begun()
    table.do({"action": "act", "participant": "p1", "target": "p2", "roll": HEX})
    for actor in (STORYGUIDE, player("p2"), Actor("referee", frozenset({"p2"}))):
        commands = SKIRMISH.allowed_commands(table.state, actor)
        for language in LANGUAGES:
            for offer in tables.in_words(MANIFEST.words, table.state, commands, language):
                assert "p1" not in offer.text and "p2" not in offer.text and offer.text
