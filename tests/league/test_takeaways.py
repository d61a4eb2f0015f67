"""A cup year to take away (issue 18): the table as CSV, the fixtures as an iCal feed
whose events keep their UIDs as dates are fixed (§8.4)."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from league.models import Fixture

pytestmark = pytest.mark.django_db


def feed(client, cup) -> dict[str, dict]:
    response = client.get(f"/api/cup-years/{cup.cup.pk}/fixtures.ics/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    events = Calendar.from_ical(response.content).walk("VEVENT")
    return {str(event["UID"]): event for event in events}


def test_standings_download_as_csv_for_a_spreadsheet(cup):
    response = cup.client().get(f"/api/cup-years/{cup.cup.pk}/standings.csv/")
    assert response.status_code == 200
    assert response[
        "Content-Disposition"
    ] == 'attachment; filename="test-1-1995-96-standings.csv"'.replace("test-1", cup.campaign.slug)
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["place", "house", "played", "won"]
    assert sorted(row[1] for row in rows[1:]) == [
        "Gryffindor",
        "Hufflepuff",
        "Ravenclaw",
        "Slytherin",
    ]
    assert {row[2] for row in rows[1:]} == {"0"}


def test_the_fixtures_feed_has_one_event_per_fixture_with_stable_uids(cup):
    client = cup.client()
    before = feed(client, cup)
    fixtures = list(cup.cup.fixtures.order_by("id"))
    assert set(before) == {f"fixture-{f.pk}@storyguide" for f in fixtures}
    first = fixtures[0]
    event = before[f"fixture-{first.pk}@storyguide"]
    assert str(event["SUMMARY"]) == f"{first.home.name} v {first.away.name} (First half)"
    assert str(event["STATUS"]) == "TENTATIVE"
    assert event.decoded("DTSTART") == first.window_starts.date()
    assert str(event["URL"]).endswith(f"/league/{cup.campaign.slug}/1995-96/")

    when = timezone.now() + timedelta(days=10)
    Fixture.objects.filter(pk=first.pk).update(date=when, status="scheduled")
    after = feed(client, cup)
    assert set(after) == set(before), "fixing a date updates the event, adds none"
    fixed = after[f"fixture-{first.pk}@storyguide"]
    assert (
        fixed.decoded("DTSTART") == when.replace(microsecond=0) or fixed.decoded("DTSTART") == when
    )
    assert fixed.decoded("DTEND") - fixed.decoded("DTSTART") == timedelta(hours=2)
    assert str(fixed["STATUS"]) == "CONFIRMED"


def test_an_abandoned_fixture_is_cancelled_in_the_feed_with_its_reason(cup):
    first = cup.cup.fixtures.order_by("id").first()
    Fixture.objects.filter(pk=first.pk).update(status="abandoned", status_reason="storm")
    event = feed(cup.client(), cup)[f"fixture-{first.pk}@storyguide"]
    assert (str(event["STATUS"]), str(event["DESCRIPTION"])) == ("CANCELLED", "Abandoned: storm")
