"""A request never waits on a long run of bot moves (issue 28, "Bots that finish").

"``POST /api/matches/17/bots/`` on Table Top held the request for 40 s": after at
most ``BOT_SECONDS`` of bot work in the request, the rest continues in a task
(``games.tasks.bots_move``) and the answer says that bots are still moving. The
time is the service's clock, replaced here by a fake one: no test waits.
"""

import itertools

import pytest

from games import services
from games.models import Game
from games.tasks import sweep_bots_moving

pytestmark = pytest.mark.django_db


@pytest.fixture
def slow_bots(monkeypatch, settings):
    """Every look at the clock finds a quarter of a second gone: four bot moves fill the
    one second a request may spend on bots."""
    settings.BOT_SECONDS = 1.0
    ticks = itertools.count()
    monkeypatch.setattr(services.time, "monotonic", lambda: next(ticks) * 0.25)


def test_a_request_plays_a_seconds_worth_of_bot_moves_and_says_bots_are_still_moving(
    table, slow_bots, django_capture_on_commit_callbacks
):
    game = table.create_game(seats={})
    with django_capture_on_commit_callbacks(execute=False) as continuations:
        answer = table.client(table.storyguide).post(
            f"/api/matches/{game['id']}/bots/",
            {"bots": {"alice": "random", "bob": "random"}},
            format="json",
        )
    assert answer.status_code == 200
    assert answer.json()["bots_moving"] is True
    assert answer.json()["version"] == 4, "four moves of a quarter second each"
    assert len(continuations) == 1, "a task plays on once the moves so far are committed"


def test_the_task_plays_on_in_stretches_until_the_game_is_over(
    table, slow_bots, django_capture_on_commit_callbacks
):
    """Tally ends at 1000 points; the task's stretches are committed one after another
    (tasks run eagerly here, each when the stretch before it commits)."""
    with django_capture_on_commit_callbacks(execute=True) as continuations:
        game = table.create_game(seats={}, bots={"alice": "random", "bob": "random"})
    assert len(continuations) > 10, "a stretch of four moves at a time"
    played = Game.objects.get(pk=game["id"])
    assert played.status == "finished" and played.bots_moving is False


def test_the_sweep_hands_a_game_left_moving_to_the_task_again(table, slow_bots):
    """A continuation lost with a broker or a worker is picked up by the beat's sweep."""
    game = table.create_game(seats={"alice": table.player.pk})
    Game.objects.filter(pk=game["id"]).update(bots_moving=True)  # as a lost task leaves it
    assert sweep_bots_moving() == 1
    assert Game.objects.get(pk=game["id"]).bots_moving is False, "nothing left for bots"
