"""Live streams of games (issue 19, "The stream"): replay from the database, then live;
a reconnect with ``Last-Event-ID`` misses nothing and repeats nothing; each reader
sees the log as the events endpoint shows it to them, hidden cards hidden.
"""

import asyncio
import json
import threading
import time

import httpx
import pytest
from httpx_sse import connect_sse
from knox.models import AuthToken

from core.streams import Page, SharedReads, drop_slow_readers
from tests.games.test_platform_api import create_high_card, submit
from tests.games.toy import MANIFEST as HIGH_CARD
from tests.streams import asgi_server, read_stream

pytestmark = pytest.mark.django_db(transaction=True)

COMMANDS = 100


@pytest.fixture
def fast_polling(settings):
    settings.STREAM_POLL_SECONDS = 0.05
    settings.STREAM_HEARTBEAT_SECONDS = 0.5


def token(user) -> dict:
    return {"Authorization": f"Token {AuthToken.objects.create(user=user)[1]}"}


def test_a_reader_reconnecting_with_last_event_id_misses_nothing_and_gets_nothing_twice(
    table, fast_polling
):
    """100 commands while the reader drops the stream every 13 messages and comes back."""
    game = table.create_game(config={"target": 10**9})
    url = f"/api/matches/{game['id']}/stream/"
    headers = token(table.player)
    received: list[int] = []
    with asgi_server() as server:

        def reader():
            last = None
            while len(received) < COMMANDS:
                resume = {"Last-Event-ID": str(last)} if last is not None else {}
                batch = read_stream(
                    server + url,
                    headers={**headers, **resume},
                    until=lambda m: (
                        sum(1 for s in m if s.id) >= 13
                        or len(received) + sum(1 for s in m if s.id) >= COMMANDS
                    ),
                )
                for sse in batch:
                    if sse.id:
                        received.append(int(sse.id))
                        last = int(sse.id)

        follower = threading.Thread(target=reader)
        follower.start()
        player = table.client(table.player)
        for _ in range(COMMANDS):
            response = player.post(
                f"/api/matches/{game['id']}/commands/",
                {"command": {"action": "roll"}},
                format="json",
            )
            assert response.status_code == 201
        follower.join(timeout=60)
    assert received == list(range(1, COMMANDS + 1))


def test_a_message_is_the_event_as_the_events_endpoint_gives_it(table, fast_polling):
    game = table.create_game(config={"target": 10**9})
    submit(table, table.player, game["id"], {"action": "roll", "count": 2})
    page = table.client(table.player).get(f"/api/matches/{game['id']}/events/").json()
    with asgi_server() as server:
        (message,) = [
            sse
            for sse in read_stream(
                f"{server}/api/matches/{game['id']}/stream/?after=0",
                headers=token(table.player),
                until=lambda m: any(s.id for s in m),
            )
            if sse.id
        ]
    assert (message.id, json.loads(message.data)) == ("1", page["results"][0])


def test_a_players_stream_never_carries_the_other_seats_hidden_cards(table, fast_polling):
    """The toy high-card game deals each seat a hidden hand (as the card game will)."""
    game_id = create_high_card(table)["id"]
    submit(table, table.storyguide, game_id, {"action": "deal"})
    from games.models import Game

    south = set(HIGH_CARD.playtest.secrets(Game.objects.get(pk=game_id).state)["south"])
    with asgi_server() as server:
        messages = read_stream(
            f"{server}/api/matches/{game_id}/stream/",
            headers=token(table.player),
            until=lambda m: any(s.id for s in m),
        )
    text = " ".join(sse.data for sse in messages)
    assert south and not any(f'"{card}"' in text for card in south)


def test_a_finished_game_streams_its_log_and_ends(table, fast_polling):
    game = table.create_game(config={"target": 10**9})
    submit(table, table.player, game["id"], {"action": "roll"})
    submit(table, table.storyguide, game["id"], {"action": "finish"})
    with asgi_server() as server:
        messages = read_stream(
            f"{server}/api/matches/{game['id']}/stream/",
            headers=token(table.player),
            until=lambda m: False,
        )
    assert [(sse.event, sse.id) for sse in messages if sse.data] == [
        ("message", "1"),
        ("message", "2"),
        ("end", "2"),  # the last id stays the reader's, as SSE keeps it
    ]


def test_who_may_open_a_stream(table, settings, fast_polling):
    private = table.create_game(config={"target": 10**9})["id"]
    with asgi_server() as server, httpx.Client(base_url=server, timeout=10) as client:
        url = f"/api/matches/{private}/stream/"
        nobody = client.get(url)
        assert (nobody.status_code, nobody.json()["code"]) == (404, "not_found")
        assert client.get(url, headers={"Authorization": "Token nonsense"}).status_code == 401
        assert client.get(url, headers=token(table.outsider)).status_code == 404
        assert client.get(url, params={"stream_token": "forged"}).status_code == 401

        granted = table.client(table.player).post("/api/auth/stream-token/").json()
        # Not made from a token (the test client's user): it lives for a session's age (issue 40).
        assert granted["expires_in"] == settings.SESSION_COOKIE_AGE
        with connect_sse(
            client, "GET", url, params={"stream_token": granted["stream_token"]}
        ) as source:
            assert source.response.status_code == 200
            assert source.response.headers["content-type"].startswith("text/event-stream")

        settings.STREAMS_PER_USER = 1
        with connect_sse(client, "GET", url, headers=token(table.player)) as first:
            opened = first.iter_sse()  # kept: a dropped iterator closes the stream
            next(opened)
            second = client.get(url, headers=token(table.player))
            assert (second.status_code, second.json()["code"]) == (429, "too_many_streams")


@pytest.mark.postgres
def test_on_postgresql_a_committed_event_wakes_the_stream_through_notify(table, settings):
    """With polling slowed to a minute, the events still arrive at once: NOTIFY woke them."""
    settings.STREAM_POLL_SECONDS = 60
    settings.STREAM_HEARTBEAT_SECONDS = 60
    game = table.create_game(config={"target": 10**9})
    received = []
    with asgi_server() as server:

        def reader():
            for sse in read_stream(
                f"{server}/api/matches/{game['id']}/stream/",
                headers=token(table.player),
                until=lambda m: sum(1 for s in m if s.id) >= 3,
                timeout=10,
            ):
                if sse.id:
                    received.append(time.monotonic())

        follower = threading.Thread(target=reader)
        follower.start()
        time.sleep(0.5)  # the stream is open and waiting
        sent = []
        for _ in range(3):
            sent.append(time.monotonic())
            submit(table, table.player, game["id"], {"action": "roll"})
            time.sleep(0.2)
        follower.join(timeout=15)
    assert len(received) == 3
    # Well within the minute polling would take, even on a busy machine.
    assert max(r - s for r, s in zip(received, sent, strict=True)) < 15


def test_streams_asking_the_same_question_at_once_share_one_read():
    """A commit wakes every stream of a log together: readers who see it alike and resume
    from the same point get one read between them, and the same encoded messages."""
    reads = []

    async def read():
        reads.append(1)
        await asyncio.sleep(0.01)
        return Page(items=[(1, {"seq": 1})])

    async def three_readers():
        shared = SharedReads()
        return await asyncio.gather(
            shared.read(("game:1", "spectator", 0), read),
            shared.read(("game:1", "spectator", 0), read),
            shared.read(("game:1", "player A", 0), read),
        )

    first, second, player = asyncio.run(three_readers())
    assert len(reads) == 2 and player is not first  # the spectators share, the player not
    assert first is second and first.messages == [(1, b'id: 1\ndata: {"seq":1}\n\n')]


def test_a_reader_that_takes_nothing_is_dropped_not_waited_for(settings, caplog):
    """A slow reader is dropped: when the server cannot hand it a message within
    ``STREAM_SEND_TIMEOUT_SECONDS``, its stream ends (it reconnects with Last-Event-ID)."""
    settings.STREAM_SEND_TIMEOUT_SECONDS = 0.05
    caplog.set_level("INFO", logger="core.streams")
    sent = []

    async def stream(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"id: 1\n\n", "more_body": True})
        raise AssertionError("never reached: the reader took nothing")

    async def stuck_reader_send(message):
        if message["type"] == "http.response.body":
            await asyncio.sleep(3600)  # the socket's buffers are full
        sent.append(message["type"])

    asyncio.run(drop_slow_readers(stream)({"type": "http"}, None, stuck_reader_send))
    assert sent == ["http.response.start"]
    assert "dropped a stream" in caplog.text
