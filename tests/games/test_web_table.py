"""The web table every ruleset gets on its game page (issue 18, "A player's pages").

The page shows the commands the reader may give now as buttons (from
``allowed_commands``), a text box for a ruleset that parses typed commands,
and the data its script needs to send them through the API; every reader's
page follows the game's stream. A reader who may command nothing gets no buttons.
"""

import json
import re

import pytest
from django.test import Client

from games import tables, words

pytestmark = pytest.mark.django_db


def page(user, game_id):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/matches/{game_id}/")


def buttons(response) -> list[dict]:
    html = response.content.decode()
    return [
        json.loads(re.sub("&quot;", '"', raw))
        for raw in re.findall(r'data-command="([^"]*)"', html)
    ]


def table_data(response) -> dict:
    found = re.search(
        r'<script id="table-data" type="application/json">(.*?)</script>', response.content.decode()
    )
    return json.loads(found.group(1))


def test_a_seated_player_gets_a_button_for_each_allowed_command_and_a_text_box(table):
    game = table.create_game()
    response = page(table.player, game["id"])
    assert response.status_code == 200
    assert buttons(response) == [{"action": "roll"}]
    assert '<form id="say" method="post">' in response.content.decode()
    data = table_data(response)
    assert data["version"] == 0 and data["confirm"] == {}  # the toy has no ending action
    assert data["csrf"]  # the page's script sends it with each command


def live(response) -> dict | None:
    found = re.search(r'<p id="live"([^>]*)>', response.content.decode())
    return dict(re.findall(r'data-(\w+)="([^"]*)"', found.group(1))) if found else None


def test_every_reader_of_a_game_in_progress_follows_its_stream_and_no_one_a_finished_one(table):
    """Issue 19: the page follows the game's stream from the version it shows, and polls
    ``events/`` only where a stream cannot be had."""
    game = table.create_game()
    table.client(table.player).post(
        f"/api/matches/{game['id']}/commands/", {"command": {"action": "roll"}}, format="json"
    )
    for reader in (table.player, table.spectator):
        assert live(page(reader, game["id"])) == {
            "stream": f"/api/matches/{game['id']}/stream/",
            "after": "1",
            "poll": f"/api/matches/{game['id']}/events/",
            "every": "3000",
        }
    table.client(table.storyguide).post(
        f"/api/matches/{game['id']}/commands/", {"command": {"action": "finish"}}, format="json"
    )
    assert live(page(table.spectator, game["id"])) is None


def test_the_referee_gets_the_referee_commands_too(table):
    game = table.create_game()
    assert buttons(page(table.storyguide, game["id"])) == [{"action": "roll"}, {"action": "finish"}]


def test_a_member_without_a_seat_reads_the_game_but_gets_no_buttons(table):
    game = table.create_game()
    response = page(table.spectator, game["id"])
    assert response.status_code == 200
    assert buttons(response) == []
    assert '<form id="say" method="post">' not in response.content.decode()


def test_a_finished_game_has_no_table(table):
    game = table.create_game()
    table.client(table.storyguide).post(
        f"/api/matches/{game['id']}/commands/", {"command": {"action": "finish"}}, format="json"
    )
    response = page(table.player, game["id"])
    assert buttons(response) == [] and "table-data" not in response.content.decode()


class Words(words.Words):
    """The words a game gives its commands, for the frame's buttons and forms."""

    def command(self, command, view, language):
        return {"en": "Cast", "de": "Zaubern"}[language] + f" {command.get('spell', '')}".rstrip()

    def action(self, action, language):
        return {"en": "Cast a spell", "de": "Einen Zauber sprechen"}[language]

    def field(self, action, field, language):
        return {"spell": "Spell", "on": "On"}[field]

    def choice(self, action, field, value, view, language):
        return {"s1": "Stupefy", "s2": "Expelliarmus", "p1": "Harry", "p2": "Draco"}[value]


def test_an_action_offered_once_is_a_button_in_the_readers_words():
    offered = tables.in_words(Words(), {}, [{"action": "cast"}], "de")
    assert tables.offer_forms(Words(), {}, offered, "de") == offered
    assert offered[0].text == "Zaubern"


def test_an_action_offered_several_times_is_a_form_with_a_choice_per_field_that_differs():
    commands = [
        {"action": "cast", "spell": "s1", "on": "p1"},
        {"action": "cast", "spell": "s2", "on": "p1"},
        {"action": "cast", "spell": "s1", "on": "p2"},
    ]
    [form] = tables.offer_forms(Words(), {}, tables.in_words(Words(), {}, commands, "en"), "en")
    assert form.heading == "Cast a spell"
    assert [(c.label, [words for _, words in c.options]) for c in form.choices] == [
        ("Spell", ["Stupefy", "Expelliarmus"]),
        ("On", ["Harry", "Draco"]),
    ]
    assert json.loads(form.json) == commands


def test_the_actions_a_table_draws_itself_are_left_out_of_the_frame():
    offered = tables.in_words(Words(), {}, [{"action": "cast"}, {"action": "pass"}], "en")
    assert tables.offer_forms(Words(), {}, offered, "en", skip={"cast"}) == offered[1:]
