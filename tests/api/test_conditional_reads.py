"""ETag and ``If-None-Match`` on a game and its log (issue 40, "HTTP as plugin authors
expect"): a 200 carries an ETag, the same ETag asked again is a 304 with no body, a move
makes a new one, and readers who see the game differently get different ETags."""

import pytest
from django.utils import timezone

import tests.games.toy  # noqa: F401  (registers the "high-card" ruleset)
from games.services import game_create
from tests.support import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """A high-card match (hidden hands), dealt: north is the player's seat."""
    table = Table()
    table.game = game_create(
        campaign=table.campaign,
        ruleset="high-card",
        config={},
        seats={"north": table.player.pk, "south": table.other_player.pk},
        created_by=table.storyguide,
        now=timezone.now(),
        public=True,
    )
    deal = table.client(table.storyguide).post(
        f"/api/matches/{table.game.pk}/commands/", {"command": {"action": "deal"}}, format="json"
    )
    assert deal.status_code == 201
    return table


PATHS = ["/api/matches/{id}/", "/api/matches/{id}/events/"]


@pytest.mark.parametrize("path", PATHS)
def test_an_answer_has_an_etag_and_the_same_etag_is_answered_304_with_no_body(table, path):
    client = table.client(table.player)
    url = path.format(id=table.game.pk)
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    weak = client.get(url, HTTP_IF_NONE_MATCH=f'"other", W/{etag}')
    assert weak.status_code == 304


@pytest.mark.parametrize("path", PATHS)
def test_after_a_move_the_old_etag_gets_the_new_answer(table, path):
    client = table.client(table.player)
    url = path.format(id=table.game.pk)
    etag = client.get(url)["ETag"]
    card = client.get(f"/api/matches/{table.game.pk}/").json()["allowed_commands"][0]
    assert (
        client.post(
            f"/api/matches/{table.game.pk}/commands/", {"command": card}, format="json"
        ).status_code
        == 201
    )
    after = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert after["ETag"] != etag
    assert after.json()["version"] == 2


@pytest.mark.parametrize("path", PATHS)
def test_a_player_and_a_spectator_see_different_states_under_different_etags(table, path):
    url = path.format(id=table.game.pk)
    player = table.client(table.player).get(url)
    spectator = table.client(table.spectator).get(url)
    assert player.json() != spectator.json()  # north's hand is the player's alone
    assert player["ETag"] != spectator["ETag"]
    # The spectator holding the player's ETag is not told that it still holds.
    assert (
        table.client(table.spectator).get(url, HTTP_IF_NONE_MATCH=player["ETag"]).status_code == 200
    )


def test_the_answer_says_it_varies_by_reader_and_language(table):
    response = table.client(table.player).get(f"/api/matches/{table.game.pk}/")
    varies = {name.strip() for name in response["Vary"].split(",")}
    assert {"Accept-Language", "Authorization", "Cookie"} <= varies


def test_the_etag_differs_by_the_language_of_the_answers_words(table):
    """A game's words (its ending's sentence) are in the reader's language: a reader
    asking in French is not told that an English answer still holds."""
    game = game_create(
        campaign=table.campaign,
        ruleset="card-quidditch",
        config={},
        bots={"*": "random"},
        created_by=table.storyguide,
        now=timezone.now(),
        public=True,
    )
    client = table.client()
    url = f"/api/matches/{game.pk}/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert (
        client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=english["ETag"]).status_code
        == 304
    )
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=english["ETag"])
    assert french.status_code == 200
    assert french["ETag"] != english["ETag"]
