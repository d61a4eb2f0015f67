"""Issue 19: a player's live stream of a card game carries none of the other hand.

One person plays the simple bot through the API; after each of their commands
the person's stream is read from where it stopped, and no message names a card
that was hidden from them both before and after that command (a card may be
shown and later hidden again, as at a real table; see ``test_api.py``).
"""

import json
import random

import pytest
from knox.models import AuthToken

from tests.quidditch.cards.test_api import against_the_bot, hidden_from_the_person, named
from tests.streams import asgi_server, read_stream

pytestmark = pytest.mark.django_db(transaction=True)

STEPS = 25


def test_a_players_stream_never_carries_the_bots_hidden_cards(table, settings):
    settings.STREAM_POLL_SECONDS = 0.05
    person = table.client(table.player)
    game_id = against_the_bot(table)
    url = f"/api/matches/{game_id}/"
    headers = {"Authorization": f"Token {AuthToken.objects.create(user=table.player)[1]}"}
    rng, last_seq, streamed, sent = random.Random(19), 0, 0, 0
    game = person.get(url).json()
    with asgi_server() as server:
        for _ in range(STEPS):
            if game["status"] != "active":
                break
            before = hidden_from_the_person(game_id)
            answer = person.post(
                f"{url}commands/", {"command": rng.choice(game["allowed_commands"])}, format="json"
            )
            game, sent = answer.json()["game"], sent + 1
            after = hidden_from_the_person(game_id)
            messages = read_stream(
                f"{server}{url}stream/?after={last_seq}",
                headers=headers,
                until=lambda m, version=game["version"]: any(
                    s.id and int(s.id) >= version for s in m
                ),
            )
            records = [json.loads(s.data) for s in messages if s.id]
            last_seq = records[-1]["seq"]
            streamed += len(records)
            assert named(before & after, json.dumps(records)) == set()
    # Every command's event, and the bot's answers, came by the stream (the server's dice
    # may end the match before the last step).
    assert sent > 0 and streamed >= sent
