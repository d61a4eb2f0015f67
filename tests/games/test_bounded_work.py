"""No game writes without end (issue 37 §3, "Bounded work for every request and every game").

"A game whose settings make it endless (``snitch_to_catch: 10**12``) with bots
in every seat wrote about 2,000 events a second (173,010 in 90 s) until
abandoned." Two bounds hold whatever the settings: a game ends, abandoned, when
its log reaches ``GAME_EVENT_LIMIT`` events, with its seed revealed; and bots
that have played ``BOT_SECONDS`` hand the rest to a task that starts only after
``BOT_PAUSE_SECONDS``.
"""

from unittest import mock

import pytest
from django.utils import timezone

from core.throttling import VerifyRateThrottle
from games import selectors, tasks
from games.models import Game, GameEvent
from games.signals import game_abandoned

pytestmark = pytest.mark.django_db


def test_a_game_of_bots_ends_abandoned_when_its_log_reaches_the_limit(table, settings):
    """Tally to a billion with bots in both seats would run for ever: it stops at the
    limit's 40th event, abandoned, and its log still verifies with the seed revealed."""
    settings.GAME_EVENT_LIMIT = 40
    ended = []
    game_abandoned.connect(
        lambda game, **_: ended.append(game.pk), weak=False, dispatch_uid="test-limit"
    )
    try:
        game = table.create_game(
            config={"target": 10**9}, seats={}, bots={"alice": "random", "bob": "random"}
        )
    finally:
        game_abandoned.disconnect(dispatch_uid="test-limit")

    played = Game.objects.get(pk=game["id"])
    assert played.status == "abandoned"
    assert played.version == 40 and GameEvent.objects.filter(game=played).count() == 40
    assert played.bots_moving is False and played.seed_revealed_at is not None
    assert len(ended) == 1, "the campaign and the league hear of the end once"
    report = table.client(table.player).get(f"/api/matches/{game['id']}/verify/").json()
    assert report["ok"] and report["seed_matches_commitment"] and report["rolls_intact"]


def test_a_command_after_the_limit_is_refused_as_after_any_end(table, settings):
    settings.GAME_EVENT_LIMIT = 3
    game = table.create_game(config={"target": 10**9})
    player = table.client(table.player)
    for _ in range(3):
        answer = player.post(
            f"/api/matches/{game['id']}/commands/",
            {"command": {"action": "roll", "sides": 6, "count": 1}},
            format="json",
        )
        assert answer.status_code == 201, answer.json()
    assert answer.json()["game"]["status"] == "abandoned"

    late = player.post(
        f"/api/matches/{game['id']}/commands/",
        {"command": {"action": "roll", "sides": 6, "count": 1}},
        format="json",
    )
    assert late.status_code == 422 and late.json()["code"] == "game_over"
    assert Game.objects.get(pk=game["id"]).version == 3


def test_bots_play_on_only_after_a_pause(
    table, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """A request's stretch of bot moves is followed by a task that waits
    ``BOT_PAUSE_SECONDS`` (here 2.5) before it plays the next stretch."""
    settings.BOT_SECONDS = 0.0  # every stretch is one move long
    settings.BOT_PAUSE_SECONDS = 2.5
    scheduled = []
    monkeypatch.setattr(
        tasks.bots_move, "apply_async", lambda args, **options: scheduled.append((args, options))
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = table.create_game(config={"target": 10**9}, seats={}, bots={"alice": "random"})

    assert scheduled == [((game["id"],), {"countdown": 2.5})]
    assert Game.objects.get(pk=game["id"]).version == 1


def test_the_endless_dice_game_of_bots_is_bounded(table, settings):
    """The finding's own game: the dice game at its largest snitch target, bots in both
    seats, ends by the limit (here 300 events) or sooner by its rules."""
    settings.GAME_EVENT_LIMIT = 300
    schema = table.client(table.storyguide).get("/api/rulesets/dice-quidditch/").json()
    largest = schema["config_schema"]["properties"]["snitch_to_catch"]["maximum"]
    answer = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "dice-quidditch",
            "config": {"snitch_to_catch": largest},
            "seats": {},
            "bots": {"*": "sensible"},
            "started_at": timezone.now().isoformat(),
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    played = Game.objects.get(pk=answer.json()["id"])
    assert played.status in {"finished", "abandoned"} and played.version <= 300


def test_verifying_the_same_log_again_gives_the_report_made_of_it(table, monkeypatch):
    """Anyone may audit a game, at a cost in proportion to its log: the second audit of
    an unchanged log is the first one's report; a new event makes a new report."""
    audits = []
    real_verify = selectors.verify
    monkeypatch.setattr(
        selectors, "verify", lambda *args: audits.append(args) or real_verify(*args)
    )
    game = table.create_game(config={"target": 10**9})
    reader = table.client(table.spectator)
    first = reader.get(f"/api/matches/{game['id']}/verify/").json()
    again = reader.get(f"/api/matches/{game['id']}/verify/").json()
    assert len(audits) == 1 and again == first

    table.client(table.player).post(
        f"/api/matches/{game['id']}/commands/",
        {"command": {"action": "roll", "sides": 6, "count": 1}},
        format="json",
    )
    after = reader.get(f"/api/matches/{game['id']}/verify/").json()
    assert len(audits) == 2 and after["events"] == first["events"] + 1


def test_audits_are_rate_limited_per_client(table):
    """Past the ``verify`` budget (here 2 a minute) a reader is told to wait (429 with
    ``Retry-After``); another reader has a budget of their own."""
    game = table.create_game(config={"target": 10**9})
    url = f"/api/matches/{game['id']}/verify/"
    reader = table.client(table.spectator)
    with mock.patch.object(VerifyRateThrottle, "THROTTLE_RATES", {"verify": "2/min"}):
        answers = [reader.get(url) for _ in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 429]
        assert answers[2].json()["code"] == "throttled" and answers[2]["Retry-After"]
        assert table.client(table.player).get(url).status_code == 200
