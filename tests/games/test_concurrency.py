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


def test_ten_retries_of_one_key_with_the_expected_version_all_get_the_first_answer(table):
    """Ten retries of one command at once, each with its ``expected_version``: the first
    applies it and the other nine, which waited on the game's lock and find the game one
    version on, get its answer, not a 409."""
    game = table.create_game()

    def submit(i):
        response = table.client(table.player).post(
            f"/api/matches/{game['id']}/commands/",
            {"command": {"action": "roll"}, "expected_version": 0},
            format="json",
            headers={"Idempotency-Key": "move-1"},
        )
        return response.status_code, response.json()

    answers = run_at_once(submit, 10)
    assert [status for status, _ in answers] == [201] * 10, answers
    assert all(body == answers[0][1] for _, body in answers)
    assert GameEvent.objects.filter(game_id=game["id"]).count() == 1


def test_ten_retries_of_a_move_the_rules_allow_once_all_get_the_first_answer(table):
    """Ten retries at once of playing a card (high card: a card is played once, HC.2): the
    nine that waited get the first answer, not a 422 for a card no longer in the hand."""
    from tests.games.test_platform_api import create_high_card, submit

    game = create_high_card(table)
    submit(table, table.storyguide, game["id"], {"action": "deal"})
    url = f"/api/matches/{game['id']}/commands/"
    card = table.client(table.player).get(url.replace("commands/", "")).json()["state"]
    play = {"action": "play", "player": "north", "card": card["hands"]["north"][0]}

    def send(i):
        response = table.client(table.player).post(
            url, {"command": play}, format="json", headers={"Idempotency-Key": "move-1"}
        )
        return response.status_code, response.json()

    answers = run_at_once(send, 10)
    assert [status for status, _ in answers] == [201] * 10, answers
    assert all(body == answers[0][1] for _, body in answers)
    assert GameEvent.objects.filter(game_id=game["id"]).count() == 2  # the deal and the play
