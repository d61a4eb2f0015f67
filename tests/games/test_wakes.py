"""Bots woken by the clock (issue 39, "Live in place": "A bot that waits on a person's time
acts when the time runs out, with nobody acting: the Chat-Quidditch referee bot waits for
the answer time of §3.4 and today nothing wakes it unless someone sends something. A
timer (a countdown task, or the beat) moves it").

An alarm clock, registered for these tests alone: the referee may ring it once its hour
has passed, and the referee's seat is a bot's. Nobody acts; the wake set when the bots
stopped moves it.
"""

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from games import ruleset as ruleset_module
from games import tasks
from games.bots import REFEREE_SEAT
from games.contracts import Contract
from games.models import Game
from games.ruleset import Outcome, Ruleset
from games.services import game_bots_wake, game_create
from quidditch.chat.rules.ruleset import ChatQuidditch
from tests.quidditch.chat.rules import Game as ChatGame
from tests.support import Table

pytestmark = pytest.mark.django_db

HOUR = 4_000_000_000.0
"""The alarm's hour (POSIX seconds, in 2096): far from any test's clock."""


class AlarmClock(Ruleset):
    name = "alarm-clock"
    title = "Alarm clock"
    contract = Contract(
        example={"hour": HOUR},
    )
    referee_relays = False

    def setup(self, config):
        return {"hour": config["hour"], "over": False}

    def seats(self, state):
        return ["sleeper"]

    def allowed_commands(self, state, actor, *, now=None):
        late = now is not None and now > state["hour"]
        return [{"action": "ring"}] if actor.is_referee and late and not state["over"] else []

    def apply(self, state, command, *, actor, dice, now):
        return Outcome({**state, "over": True}, [{"type": "rang", "at": now}])

    def wakes_at(self, state):
        return None if state["over"] else state["hour"]


@pytest.fixture(autouse=True)
def _alarm_clock_registered(monkeypatch):
    """The alarm clock is a ruleset for these tests alone: registered while they run, so
    that no other test (a client playing every ruleset the service lists) meets a game
    that waits for 2096."""
    monkeypatch.setitem(ruleset_module._REGISTRY, AlarmClock.name, AlarmClock())


def an_alarm(table) -> Game:
    return game_create(
        campaign=table.campaign,
        ruleset="alarm-clock",
        config={"hour": HOUR},
        seats={"sleeper": table.player.pk},
        bots={REFEREE_SEAT: "random"},
        created_by=table.storyguide,
        now=timezone.now(),
    )


def test_a_wake_is_set_for_the_moment_time_alone_changes_what_the_bots_may_do(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.BOT_WAKE = "celery"
    sent = []
    monkeypatch.setattr(tasks.bots_wake, "apply_async", lambda args, eta: sent.append((args, eta)))
    with django_capture_on_commit_callbacks(execute=True):
        game = an_alarm(Table())
    assert game.status == "active" and game.version == 0, "nothing to ring before the hour"
    assert sent == [((game.pk, 0), datetime.fromtimestamp(HOUR + 0.5, UTC))]


def test_woken_after_the_hour_the_referee_bot_rings_with_nobody_acting():
    game = an_alarm(Table())
    after = datetime.fromtimestamp(HOUR + 1, UTC)
    assert game_bots_wake(game_id=game.pk, version=0, now=after) is not None
    game.refresh_from_db()
    assert (game.status, game.version) == ("finished", 1)
    assert game.events.get().events == [{"type": "rang", "at": HOUR + 1}]


def test_a_wake_for_a_game_that_moved_on_does_nothing():
    game = an_alarm(Table())
    after = datetime.fromtimestamp(HOUR + 1, UTC)
    assert game_bots_wake(game_id=game.pk, version=7, now=after) is None
    game.refresh_from_db()
    assert game.version == 0


def test_3_4_a_chat_quidditch_match_wakes_when_the_first_answers_window_closes():
    """GJäger1 shoots; SHüter may hold within ten seconds (§3.4, ``answer_seconds``): the
    match wakes at that window's deadline, when the referee calls time."""
    match = ChatGame().kick_off().to_chasers(carrier=1)
    assert ChatQuidditch().wakes_at(match.state) is None
    match.do("Torwurf", 6, 6, by="GJäger1")
    [window] = match.state["pending"]
    assert ChatQuidditch().wakes_at(match.state) == window["deadline"]
