"""The dice game's table (issue 29): the six rows with their dice, each side's hand with its
faces, goal and snitch points, and a die the reader may place as a button on its row."""

import json

import pytest
from django.test import Client

from games.ruleset import PLAYER, SPECTATOR, Actor
from games.tables import Seen, in_words
from quidditch.dice.manifest import MANIFEST
from tests.quidditch.dice import RULES, Game, started

RED = Actor(PLAYER, frozenset({"red"}))


def seen(game, actor=RED, language="en") -> Seen:
    view = RULES.view(game.state, actor)
    offered = in_words(MANIFEST.words, view, RULES.allowed_commands(game.state, actor), language)
    return Seen(RULES, view, actor, language, offered)


def mid_round():
    """Red attacks: the snitch on row 1, goal dice 1 and 2 with the quaffle on row 4 (60 goal
    points), blue's keeper on row 5; after the re-roll red holds goal die 3 (row 3) and goal
    die 4 (row 6), blue bludger 1 (11: row 6) and bludger 2 (3: row 2)."""
    game = started(attack_faces=(1, 4, 4, 2, 3, 7), defence_faces=(5, 11, 12))
    for die in ("snitch", "goal1", "goal2", "quaffle"):
        game.place("red", die)
    game.end_turn("red")
    game.place("blue", "keeper")
    game.end_turn("blue", 3, 6, 11, 3)
    return game


def test_the_six_rows_show_their_dice_and_what_they_are_worth_so_far():
    table = MANIFEST.table.context(seen(mid_round()))
    rows = {row["number"]: row for row in table["rows"]}
    assert list(rows) == [1, 2, 3, 4, 5, 6]
    assert [die["name"] for die in rows[4]["dice"]] == ["Goal die 1", "Goal die 2", "Quaffle"]
    assert rows[4]["worth"] == "+60 goal points"  # LE POINTAGE: 2 x 20 + 20
    assert (rows[5]["worth"], rows[5]["blocked"]) == ("blocked", True)  # the keeper
    assert rows[1]["worth"] == "" and table["so_far"] == "+60 goal points"


def test_a_die_the_reader_may_place_is_a_button_on_the_row_it_goes_to():
    table = MANIFEST.table.context(seen(mid_round()))
    buttons = {row["number"]: row["buttons"] for row in table["rows"]}
    assert [b["name"] for b in buttons[3]] == ["Goal die 3"]
    assert [b["name"] for b in buttons[6]] == ["Goal die 4"]
    assert json.loads(buttons[3][0]["json"]) == {"action": "place", "player": "red", "die": "goal3"}
    assert buttons[3][0]["text"] == "Place goal die 3 on row 3"
    assert not buttons[1] and not buttons[2] and not buttons[4]
    assert MANIFEST.table.draws == {"place", "set_aside"}, "ending the turn is the frame's button"


def test_a_spectator_sees_the_same_pitch_and_no_button():
    table = MANIFEST.table.context(seen(mid_round(), Actor(SPECTATOR)))
    assert all(not row["buttons"] for row in table["rows"])
    assert table["rows"][3]["worth"] == "+60 goal points"


def test_each_side_shows_its_role_points_and_the_dice_in_its_hand_with_their_faces():
    red, blue = MANIFEST.table.context(seen(mid_round()))["sides"]
    assert (red["name"], red["role"], red["turn"], red["snitch"]) == (
        "Red",
        "attack",
        True,
        "0 of 5",
    )
    assert [(d["name"], d["face"], d["goes_to"]) for d in red["hand"]] == [
        ("Goal die 3", 3, "row 3"),
        ("Goal die 4", 6, "row 6"),
    ]
    assert [(d["name"], d["face"], d["goes_to"]) for d in blue["hand"]] == [
        ("Bludger 1", 11, "row 6"),  # a d12 halved (LE TERRAIN, the setting twelve_sided)
        ("Bludger 2", 3, "row 2"),
    ]


def test_the_row_of_the_attacks_turn_is_said():
    """LE JEU, "sur une même rangée": once goal die 3 is on row 3, the turn stays there."""
    game = mid_round()
    game.place("red", "goal3")
    table = MANIFEST.table.context(seen(game))
    assert table["turn_row"] == "This turn, the attack's dice go to row 3 only."
    assert all(not row["buttons"] for row in table["rows"]), "goal die 4 goes to row 6"


@pytest.mark.parametrize(
    ("language", "row", "worth", "hand", "button"),
    [
        (
            "fr",
            "Rangée 4",
            "+60 points de but",
            "Dé de but 3",
            "Placer le dé de but 3 sur la rangée 3",
        ),
        ("de", "Reihe 4", "+60 Torpunkte", "Torwürfel 3", "Lege den Torwürfel 3 in Reihe 3"),
        ("en", "Row 4", "+60 goal points", "Goal die 3", "Place goal die 3 on row 3"),
    ],
)
def test_the_table_speaks_the_pages_language(language, row, worth, hand, button):
    table = MANIFEST.table.context(seen(mid_round(), language=language))
    assert (table["rows"][3]["label"], table["rows"][3]["worth"]) == (row, worth)
    assert table["sides"][0]["hand"][0]["name"] == hand
    assert table["rows"][2]["buttons"][0]["text"] == button


def test_before_the_roll_off_the_table_shows_the_players_and_no_pitch():
    game = Game()
    table = MANIFEST.table.context(seen(game))
    assert table["started"] is False and "rows" not in table
    assert [side["goals"] for side in table["sides"]] == [0, 0]


@pytest.mark.django_db
def test_the_page_is_in_french_the_texts_own_language_unless_the_reader_asks(members):
    """The rule text is French: a reader who names no language reads the game in French;
    ``?lang=de`` gives German. The player's dice are buttons on their rows."""
    created = members.client(members.storyguide).post(
        "/api/matches/",
        {
            "campaign": members.campaign.pk,
            "ruleset": "dice-quidditch",
            "config": {},
            "seats": {"red": members.player.pk},
            "bots": {"blue": "sensible"},
        },
        format="json",
    )
    client = Client()
    client.force_login(members.player)
    url = f"/matches/{created.json()['id']}/"
    french = client.get(url).content.decode()
    assert "Rangée 1" in french and "Manche" in french and "Reihe 1" not in french
    assert 'class="place" data-command=' in french, "the snitch or the keeper, on its row"
    german = client.get(url, {"lang": "de"}).content.decode()
    assert "Reihe 1" in german and "Rangée" not in german
