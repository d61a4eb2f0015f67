"""§8.4: windows of four weeks announced at the start of a half, dates fixed seven days ahead."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from games.ruleset import RuleViolation
from league.rules.fixtures import FIRST_HALF, cup_year, games
from league.rules.scheduling import (
    ScheduledGame,
    Window,
    announce_by,
    check_date,
    dates_needed,
    half_windows,
)

from . import HOUSES

BERLIN = ZoneInfo("Europe/Berlin")
HALF_START = datetime(2026, 9, 1, 0, 0, tzinfo=BERLIN)  # a Tuesday
WINDOW = Window.starting(HALF_START)


def at(day: int, month: int = 9, hour: int = 20) -> datetime:
    return datetime(2026, month, day, hour, 0, tzinfo=BERLIN)


def test_8_4_a_window_lasts_four_weeks():
    assert WINDOW.end - WINDOW.start == timedelta(weeks=4)
    assert WINDOW.last_day.isoformat() == "2026-09-28"


def test_8_4_each_game_of_a_half_gets_a_window_and_windows_may_overlap():
    first_half = [g for g in games(cup_year(HOUSES)) if g.half == FIRST_HALF]
    windows = half_windows(first_half, start=HALF_START)
    assert sorted(windows) == sorted(g.key for g in first_half)
    by_day = {g.match_day: windows[g.key] for g in first_half}
    assert [by_day[day].start for day in (1, 2, 3)] == [
        at(1, hour=0),
        at(8, hour=0),
        at(15, hour=0),
    ]
    assert by_day[2].start < by_day[1].end


@pytest.mark.parametrize(
    ("now", "date", "code"),
    [
        (at(1), at(31, month=8), "date_before_window"),
        (at(1), at(29), "date_after_window"),
        (at(10), at(16), "date_too_soon"),
        (at(11, hour=0), at(17, hour=23), "date_too_soon"),
    ],
    ids=["before the window", "after the window", "six days ahead", "six days and 23 hours"],
)
def test_8_4_a_date_outside_the_window_or_announced_late_is_refused(now, date, code):
    with pytest.raises(RuleViolation) as refused:
        check_date(now=now, date=date, window=WINDOW)
    assert (refused.value.code, refused.value.rule) == (code, "§8.4")


def test_8_4_the_refusal_says_by_when_the_date_was_due():
    with pytest.raises(
        RuleViolation,
        match="announced by 2026-09-10, seven days before; today is 2026-09-11",
    ):
        check_date(now=at(11), date=at(17), window=WINDOW)


@pytest.mark.parametrize(
    ("now", "date"),
    [
        (at(10, hour=23), at(17, hour=8)),
        (at(1), at(28, hour=23)),
        (at(1, hour=0), at(8, hour=0)),
    ],
    ids=["on the seventh day before", "the window's last day", "the window's first week"],
)
def test_8_4_a_date_in_the_window_announced_by_the_seventh_day_before_is_accepted(now, date):
    check_date(now=now, date=date, window=WINDOW)


def test_8_4_days_are_counted_in_the_time_zone_of_the_date():
    utc_evening = datetime(
        2026, 9, 10, 22, 30, tzinfo=ZoneInfo("UTC")
    )  # already the 11th in Berlin
    with pytest.raises(RuleViolation):
        check_date(now=utc_evening, date=at(17), window=WINDOW)
    assert announce_by(at(17)).isoformat() == "2026-09-10"


def test_8_4_datetimes_without_a_time_zone_are_refused():
    with pytest.raises(ValueError, match="time zone"):
        check_date(now=datetime(2026, 9, 1), date=at(20), window=WINDOW)


def test_8_4_games_still_without_a_date_most_urgent_first():
    later = Window.starting(at(8, hour=0))
    scheduled = [
        ScheduledGame("game-3", later),
        ScheduledGame("game-1", WINDOW, date=at(20)),
        ScheduledGame("game-2", WINDOW),
    ]
    needed = dates_needed(scheduled, now=at(22))
    assert [(n.game, n.announce_by.isoformat(), n.overdue) for n in needed] == [
        ("game-2", "2026-09-21", True),
        ("game-3", "2026-09-28", False),
    ]
    assert needed[1].to_json()["window"]["start"] == "2026-09-08T00:00:00+02:00"
