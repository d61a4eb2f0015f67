"""Connecting a campaign to Discord (issue 43, docs/discord.md steps 3 and 7): its
storyguide enters the application's id, public key and bot token on the site or through
the API, and binds channels to a game or to the campaign; a player is refused; the bot's
token is kept as a secret and never appears again, in any answer or page."""

import pytest
from django.test import Client
from django.utils import timezone

from discord_bridge.models import DiscordApplication, DiscordChannel
from games.services import game_create
from tests.discord_bridge.support import APPLICATION_ID, KEY

pytestmark = pytest.mark.django_db

TOKEN = "MTEwMDAw.bot-token.kept-secret"
PUBLIC_KEY = KEY.verify_key.encode().hex()


def a_game(table):
    return game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=table.storyguide,
        now=timezone.now(),
        title="Red against blue",
        seats={"red": table.player.pk, "blue": table.other_player.pk},
    )


def page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_43_the_storyguide_connects_and_binds_a_channel_on_the_page_and_never_sees_the_token(
    table,
):
    game = a_game(table)
    page = page_client(table.storyguide)
    url = f"/campaigns/{table.campaign.slug}/discord/"
    shown = page.get(url)
    assert shown.status_code == 200
    assert "http://testserver/api/discord/interactions/" in shown.content.decode()

    connected = page.post(
        url,
        {
            "action": "connect",
            "application_id": APPLICATION_ID,
            "public_key": PUBLIC_KEY,
            "bot_token": TOKEN,
        },
    )
    assert connected.status_code == 302
    bound = page.post(
        url,
        {"action": "bind", "channel_id": "1200000000000000001", "game": game.pk, "language": "de"},
    )
    assert bound.status_code == 302

    application = DiscordApplication.objects.get(campaign=table.campaign)
    assert application.bot_token == TOKEN
    channel = DiscordChannel.objects.get(application=application)
    assert (channel.channel_id, channel.game, channel.language) == (
        "1200000000000000001",
        game,
        "de",
    )
    html = page.get(url).content.decode()
    assert f"<code>{APPLICATION_ID}</code>" in html
    assert "Red against blue" in html
    assert TOKEN not in html


@pytest.mark.parametrize(("who", "status"), [("player", 403), ("outsider", 404)])
def test_43_a_player_is_refused_the_connection_page_and_a_stranger_finds_none(table, who, status):
    page = page_client(getattr(table, who))
    refused = page.get(f"/campaigns/{table.campaign.slug}/discord/")
    assert refused.status_code == status
    sent = page.post(
        f"/campaigns/{table.campaign.slug}/discord/",
        {
            "action": "connect",
            "application_id": APPLICATION_ID,
            "public_key": PUBLIC_KEY,
            "bot_token": TOKEN,
        },
    )
    assert sent.status_code == status
    assert not DiscordApplication.objects.exists()


def test_43_the_storyguide_connects_and_binds_through_the_api_and_the_token_is_never_answered(
    table,
):
    game = a_game(table)
    api = table.client(table.storyguide)
    url = f"/api/campaigns/{table.campaign.pk}/discord/"
    connected = api.put(
        url,
        {"application_id": APPLICATION_ID, "public_key": PUBLIC_KEY, "bot_token": TOKEN},
        format="json",
    )
    assert connected.status_code == 200, connected.json()
    assert connected.json()["application_id"] == APPLICATION_ID
    assert connected.json()["interactions_url"] == "http://testserver/api/discord/interactions/"
    assert "bot_token" not in connected.json()

    channels = f"{url}channels/"
    bound = api.post(
        channels, {"channel_id": "1200000000000000001", "game": game.pk}, format="json"
    )
    assert bound.status_code == 201, bound.json()
    assert bound.json()["game"] == game.pk and bound.json()["language"] == "en"
    to_the_campaign = api.post(
        channels,
        {"channel_id": "1200000000000000002", "game": None, "language": "fr"},
        format="json",
    )
    assert to_the_campaign.status_code == 201

    answers = [api.get(url), api.get(channels)]
    assert [a.status_code for a in answers] == [200, 200]
    assert [c["channel_id"] for c in answers[1].json()] == [
        "1200000000000000001",
        "1200000000000000002",
    ]
    for answer in [connected, bound, to_the_campaign, *answers]:
        assert TOKEN not in answer.content.decode()

    removed = api.delete(f"{channels}{bound.json()['id']}/")
    assert removed.status_code == 204
    assert list(DiscordChannel.objects.values_list("channel_id", flat=True)) == [
        "1200000000000000002"
    ]


def test_43_a_player_is_refused_the_connection_through_the_api(table):
    api = table.client(table.player)
    url = f"/api/campaigns/{table.campaign.pk}/discord/"
    refused = api.put(
        url,
        {"application_id": APPLICATION_ID, "public_key": PUBLIC_KEY, "bot_token": TOKEN},
        format="json",
    )
    assert refused.status_code == 403
    assert api.post(f"{url}channels/", {"channel_id": "1"}, format="json").status_code == 403
    assert not DiscordApplication.objects.exists()


def test_43_a_channel_is_bound_only_to_a_game_of_the_campaign(table):
    """Another campaign's game is no game of this one: refused by field."""
    api = table.client(table.storyguide)
    url = f"/api/campaigns/{table.campaign.pk}/discord/"
    api.put(
        url,
        {"application_id": APPLICATION_ID, "public_key": PUBLIC_KEY, "bot_token": TOKEN},
        format="json",
    )
    theirs = game_create(
        campaign=table.other_campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=table.outsider,
        now=timezone.now(),
    )
    refused = api.post(
        f"{url}channels/", {"channel_id": "1200000000000000001", "game": theirs.pk}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "no_such_game"
