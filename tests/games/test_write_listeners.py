"""The listeners of a write (issue 42): the webhooks' outbox reads its campaign's endpoints,
the Discord bridge its game's bound channels, both from the cache, in one round trip to it
for the whole write (``games.signals.kept_for_writes``), however many events the write
appends (a command and the bots' moves after it); and a change of either reaches the next
write, its events all delivered or told.

The cache of the tests is in memory: each of its calls stands for one round trip to Redis.
"""

import pytest
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from core.cache import forget, kept_together
from discord_bridge import moments
from discord_bridge.models import DiscordChannel
from discord_bridge.services import channel_unbind
from games.models import Game, GameEvent
from games.moments import Moments
from games.ruleset import REFEREE, Actor
from games.services import game_apply, game_seat_bots
from tests.discord_bridge.support import connect
from tests.discord_bridge.test_follow_ups import card_game_against_a_bot
from tests.games.test_platform_api import submit
from webhooks import outbox
from webhooks.endpoints import endpoint_create, endpoint_disable
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db

#: The beginnings of the listeners' keys in the cache.
LISTENERS = ("webhooks:enabled:", "discord-bound:")


@pytest.fixture
def listeners_calls(monkeypatch):
    """The calls to the cache that read or keep a listener's entry, by method (the
    in-memory cache's ``get_many`` calls its ``get``: only the outer call counts)."""
    calls, inside = [], []

    def counting(method: str, plain):
        def counted(keys, *args, **kwargs):
            keys_of_the_call = keys if isinstance(keys, list | dict) else [keys]
            if not inside and any(str(key).startswith(LISTENERS) for key in keys_of_the_call):
                calls.append(method)
            inside.append(method)
            try:
                return plain(keys, *args, **kwargs)
            finally:
                inside.pop()

        return counted

    for method in ("get", "get_many", "set", "set_many", "delete", "incr"):
        monkeypatch.setattr(cache, method, counting(method, getattr(cache, method)))
    return calls


@pytest.fixture(autouse=True)
def unsent(monkeypatch):
    """Deliveries are written, not sent: their endpoints are nowhere."""
    monkeypatch.setattr(outbox, "send_soon", lambda ids: None)


@pytest.fixture
def told(monkeypatch):
    """What the bound channels were told, write by write: the seqs of its events."""
    writes = []

    def moments_of(game, records, language):
        writes.append([record["seq"] for record in records])
        return Moments([], "")

    monkeypatch.setattr(moments, "moments_of", moments_of)
    return writes


def test_a_write_of_many_events_reads_both_listeners_entries_in_one_round_trip(
    table, listeners_calls, told, django_capture_on_commit_callbacks
):
    game = card_game_against_a_bot(table)
    endpoint_create(
        campaign=table.campaign,
        url="https://93.184.215.14/hook",
        event_types=["game_event"],
        now=timezone.now(),
    )
    connect(table, game=game)
    before = game.version
    listeners_calls.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game_seat_bots(game_id=game.pk, bots={"*": "random"}, now=timezone.now())
    game.refresh_from_db()
    assert game.status == "finished" and game.version - before > 10
    # Both entries were moved on by the changes: read once, kept once; the game's end, an
    # activity of the campaign, reads the endpoints again (once a game).
    assert listeners_calls == ["get_many", "set_many", "get_many"]
    assert Delivery.objects.filter(event_type="game_event").count() == game.version - before
    assert told == [list(range(before + 1, game.version + 1))]


def test_the_next_write_reads_what_it_kept_in_one_round_trip(table, listeners_calls):
    game = card_game_against_a_bot(table)
    submit(table, table.player, game.pk, _a_move(table, game))  # keeps both entries
    listeners_calls.clear()
    submit(table, table.player, game.pk, _a_move(table, game))
    assert listeners_calls == ["get_many"]


def test_an_endpoint_or_a_binding_made_or_removed_reaches_the_next_write(
    table, told, django_capture_on_commit_callbacks
):
    game = card_game_against_a_bot(table)

    def write() -> list[int]:
        """A move and the bot's answer: the seqs of the events the write appended."""
        before = GameEvent.objects.filter(game=game).count()
        with django_capture_on_commit_callbacks(execute=True):
            submit(table, table.player, game.pk, _a_move(table, game))
        return list(range(before + 1, GameEvent.objects.filter(game=game).count() + 1))

    def delivered() -> list[int]:
        events = Delivery.objects.filter(event_type="game_event").order_by("id")
        return [delivery.payload["data"]["seq"] for delivery in events]

    write()
    assert delivered() == [] and told == []
    endpoint = endpoint_create(
        campaign=table.campaign,
        url="https://93.184.215.14/hook",
        event_types=["game_event"],
        now=timezone.now(),
    )
    second = write()
    assert delivered() == second and told == []
    connect(table, game=game)
    third = write()
    assert delivered() == second + third and told == [third]
    channel_unbind(channel=DiscordChannel.objects.get(game=game), by=table.storyguide)
    endpoint_disable(endpoint=endpoint, reason="gone")
    write()
    assert delivered() == second + third and told == [third]


def test_a_binding_made_between_two_writes_through_one_game_object_reaches_the_second(
    table, told, django_capture_on_commit_callbacks
):
    """What a write read is kept on the game for its own events only."""
    game = Game.objects.get(pk=table.create_game()["id"])  # a tally, rolled by the referee

    def write() -> None:
        roll = {"action": "roll"}
        with django_capture_on_commit_callbacks(execute=True):
            game_apply(
                game,
                by=table.storyguide,
                actor=Actor(REFEREE),
                command=roll,
                submitted={"command": roll},
                now=timezone.now(),
            )

    write()
    connect(table, game=game)
    write()
    assert told == [[game.version]]


def _a_move(table, game) -> dict:
    mine = table.client(table.player).get(f"/api/matches/{game.pk}/").json()["allowed_commands"]
    return mine[0]


def test_entries_read_across_a_change_are_read_again_each_under_its_own_stamp():
    """As a write's listeners read them: inside the write's transaction."""
    reads = iter([["endpoint"], []])

    def across_the_removal():
        read = next(reads)
        forget("endpoints")  # the removal commits while the reader holds what it read
        return read

    first = kept_together(
        {"endpoints": across_the_removal, "channels": lambda: []}, 60, unwritten_here=True
    )
    assert first == {"endpoints": ["endpoint"], "channels": []}
    again = kept_together(
        {"endpoints": lambda: next(reads), "channels": lambda: pytest.fail("read again")},
        60,
        unwritten_here=True,
    )
    assert again == {"endpoints": [], "channels": []}, "the removal is in; channels kept"


@pytest.mark.django_db(transaction=True)
def test_inside_a_transaction_only_what_it_never_writes_is_kept():
    with transaction.atomic():
        kept_together({"roles": lambda: {"campaign": "player"}}, 60)
        kept_together({"endpoints": lambda: []}, 60, unwritten_here=True)
    assert kept_together({"roles": lambda: {}}, 60) == {"roles": {}}, "read again"
    kept = kept_together({"endpoints": lambda: pytest.fail("read again")}, 60)
    assert kept == {"endpoints": []}
