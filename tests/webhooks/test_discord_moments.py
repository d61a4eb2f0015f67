"""The ``discord`` format tells a game by its moments (issue 40, "Webhooks a developer can
try": "posts one message per meaningful moment (a goal, a round's summary, the end), in
the campaign's language"), and a channel bound by the Discord bridge hears the same lines
(issue 43: "the channel receives the game's moments ... as messages, not one per event").
"""

import json

import pytest
from django.utils import timezone

from campaign.demo import seed_characters
from core.services import preferences_update
from games import tasks as games_tasks
from games.bots import EVERY_SEAT
from games.campaign_app import campaign_app
from games.manifest import manifest_of
from games.models import Game, GameEvent
from games.services import game_bots_move, game_create, game_seat_bots
from tests.discord_bridge.support import CHANNEL_ID, FakeDiscord, connect
from webhooks.discord import fitted
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db

NOW = timezone.now()


@pytest.fixture
def one_move_a_write(settings, monkeypatch):
    """Every bot move is a write of its own (``BOT_SECONDS`` spent at once), and the test
    plays the next one itself, at one time, rather than a task at the clock's."""
    settings.BOT_SECONDS = 0.0
    monkeypatch.setattr(games_tasks.bots_move, "apply_async", lambda *args, **kwargs: None)


@pytest.fixture
def discord(settings):
    with FakeDiscord() as fake:
        settings.DISCORD_API_URL = fake.url
        yield fake


def test_a_chat_quidditch_match_is_told_in_one_german_message_per_write_with_moments(
    table, receiver, private_targets, discord, one_move_a_write, django_capture_on_commit_callbacks
):
    """A match of bots to its end (the campaign's default setup, ten rounds), one move a
    write: 268 events, 14 messages, one for each write that had a goal, a round's score
    (§5.1), a try for the snitch or the end (§7), rather than 268; in the German the
    storyguide chose, every line; the last ends on the ending sentence. The channel the
    bridge binds to the game, in German, hears the same 14 messages."""
    seed_characters(table.campaign)
    preferences_update(user=table.storyguide, language="de")
    endpoint_create(
        campaign=table.campaign,
        url=receiver.url("/api/webhooks/123/token"),
        event_types=["game_event"],
        format="discord",
        now=NOW,
    )
    chat = manifest_of("chat-quidditch")
    config = chat.starting_config(campaign_app().roster(table.campaign.pk))
    game = game_create(
        campaign=table.campaign,
        ruleset="chat-quidditch",
        config=config,
        seats={},
        created_by=table.storyguide,
        now=NOW,
    )
    connect(table, game=game, language="de")
    writes = 0
    with django_capture_on_commit_callbacks(execute=True):
        game_seat_bots(game_id=game.pk, bots={EVERY_SEAT: "sensible"}, now=NOW)
    while Game.objects.get(pk=game.pk).bots_moving:
        writes += 1
        with django_capture_on_commit_callbacks(execute=True):
            game_bots_move(game_id=game.pk, now=NOW)

    game.refresh_from_db()
    assert game.status == "finished"
    assert writes + 1 == GameEvent.objects.filter(game=game).count() == 268
    told = [d.payload["content"] for d in Delivery.objects.order_by("id")]
    assert len(told) == 14, "the writes with a goal, a round's score or the end"
    assert [json.loads(r.body) for r in receiver.received] == [{"content": c} for c in told]
    text = "\n".join(told)
    assert told[:3] == [
        "Zwischenstand nach Runde 1: 0 – 0",
        "Tor für Hufflepuff! Tore: 0 – 1\nZwischenstand nach Runde 2: 0 – 10",
        "Tor für Gryffindor! Tore: 1 – 1",
    ]
    assert "Goal for" not in text and "Score after" not in text and "Game over" not in text
    assert told[-1].endswith(
        "Spielende nach der letzten Runde. Endergebnis: 30 – 30\n"
        "**Unentschieden, 30 zu 30, nach Runde 10, der letzten: Gryffindor: 3 × 10 für Tore; "
        "Hufflepuff: 3 × 10 für Tore; ein Unentschieden bringt keine Bonuspunkte (§7).**"
    )
    posts = discord.sent("POST", f"/channels/{CHANNEL_ID}/messages")
    assert [post["json"]["content"] for post in posts] == told


def test_a_write_too_long_for_one_message_keeps_its_end():
    """Discord takes at most 2,000 characters: a long run of bot moves in one write is told
    by its last lines (the last 19 of 40 goals of 100 characters), the end and its sentence,
    after a mark of what was left out."""
    lines = [f"Goal {n:03d} " + "x" * 90 for n in range(40)] + ["**Gryffindor win.**"]
    content = fitted(lines)
    assert len(content) <= 2000
    assert content.startswith("…\nGoal 021 ") and content.endswith("\n**Gryffindor win.**")
