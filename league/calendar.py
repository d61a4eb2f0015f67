"""A cup year's fixtures as an iCalendar feed, for the calendars of the people who play.

Each fixture is one event whose ``UID`` is derived from the fixture's id alone,
so a calendar that subscribes to the feed updates the event (a date fixed, a
postponement) instead of adding a second one. A fixture with a fixed date is
a two-hour event at that time; one without is an all-day span over its
window, tentative until the date is fixed (§8.4); a postponed one is
tentative again, an abandoned one cancelled. Its words are in the active
language (the API chooses it for the feed).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext
from icalendar import Calendar, Event

from league.models import CupYear, Fixture, FixtureStatus

GAME_LENGTH = timedelta(hours=2)
STATUS = {FixtureStatus.POSTPONED: "TENTATIVE", FixtureStatus.ABANDONED: "CANCELLED"}
PRODUCT = "-//storyguide//house cup//EN"


def fixture_uid(fixture: Fixture) -> str:
    return f"fixture-{fixture.pk}@storyguide"


def fixtures_calendar(cup_year: CupYear, *, page_url: str, now: datetime) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add(
        "x-wr-calname",
        gettext("%(campaign)s: house cup %(name)s")
        % {"campaign": cup_year.campaign.name, "name": cup_year.name},
    )
    fixtures = cup_year.fixtures.select_related("home", "away").order_by("window_starts", "id")
    for fixture in fixtures:
        calendar.add_component(_event(fixture, page_url, now))
    return calendar.to_ical()


def _event(fixture: Fixture, page_url: str, now: datetime) -> Event:
    event = Event()
    event.add("uid", fixture_uid(fixture))
    event.add("dtstamp", now)
    event.add(
        "summary",
        gettext("%(home)s v %(away)s (%(stage)s)")
        % {
            "home": fixture.home.name,
            "away": fixture.away.name,
            "stage": fixture.get_stage_display(),
        },
    )
    event.add("url", page_url)
    if fixture.date is not None:
        event.add("dtstart", fixture.date)
        event.add("dtend", fixture.date + GAME_LENGTH)
    else:
        event.add("dtstart", fixture.window_starts.date())
        event.add("dtend", fixture.window_ends.date() + timedelta(days=1))
    event.add("status", STATUS.get(fixture.status, "CONFIRMED" if fixture.date else "TENTATIVE"))
    if fixture.status_reason:
        event.add(
            "description", f"{fixture.get_status_display()}: {gettext(fixture.status_reason)}"
        )
    return event
