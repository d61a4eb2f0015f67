"""When cup games are played (§8.4).

At the start of each half every game is given a window of four weeks in
which it may be played; windows may overlap. The house's organisers and the
referees then fix the final date, which must be announced at the latest on
the seventh day before the game. If no day in the window suits three
players a team, the organising committee is told as soon as possible and
finds a solution; in the service that solution is a new window.

Days are calendar days in the time zone of the datetimes given (the
league's), so "the seventh day before" a Saturday-evening game is the
Saturday before, at any hour. Datetimes must carry a time zone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date as Date
from datetime import datetime, timedelta

from core.errors import gettext_noop
from games.ruleset import RuleViolation

from .fixtures import Fixture

WINDOW_LENGTH = timedelta(weeks=4)
NOTICE_DAYS = 7
WINDOW_STAGGER = timedelta(weeks=1)
"""By default the windows of a half's match days start a week apart."""


def _aware(moment: datetime, name: str) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} needs a time zone")
    return moment


@dataclass(frozen=True)
class Window:
    """The four weeks from ``start`` (included) to ``end`` (excluded) a game may be played in."""

    start: datetime
    end: datetime

    @classmethod
    def starting(cls, start: datetime) -> Window:
        return cls(_aware(start, "a window's start"), start + WINDOW_LENGTH)

    @property
    def last_day(self) -> Date:
        return (self.end - timedelta(microseconds=1)).date()

    def to_json(self) -> dict:
        return {"start": self.start.isoformat(), "end": self.end.isoformat()}


def half_windows(
    half_games: Sequence[Fixture], *, start: datetime, stagger: timedelta = WINDOW_STAGGER
) -> dict[str, Window]:
    """The windows announced at the start of a half, by game key (§8.4).

    Match day ``n`` of the half opens ``(n - 1) * stagger`` after ``start``;
    windows of four weeks then overlap whenever the stagger is shorter.
    """
    return {
        game.key: Window.starting(start + (game.match_day - 1) * stagger) for game in half_games
    }


def announce_by(game_date: datetime) -> Date:
    """The last day on which a game on ``game_date`` may have its date announced (§8.4)."""
    return _aware(game_date, "the game's date").date() - timedelta(days=NOTICE_DAYS)


def check_date(*, now: datetime, date: datetime, window: Window) -> None:
    """Refuse a final date outside the game's window or announced too late (§8.4)."""
    today = _aware(now, "now").astimezone(_aware(date, "the date").tzinfo).date()
    when = f"{date:%Y-%m-%d %H:%M}"
    if date < window.start:
        raise RuleViolation(
            "date_before_window",
            gettext_noop("%(when)s is before the game's window, which opens %(opens)s"),
            "§8.4",
            params={"when": when, "opens": window.start.date().isoformat()},
        )
    if date >= window.end:
        raise RuleViolation(
            "date_after_window",
            gettext_noop("%(when)s is after the game's window, whose last day is %(last_day)s"),
            "§8.4",
            params={"when": when, "last_day": window.last_day.isoformat()},
        )
    deadline = announce_by(date)
    if today > deadline:
        raise RuleViolation(
            "date_too_soon",
            gettext_noop(
                "a game on %(when)s must have its date announced by %(deadline)s, "
                "seven days before; today is %(today)s"
            ),
            "§8.4",
            params={"when": when, "deadline": deadline.isoformat(), "today": today.isoformat()},
        )


@dataclass(frozen=True)
class ScheduledGame:
    """A game's window and its final date, None while none is fixed."""

    game: str
    window: Window
    date: datetime | None = None


@dataclass(frozen=True)
class DateNeeded:
    """A game still without a date: the last day one can be announced, and whether it passed.

    An ``overdue`` game can no longer be dated in its window; the organising
    committee must be told (§8.4).
    """

    game: str
    window: Window
    announce_by: Date
    overdue: bool

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "window": self.window.to_json(),
            "announce_by": self.announce_by.isoformat(),
            "overdue": self.overdue,
        }


def dates_needed(games: Iterable[ScheduledGame], *, now: datetime) -> list[DateNeeded]:
    """The games without a final date, the most urgent first."""
    needed = []
    for game in games:
        if game.date is not None:
            continue
        latest = game.window.last_day - timedelta(days=NOTICE_DAYS)
        today = _aware(now, "now").astimezone(game.window.start.tzinfo).date()
        needed.append(DateNeeded(game.game, game.window, latest, today > latest))
    return sorted(needed, key=lambda need: (need.announce_by, need.game))


def check_start(*, now: datetime, window: Window) -> None:
    """Refuse to start a game before its window opens (§8.4: it is played in its window)."""
    if _aware(now, "now") < window.start:
        raise RuleViolation(
            "window_not_open",
            gettext_noop("The game's window opens %(opens)s UTC; it cannot start before then"),
            "§8.4",
            params={"opens": f"{window.start:%Y-%m-%d %H:%M}"},
        )
