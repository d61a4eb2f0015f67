"""Concurrent commands to one game, on the real PostgreSQL (row locks)."""

import pytest

from games.models import Game, GameEvent
from games.selectors import game_verify
from tests.support import run_at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 16


def test_sixteen_threads_on_one_game_leave_a_contiguous_valid_chain(table):
    game = table.create_game()

    def submit(i):
        response = table.client(table.player).post(
            f"/api/matches/{game['id']}/commands/", {"command": {"action": "roll"}}, format="json"
        )
        return response.status_code

    assert run_at_once(submit, THREADS) == [201] * THREADS
    stored = Game.objects.get(pk=game["id"])
    seqs = list(GameEvent.objects.filter(game=stored).values_list("seq", flat=True))
    assert seqs == list(range(1, THREADS + 1))
    assert stored.version == THREADS and stored.next_nonce == THREADS
    assert stored.state["rolls"] == THREADS  # no lost update
    report = game_verify(stored)
    assert report.ok, report.to_json()


def test_sixteen_requests_with_one_idempotency_key_make_one_event(table):
    game = table.create_game()

    def submit(i):
        response = table.client(table.player).post(
            f"/api/matches/{game['id']}/commands/",
            {"command": {"action": "roll"}},
            format="json",
            headers={"Idempotency-Key": "same-key"},
        )
        return response.status_code, response.json()

    answers = run_at_once(submit, THREADS)
    assert {status for status, _ in answers} == {201}
    assert all(body == answers[0][1] for _, body in answers)
    assert GameEvent.objects.filter(game_id=game["id"]).count() == 1
