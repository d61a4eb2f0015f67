"""One stream of a campaign's games (issue 40, "One stream per campaign carries every
game's events that its reader may see"): ``GET /api/campaigns/{id}/games/stream/`` on
the real ASGI server. Each message is ``{game, ruleset, record}``, the record as the
game's own ``events/`` gives it to the reader; ids are the events' global ids.
"""

import json
import threading
import time

import httpx
import pytest

from campaign.models import Membership
from campaign.services import membership_remove
from games.models import Game
from tests.games.test_platform_api import create_high_card, submit
from tests.games.test_streams import token
from tests.games.toy import MANIFEST as HIGH_CARD
from tests.streams import asgi_server, read_stream

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fast_polling(settings):
    settings.STREAM_POLL_SECONDS = 0.05
    settings.STREAM_HEARTBEAT_SECONDS = 0.5
    settings.STREAM_ACCESS_CHECK_SECONDS = 0.2


def stream_of(table) -> str:
    return f"/api/campaigns/{table.campaign.pk}/games/stream/"


def messages(server, path, headers, count) -> list:
    """The first ``count`` messages with an id (events) of the stream at ``path``."""
    read = read_stream(
        server + path, headers=headers, until=lambda m: sum(1 for s in m if s.id) >= count
    )
    return [sse for sse in read if sse.id]


def played(sse) -> tuple[int, int]:
    """(game, the record's seq in its game) of one message."""
    data = json.loads(sse.data)
    return data["game"], data["record"]["seq"]


def test_two_games_events_arrive_in_the_order_they_were_written(table):
    first = table.create_game(config={"target": 10**9})["id"]
    second = table.create_game(config={"target": 10**9})["id"]
    for game in (first, second, first):
        submit(table, table.player, game, {"action": "roll"})
    with asgi_server() as server:
        received = messages(server, stream_of(table), token(table.player), 3)
    assert [played(sse) for sse in received] == [(first, 1), (second, 1), (first, 2)]
    ids = [int(sse.id) for sse in received]
    assert ids == sorted(ids) and len(set(ids)) == 3


def test_a_message_is_the_record_the_games_events_endpoint_gives_the_reader(table):
    game = table.create_game(config={"target": 10**9})["id"]
    submit(table, table.player, game, {"action": "roll", "count": 2})
    page = table.client(table.player).get(f"/api/matches/{game}/events/").json()
    with asgi_server() as server:
        (sse,) = messages(server, stream_of(table), token(table.player), 1)
    assert json.loads(sse.data) == {
        "game": game,
        "ruleset": "tally",
        "record": page["results"][0],
    }


def test_a_player_never_gets_the_other_players_hidden_hand(table):
    """The toy high-card game deals each seat a hidden hand: the north player's stream of
    the campaign carries the deal without a card of south's."""
    game = create_high_card(table)["id"]
    submit(table, table.storyguide, game, {"action": "deal"})
    south = set(HIGH_CARD.playtest.secrets(Game.objects.get(pk=game).state)["south"])
    with asgi_server() as server:
        received = messages(server, stream_of(table), token(table.player), 1)
    assert [played(sse) for sse in received] == [(game, 1)]
    assert south and not any(f'"{card}"' in received[0].data for card in south)


def test_a_non_member_reads_the_public_games_and_never_a_private_one(table):
    private = table.create_game(config={"target": 10**9})["id"]
    public = table.create_game(config={"target": 10**9}, public=True)["id"]
    for game in (private, public, private, public):
        submit(table, table.player, game, {"action": "roll"})
    with asgi_server() as server:
        outsider = messages(server, stream_of(table), token(table.outsider), 2)
        anonymous = messages(server, stream_of(table), {}, 2)
        member = messages(server, stream_of(table), token(table.spectator), 4)
    assert [played(sse) for sse in outsider] == [(public, 1), (public, 2)]
    assert [played(sse) for sse in anonymous] == [(public, 1), (public, 2)]
    assert [game for game, _ in map(played, member)] == [private, public, private, public]


def test_last_event_id_resumes_after_the_last_message_received(table):
    first = table.create_game(config={"target": 10**9})["id"]
    second = table.create_game(config={"target": 10**9})["id"]
    for game in (first, second, second, first):
        submit(table, table.player, game, {"action": "roll"})
    headers = token(table.player)
    with asgi_server() as server:
        before = messages(server, stream_of(table), headers, 2)
        after = messages(server, stream_of(table), {**headers, "Last-Event-ID": before[-1].id}, 2)
        queried = messages(server, stream_of(table) + f"?after={before[0].id}", headers, 1)
    assert [played(sse) for sse in before + after] == [
        (first, 1),
        (second, 1),
        (second, 2),
        (first, 2),
    ]
    assert [played(sse) for sse in queried] == [(second, 1)]


def test_a_game_started_after_the_stream_opened_is_in_it(table):
    received = []
    with asgi_server() as server:

        def reader():
            received.extend(messages(server, stream_of(table), token(table.player), 2))

        follower = threading.Thread(target=reader)
        follower.start()
        time.sleep(0.5)  # the stream is open and finds nothing
        game = table.create_game(config={"target": 10**9})["id"]
        submit(table, table.player, game, {"action": "roll"})
        submit(table, table.player, game, {"action": "roll"})
        follower.join(timeout=20)
    assert [played(sse) for sse in received] == [(game, 1), (game, 2)]


def test_a_removed_members_stream_ends_with_revoked(table):
    """As every stream of a user (issue 27): removed from the campaign, the reader's stream
    of its games ends within a few seconds, its last message saying why."""
    lines: list[str] = []
    with (
        asgi_server() as server,
        httpx.Client(timeout=10) as client,
        client.stream("GET", server + stream_of(table), headers=token(table.player)) as response,
    ):
        assert response.status_code == 200
        removed = time.monotonic()
        membership_remove(membership=Membership.objects.get(user=table.player))
        for line in response.iter_lines():
            lines.append(line)
        ended = time.monotonic()
    assert "event: revoked" in lines
    assert ended - removed < 5


def test_an_unknown_campaign_is_not_found(table):
    with asgi_server() as server, httpx.Client(base_url=server, timeout=10) as client:
        answer = client.get("/api/campaigns/999999/games/stream/", headers=token(table.player))
    assert (answer.status_code, answer.json()["code"]) == (404, "not_found")
