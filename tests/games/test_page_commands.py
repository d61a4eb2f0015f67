"""Commands given on a game's page as plain form posts (issue 39, "Live in place"): the
page works without JavaScript (a post, then the page again), a move another got in first
is told rather than refused, and a command that may end the game for everyone asks first,
naming the consequence (``games.page_commands``)."""

import re
from html import unescape

import pytest
from django.test import Client

from games.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def messages(response) -> list[str]:
    html = response.content.decode()
    found = re.search(r'<div id="messages" data-live role="status">(.*?)</div>', html, re.S)
    return [unescape(m) for m in re.findall(r"<p[^>]*>(.*?)</p>", found.group(1))]


def test_a_button_posts_its_command_and_the_page_answers_with_the_game_moved_on(table):
    game = table.create_game()
    player = logged_in(table.player)
    url = f"/matches/{game['id']}/"
    sent = player.post(url, {"expected_version": 0, "command": '{"action":"roll"}'})
    assert sent.status_code == 302 and sent["Location"] == f"{url}#table"
    assert Game.objects.get(pk=game["id"]).version == 1
    page = player.get(url)
    assert 'data-version="1"' in page.content.decode()


def test_a_typed_line_is_posted_as_the_command_box_sends_it(table):
    game = table.create_game()
    player = logged_in(table.player)
    player.post(f"/matches/{game['id']}/", {"expected_version": 0, "text": "Roll 3"})
    event = GameEvent.objects.get(game_id=game["id"])
    assert event.submitted == {"text": "Roll 3"}


def test_a_move_another_got_in_first_is_told_and_the_reader_chooses_again(table):
    """The page was drawn at version 0; the referee rolled meanwhile: the post is not
    applied, and the page says what happened since, in the reader's words."""
    game = table.create_game()
    url = f"/matches/{game['id']}/"
    logged_in(table.storyguide).post(url, {"expected_version": 0, "command": '{"action":"roll"}'})
    player = logged_in(table.player)
    sent = player.post(url, {"expected_version": 0, "command": '{"action":"roll"}'}, follow=True)
    assert sent.status_code == 200
    [said] = messages(sent)
    assert said.startswith("Another move came first: ") and said.endswith(" Choose again.")
    assert Game.objects.get(pk=game["id"]).version == 1, "the late roll was not applied"


def test_a_refused_command_is_shown_above_the_game(table):
    game = table.create_game()
    sent = logged_in(table.player).post(
        f"/matches/{game['id']}/", {"expected_version": 0, "command": "not json"}, follow=True
    )
    assert messages(sent) == ["This command cannot be read: reload the page."]
    assert Game.objects.get(pk=game["id"]).version == 0


def test_a_spectator_posting_is_refused_and_nothing_is_written(table):
    game = table.create_game()
    sent = logged_in(table.spectator).post(
        f"/matches/{game['id']}/",
        {"expected_version": 0, "command": '{"action":"roll"}'},
        follow=True,
    )
    assert messages(sent) == ["Only the referee and the game's participants send commands."]
    assert Game.objects.get(pk=game["id"]).version == 0


def test_a_form_of_choices_posts_its_action_and_the_values_chosen(table):
    """The form sends the action and each choice's value as JSON; the offer with those
    values is the command applied."""
    game = table.create_game()
    logged_in(table.player).post(
        f"/matches/{game['id']}/", {"expected_version": 0, "action": "roll"}
    )
    assert GameEvent.objects.get(game_id=game["id"]).submitted == {"command": {"action": "roll"}}


def test_a_command_that_ends_the_game_asks_first_naming_the_consequence(table):
    """Table Top's concession (an ending action) posted from the page is not applied until
    confirmed: the answer names what it does, and sends the same post again, confirmed."""
    created = (
        table.client(table.storyguide)
        .post(
            "/api/matches/",
            {
                "campaign": table.campaign.pk,
                "ruleset": "tabletop-quidditch",
                "config": {
                    "teams": {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}
                },
                "seats": {"home": table.player.pk, "away": table.other_player.pk},
            },
            format="json",
        )
        .json()
    )
    url, api = f"/matches/{created['id']}/", f"/api/matches/{created['id']}/"
    table.client(table.player).post(
        f"{api}commands/", {"command": {"action": "toss"}}, format="json"
    )
    for user, side in ((table.player, "home"), (table.other_player, "away")):
        state = table.client(user).get(api).json()
        if {"action": "concede", "side": side} in state["allowed_commands"]:
            break
    else:
        raise AssertionError(f"nobody may concede: {state['allowed_commands']}")
    concede, version = f'{{"action":"concede","side":"{side}"}}', state["version"]
    player = logged_in(user)
    asked = player.post(url, {"expected_version": version, "command": concede})
    assert asked.status_code == 200
    html = unescape(asked.content.decode())
    assert (
        "can end the game for everyone before its rules end it, with the score as it stands."
        " Do you want to go on?" in html
    )
    assert '<input type="hidden" name="confirmed" value="yes">' in html
    assert Game.objects.get(pk=created["id"]).status == "active"
    confirmed = player.post(
        url, {"expected_version": version, "command": concede, "confirmed": "yes"}
    )
    assert confirmed.status_code == 302
    assert Game.objects.get(pk=created["id"]).status == "finished"
