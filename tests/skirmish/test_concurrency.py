"""Skirmish writes at the same moment, on the real PostgreSQL (row locks)."""

import pytest

from campaign.models import Character
from games.models import Game, Seat
from games.selectors import game_verify
from tests.support import run_at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8


def test_newcomers_joining_at_once_each_get_their_own_key_and_seat(table):
    gid = table.create()["id"]
    students = [table.character(f"Student {i}", table.player) for i in range(THREADS)]

    def join(i):
        return (
            table.client(table.storyguide)
            .post(
                f"/api/skirmishes/{gid}/participants/",
                {"character": students[i].pk},
                format="json",
            )
            .status_code
        )

    assert run_at_once(join, THREADS) == [201] * THREADS
    game = Game.objects.get(pk=gid)
    assert list(game.state["participants"]) == [f"p{n:02d}" for n in range(1, 5 + THREADS)]
    joined = {p["character"] for p in game.state["participants"].values()}
    assert {s.pk for s in students} <= joined
    assert Seat.objects.filter(game=game, user=table.player).count() == 1 + THREADS
    assert game_verify(game).ok


def test_health_changes_at_once_lose_none_on_the_sheet(table):
    Character.objects.filter(pk=table.harry.pk).update(health=10, health_max=10)
    gid = table.create()["id"]
    hit = {"action": "change_health", "participant": table.key(table.harry), "by": -1}

    def submit(i):
        return table.send(gid, hit).status_code

    assert run_at_once(submit, THREADS) == [201] * THREADS
    table.harry.refresh_from_db()
    game = Game.objects.get(pk=gid)
    assert table.harry.health == game.state["participants"][table.key(table.harry)]["health"]
    assert table.harry.health == 10 - THREADS
