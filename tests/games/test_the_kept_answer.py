"""A command sent with an Idempotency-Key keeps its answer as the text of its JSON
(issue 42), encoded once and stored as it is: a retry gets the first answer byte for
byte, bots' moves after the command included; a command without a key keeps none.
The migration turns the answers kept as jsonb into their text, and back."""

import json
import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import GameEvent
from tests.games.test_api import roll
from tests.quidditch.cards.test_api import against_the_bot

BEFORE, AFTER = [("games", "0009_words_of_the_dashboard")], [("games", "0010_the_answer_as_text")]


@pytest.mark.django_db
def test_a_retry_gets_the_first_answer_byte_for_byte_with_the_bots_moves(table):
    person = table.client(table.player)
    game_id = against_the_bot(table)
    url = f"/api/matches/{game_id}/"
    bots_answered = False
    for _ in range(6):
        offered = person.get(url).json()["allowed_commands"]
        key = {"Idempotency-Key": uuid.uuid4().hex}
        body = {"command": offered[0]}
        first = person.post(f"{url}commands/", body, format="json", headers=key)
        again = person.post(f"{url}commands/", body, format="json", headers=key)
        assert (first.status_code, again.status_code) == (201, 201), first.json()
        assert again.content == first.content
        kept = GameEvent.objects.get(game_id=game_id, idempotency_key=key["Idempotency-Key"])
        assert json.loads(kept.answer) == first.json(), "the answer as it was sent"
        bots_answered |= first.json()["game"]["version"] > kept.seq
    assert bots_answered, "some command was answered by the bot, in the same answer"


@pytest.mark.django_db
def test_a_command_without_a_key_keeps_no_answer(table):
    game = table.create_game()
    assert roll(table.client(table.player), game["id"]).status_code == 201
    assert GameEvent.objects.get(game_id=game["id"]).answer is None


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_the_answers_kept_as_jsonb_and_gives_them_back():
    """Forwards, an answer kept as jsonb reads as the same JSON, and no answer stays none;
    backwards, both are as they were."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    game = _old_game(old)
    answer = {"ruleset": "tally", "game": {"version": 1, "state": {"é": [1.5, None]}}}
    events = old.get_model("games", "GameEvent")
    for seq, kept in ((1, answer), (2, None)):
        events.objects.create(
            game=game, seq=seq, actor={}, submitted={}, command={}, dice=[], events=[],
            created_at=game.created_at, hash="0" * 64, answer=kept,
        )  # fmt: skip
    try:
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        texts = dict(GameEvent.objects.values_list("seq", "answer"))
        assert json.loads(texts[1]) == answer and texts[2] is None
        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE)
        back = dict(events.objects.values_list("seq", "answer"))
        assert back == {1: answer, 2: None}
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())


def _old_game(apps):
    """A game row as the schema before the migration takes it."""
    from django.utils import timezone

    campaign = apps.get_model("campaign", "Campaign").objects.create(name="Kept", slug="kept")
    return apps.get_model("games", "Game").objects.create(
        campaign=campaign, kind="match", ruleset="tally", config={}, state={},
        server_seed="0" * 64, seed_commitment="0" * 64, client_seed="c", last_hash="0" * 64,
        created_at=timezone.now(),
    )  # fmt: skip
