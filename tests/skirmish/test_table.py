"""The skirmish's table (issue 29): the initiative tracker, the attack in the air, and the
turn as one form (who acts, on whom, with which attribute, against which of the target's),
drawn from what the reader sees and may do, in the reader's language.

Order: Harry (p1), Hermione (p3), Ron (p2), Draco (p4); Draco started it.
"""

import json

from games import tables
from games.ruleset import Actor

from .rules import MANIFEST, SKIRMISH, SPECTATOR, STORYGUIDE, Table, begun, player

HEX = {"kind": "opposed", "attribute": "Wits", "opposing": {"attribute": "Wits"}}


def seen(state: dict, actor: Actor, language: str = "en") -> dict:
    """The table's context as ``actor`` would get it on the page."""
    view = SKIRMISH.view(state, actor)
    offered = tables.in_words(
        MANIFEST.words, view, SKIRMISH.allowed_commands(state, actor), language
    )
    return MANIFEST.table.context(tables.Seen(SKIRMISH, view, actor, language, offered))


def test_the_initiative_order_is_the_tracker_first_to_act_first():
    table = seen(begun().state, SPECTATOR)
    assert table["where"] == (
        "Round 1 (Physical: everyone rolled Dexterity for initiative). It is Harry's turn."
    )
    rows = table["rows"]
    assert [(row["place"], row["name"]) for row in rows] == [
        (1, "Harry"),
        (2, "Hermione"),
        (3, "Ron"),
        (4, "Draco"),
    ]
    assert [row["marks"] for row in rows] == [
        ["their turn"],
        ["may still dodge"],
        ["may still dodge"],
        ["started it"],
    ]
    assert [row["initiative"] for row in rows] == ["19", "18", "17", "16"]
    assert rows[0]["health_text"] == "5 / 5"
    assert rows[0]["attributes"] == (
        "Dexterity 5 · Humor 3 · Quickness 4 · Strength 4 · Toughness 4 · Wits 4"
    )
    assert table["turn"] is None and table["attack"] is None, "a spectator gets no commands"


def test_the_turn_is_one_form_who_on_whom_with_what_against_what():
    table = seen(begun().state, player("p1"))
    turn = table["turn"]
    assert turn["heading"] == "Harry's turn"
    act = turn["act"]
    assert act["who"] == "Harry"
    assert act["targets"] == [("p2", "Ron"), ("p3", "Hermione"), ("p4", "Draco")]
    assert act["attributes"][0] == ("Dexterity", "Dexterity (5)")
    assert act["data"]["participant"] == "p1"
    assert act["data"]["defences"]["p4"][:2] == [
        ["Dexterity", "Dexterity (4)"],
        ["Humor", "Humor (4)"],
    ]
    assert [button["label"] for button in act["plain"]] == ["Harry acts without a roll"]
    assert [button["label"] for button in turn["buttons"]] == ["Harry delays", "End Harry's turn"]
    sent = json.loads(turn["buttons"][0]["json"])
    assert sent == {"action": "delay", "participant": "p1"}


def test_the_form_offers_exactly_the_actions_the_rules_offer():
    """Every target, attribute and defence the form combines is an offered command."""
    state = begun().state
    act = seen(state, player("p1"))["turn"]["act"]
    offered = SKIRMISH.allowed_commands(state, player("p1"))
    for target, _name in act["targets"]:
        for attribute, _words in act["attributes"]:
            for defence, _words in act["data"]["defences"][target]:
                roll = {
                    "kind": "opposed",
                    "attribute": attribute,
                    "opposing": {"attribute": defence},
                }
                command = {"action": "act", "participant": "p1", "target": target, "roll": roll}
                assert command in offered


def test_an_attack_in_the_air_shows_its_defences_to_the_target():
    state = begun()
    state.do({"action": "act", "participant": "p1", "target": "p2", "roll": HEX, "what": "Stupefy"})
    attack = seen(state.state, player("p2"), "fr")["attack"]
    assert attack["text"] == "Harry attaque Ron : Vivacité contre Vivacité de Ron."
    assert attack["what"] == "Stupefy"
    assert [button["label"] for button in attack["buttons"]] == [
        "Ron esquive avec Rapidité",
        "Lancer l'attaque de Harry sur Ron",
    ]


def test_the_storyguides_health_buttons_sit_on_the_rows_within_the_bounds():
    state = begun()
    state.do({"action": "change_health", "participant": "p2", "by": -1})
    rows = {row["name"]: row for row in seen(state.state, STORYGUIDE, "de")["rows"]}
    assert [button["label"] for button in rows["Harry"]["health_buttons"]] == ["−1"]
    assert [button["label"] for button in rows["Ron"]["health_buttons"]] == ["−1", "+1"]
    assert rows["Ron"]["health_buttons"][1]["title"] == "Ron: Gesundheit +1"
    assert rows["Ron"]["health_text"] == "4 / 5"
    assert all(not row["health_buttons"] for row in seen(state.state, player("p2"))["rows"])


def test_a_delaying_participants_re_entry_sits_on_its_row():
    state = begun()
    state.delay("p1")
    rows = seen(state.state, player("p1"), "de")["rows"]
    assert rows[0]["marks"] == ["kann noch ausweichen", "wartet ab"]  # Ch.7 ¶9: still to act
    assert [button["label"] for button in rows[0]["buttons"]] == [
        "Harry handelt gleich nach diesem Zug"
    ]


def test_before_initiative_the_participants_are_listed_as_they_joined():
    table = seen(Table().state, STORYGUIDE, "de")
    assert table["where"] == "Die Spielleitung versammelt die Teilnehmer und bestimmt, wer beginnt."
    assert [(row["place"], row["name"], row["initiative"]) for row in table["rows"]] == [
        (None, "Harry", "—"),
        (None, "Ron", "—"),
        (None, "Hermione", "—"),
        (None, "Draco", "—"),
    ]


def test_at_the_end_the_table_says_how_it_ended():
    state = begun()
    for key in ("p2", "p3", "p4"):
        state.do({"action": "change_health", "participant": key, "by": -5})
    table = seen(state.state, SPECTATOR, "fr")
    assert table["where"] == "", "how it ended is the frame's (issue 39); no summary was given"
    assert [row["marks"] for row in table["rows"]][1:] == [["hors de combat"]] * 2 + [
        ["l'a déclenchée", "hors de combat"]
    ]
    assert [row["out"] for row in table["rows"]] == [False, True, True, True]
