""" "Verify the dice" opens a page that runs the verification and says in words what was
checked (the commitment, every roll re-derived, the chain, the replay) and how to check it
oneself (issue 29, "Around the table"): it no longer opens the API's JSON.
"""

import re

import pytest
from django.test import Client

from games.models import GameEvent
from tests.games.test_platform_api import create_high_card, submit

pytestmark = pytest.mark.django_db


def read(user, game_id, **query):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/matches/{game_id}/verify/", query)


def words(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_a_finished_game_is_checked_in_words_every_roll_included(table):
    game = create_high_card(table)
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    for user in (table.player, table.other_player):
        offered = table.client(user).get(f"/api/matches/{game['id']}/").json()
        submit(table, user, game["id"], offered["allowed_commands"][0])
    text = words(read(table.player, game["id"]))
    assert "Everything checks out." in text
    assert "5 server rolls were derived again from the seed and the client seed" in text
    assert "The log has 3 events" in text
    assert "leads to the game exactly as it stands" in text
    assert f"/api/matches/{game['id']}/events/" in text, "where to fetch the data oneself"


def test_while_the_game_runs_the_page_says_the_dice_are_checked_once_the_seed_is_out(table):
    game = create_high_card(table)
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    text = words(read(table.player, game["id"]))
    assert "The rolls are checked once the seed is revealed." in text
    assert "The server seed stays secret while the game runs" in text


def test_a_tampered_log_is_called_out_with_the_first_event_at_fault(table):
    game = create_high_card(table)
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    GameEvent.objects.filter(game_id=game["id"], seq=1).update(hash="0" * 64)
    text = words(read(table.player, game["id"]))
    assert "The log does not verify: the first event at fault is 1." in text


def test_the_page_speaks_the_readers_language(table):
    """The dice game speaks German, English and French (a game's page speaks its languages)."""
    game = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "dice-quidditch",
            "config": {},
            "seats": {"red": table.player.pk},
            "bots": {"blue": "sensible"},
        },
        format="json",
    )
    assert game.status_code == 201, game.json()
    assert "Alles stimmt." in words(read(table.player, game.json()["id"], lang="de"))
    assert "Tout est en ordre." in words(read(table.player, game.json()["id"], lang="fr"))


def test_the_game_page_links_to_it_and_strangers_get_what_the_game_page_gives(table):
    game = create_high_card(table)
    page = Client()
    page.force_login(table.player)
    assert (
        f'href="/matches/{game["id"]}/verify/"'
        in page.get(f"/matches/{game['id']}/").content.decode()
    )
    assert read(table.outsider, game["id"]).status_code == 404
    assert read(None, game["id"]).status_code == 302
