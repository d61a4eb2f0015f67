"""The interactions endpoint (issue 43): Discord's signature is its only authentication,
PING is answered PONG, and each slash command answers as the API would answer the
linked account: with its seats and rights, and nobody else's."""

import time

import pytest
from django.test import Client
from django.utils import timezone
from nacl.signing import SigningKey

from campaign.services import membership_remove
from discord_bridge.models import DiscordLink
from games.services import game_create
from tests.discord_bridge.support import (
    URL,
    connect,
    interaction,
    link,
    send,
    signed,
)

pytestmark = pytest.mark.django_db

EPHEMERAL = 64


def dice_game(table, **extra):
    """A dice game: the player holds red, the other player blue (issue 43)."""
    return game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=table.storyguide,
        now=timezone.now(),
        seats={"red": table.player.pk, "blue": table.other_player.pk},
        **extra,
    )


def test_a_ping_is_answered_pong(table):
    connect(table)
    assert send({"type": 1, "application_id": "1100000000000000001"}) == {"type": 1}


def test_a_bad_signature_is_refused_401(table):
    connect(table)
    other_key = SigningKey(b"not the application's key......."[:32])
    response = Client().post(
        URL, **signed({"type": 1, "application_id": "1100000000000000001"}, key=other_key)
    )
    assert response.status_code == 401
    assert response.json()["code"] == "bad_signature"


def test_a_body_changed_after_signing_is_refused_401(table):
    connect(table)
    request = signed({"type": 1, "application_id": "1100000000000000001"})
    request["data"] = request["data"].replace(b'"type": 1', b'"type": 2')
    assert Client().post(URL, **request).status_code == 401


def test_a_stale_timestamp_is_refused_401(table):
    """Older than five minutes (DISCORD_SIGNATURE_MAX_AGE_SECONDS): a replay."""
    connect(table)
    stale = signed({"type": 1, "application_id": "1100000000000000001"}, at=time.time() - 301)
    response = Client().post(URL, **stale)
    assert response.status_code == 401
    assert response.json()["code"] == "stale_signature"


def test_an_application_no_campaign_is_connected_to_is_refused_401(table):
    response = Client().post(URL, **signed({"type": 1, "application_id": "999"}))
    assert response.status_code == 401
    assert response.json()["code"] == "unknown_application"


def test_an_unlinked_user_is_told_to_link_first_and_only_they_see_it(table):
    connect(table, game=dice_game(table))
    answer = send(interaction("game", user="7")) and send(
        interaction("move", user="7", options={"move": "1.0"})
    )
    assert answer["type"] == 4
    assert answer["data"]["flags"] == EPHEMERAL
    assert answer["data"]["content"] == (
        "Your Discord account is not linked to an account here yet: use /link first."
    )


def test_link_gives_a_one_time_code_the_logged_in_person_enters_on_the_site(table):
    connect(table)
    answer = send(interaction("link", user="42", locale="de"))
    assert answer["data"]["flags"] == EPHEMERAL
    content = answer["data"]["content"]
    assert content.startswith("Dein Code: **")
    code = content.split("**")[1]
    assert "http://testserver/discord/link/" in content
    page = Client()
    page.force_login(table.player)
    assert page.post("/discord/link/", {"code": code}).status_code == 302
    assert DiscordLink.objects.get(discord_user_id="42").user == table.player
    refused = page.post("/discord/link/", {"code": code})  # used up
    assert refused.status_code == 200
    assert "No such code, or it has expired" in refused.content.decode()


def test_game_shows_whose_move_and_the_games_link_in_an_embed(table):
    game = dice_game(table)
    connect(table, game=game)
    link(table.player, "42")
    answer = send(interaction("game", user="42"))
    embed = answer["data"]["embeds"][0]
    assert embed["title"] == game.title
    assert embed["url"] == f"http://testserver/matches/{game.pk}/"
    assert embed["fields"][0]["name"] == "Whose move"
    assert embed["fields"][0]["value"].startswith("Waiting for ")


def test_a_player_is_offered_only_their_own_seats_moves(table):
    """Each player is offered their own seat's roll off, and red's choice is played as red."""
    game = dice_game(table)
    connect(table, game=game)
    link(table.player, "42")
    link(table.other_player, "43")
    mine = send(interaction("move", kind=4, user="42", options={"move": ""}, focused="move"))
    theirs = send(interaction("move", kind=4, user="43", options={"move": ""}, focused="move"))
    assert mine["type"] == theirs["type"] == 8
    assert mine["data"]["choices"] == [{"name": "Roll off for the first attack", "value": "0.0"}]
    assert theirs["data"]["choices"] == mine["data"]["choices"]
    answer = send(interaction("move", user="42", options={"move": "0.0"}))
    assert answer["type"] == 4 and "flags" not in answer["data"]
    event = game.events.get(seq=1)
    assert event.user == table.player
    assert event.actor == {"role": "player", "controls": ["red"]}


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("de", "Würfle aus, wer zuerst angreift"),
        ("fr", "Lancer les dés : qui attaque en premier ?"),
        ("en-GB", "Roll off for the first attack"),
    ],
)
def test_move_offers_the_senders_moves_in_the_senders_discord_locale(table, locale, words):
    """Issue 43: ``/move``'s autocomplete says the sender's allowed commands in words, in
    the language of the sender's Discord client."""
    game = dice_game(table)
    connect(table, game=game)
    link(table.player, "42")
    offered = send(
        interaction("move", kind=4, user="42", locale=locale, options={"move": ""}, focused="move")
    )
    assert offered["data"]["choices"] == [{"name": words, "value": "0.0"}]


@pytest.mark.parametrize("who", ["spectator", "removed player"])
def test_a_spectator_or_a_removed_member_is_refused_as_the_api_refuses(table, who):
    game = dice_game(table)
    connect(table, game=game)
    user = table.spectator if who == "spectator" else table.player
    if who == "removed player":
        membership_remove(membership=table.campaign.memberships.get(user=user))
    link(user, "44")
    refused = send(interaction("move", user="44", options={"move": f"{game.version}.0"}))
    assert refused["data"]["flags"] == EPHEMERAL
    assert refused["data"]["content"] == (
        "Only the referee and the game's participants send commands."
    )
    choices = send(interaction("move", kind=4, user="44", options={"move": ""}, focused="move"))
    assert choices["data"]["choices"] == []


def test_standings_and_fixtures_without_a_cup_say_so(table):
    connect(table)
    link(table.player, "42")
    assert send(interaction("standings", user="42"))["data"]["content"] == (
        "The campaign has no house cup yet."
    )
    assert send(interaction("fixtures", user="42", locale="fr"))["data"]["content"] == (
        "La campagne n'a pas encore de coupe des maisons."
    )
