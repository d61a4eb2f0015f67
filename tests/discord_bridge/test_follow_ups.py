"""Deferred answers, Discord's rate limits and the slash commands' registration, against
a fake Discord API on loopback (issue 43)."""

import json

import pytest
from django.core.management import call_command
from django.utils import timezone

from discord_bridge.client import Discord
from games.services import game_create
from tests.discord_bridge.support import APPLICATION_ID, connect, interaction, link, send

pytestmark = pytest.mark.django_db


def card_game_against_a_bot(table):
    return game_create(
        campaign=table.campaign,
        ruleset="card-quidditch",
        config={},
        created_by=table.storyguide,
        now=timezone.now(),
        seats={"gryffindor": table.player.pk},
        bots={"slytherin": "random"},
    )


def test_a_move_the_bots_answer_is_deferred_and_its_answer_follows_up(table, discord):
    """Type 5 at once; the answer replaces it (PATCH …/messages/@original)."""
    game = card_game_against_a_bot(table)
    connect(table, game=game)
    link(table.player, "42")
    choices = send(interaction("move", kind=4, user="42", options={"move": ""}, focused="move"))
    chosen = choices["data"]["choices"][0]["value"]
    assert send(interaction("move", user="42", options={"move": chosen})) == {"type": 5}
    [edit] = discord.sent("PATCH")
    assert (
        edit["path"] == f"/api/v10/webhooks/{APPLICATION_ID}/interaction-token/messages/@original"
    )
    assert edit["json"]["content"]
    assert edit["authorization"] is None, "the interaction's token authenticates a follow-up"
    game.refresh_from_db()
    assert game.version >= 2, "the bot answered the move"


def test_a_429_is_waited_out_as_its_retry_after_says_then_sent_again(settings, discord):
    discord.script = [(429, {"Retry-After": "0.2"}, {"retry_after": 0.2, "global": False})]
    waited = []
    Discord("token", sleep=waited.append).post("123", {"content": "Goal!"})
    assert waited == [0.2]
    assert [r["path"] for r in discord.requests] == ["/api/v10/channels/123/messages"] * 2
    assert discord.requests[1]["authorization"] == "Bot token"


def test_a_429_asking_longer_than_the_most_is_given_up(settings, discord):
    settings.DISCORD_RETRY_AFTER_MAX_SECONDS = 10
    discord.script = [(429, {"Retry-After": "60"}, {"retry_after": 60})]
    with pytest.raises(Exception, match="Discord answered 429"):
        Discord("token", sleep=pytest.fail).post("123", {"content": "Goal!"})
    assert len(discord.requests) == 1


def test_the_slash_commands_are_printed_and_registered_with_discord(table, discord, capsys):
    connect(table)
    call_command("discord_commands", register=APPLICATION_ID)
    printed = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in printed] == [
        "link",
        "move",
        "dice",
        "game",
        "cq",
        "standings",
        "fixtures",
    ]
    [put] = discord.sent("PUT")
    assert put["path"] == f"/api/v10/applications/{APPLICATION_ID}/commands"
    assert put["authorization"] == "Bot bot-token-never-shown"
    assert put["json"] == printed
    assert put["json"][1]["options"][0]["autocomplete"] is True


def test_the_channel_is_told_a_games_moments_in_one_message_per_write(
    table, discord, django_capture_on_commit_callbacks
):
    """Moves made elsewhere (the API, the site) reach the bound channel as its moments:
    the end with its sentence, one message for the write."""
    from games.services import game_seat_bots

    game = card_game_against_a_bot(table)
    connect(table, game=game)
    with django_capture_on_commit_callbacks(execute=True):
        game_seat_bots(game_id=game.pk, bots={"*": "random"}, now=timezone.now())
    game.refresh_from_db()
    assert game.status == "finished"
    posts = discord.sent("POST", "/channels/1200000000000000001/messages")
    assert len(posts) == 1
    assert posts[0]["authorization"] == "Bot bot-token-never-shown"
    assert posts[0]["json"]["content"].endswith(f"**{game.state and _sentence(game)}**")


def _sentence(game):
    from games.ruleset import find_ruleset
    from games.selectors import result_as_served

    return result_as_served(find_ruleset(game.ruleset), game.state)["sentence"]
