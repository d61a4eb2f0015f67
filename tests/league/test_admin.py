"""The cup and the games in the storyguide's dashboard (issue 18, "dashboard mends"):
cup years made and renamed, fixtures dated, postponed or abandoned through the
services' rules, games abandoned but never deleted once played, and choices that
name their campaign when two campaigns have a Gryffindor."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaign.services import campaign_create
from games.models import GameStatus
from games.services import game_create
from league.models import CupYear, Fixture, FixtureStatus
from tests.support import dashboard_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def dashboard(cup):
    return dashboard_client(cup.storyguide)


def split(moment) -> dict:
    return {"_0": moment.strftime("%Y-%m-%d"), "_1": moment.strftime("%H:%M:%S")}


def datetime_fields(name, moment) -> dict:
    return {f"{name}{part}": value for part, value in split(moment).items()}


def test_a_cup_year_is_made_from_the_dashboard_with_its_fixtures_and_a_slug(cup, dashboard):
    response = dashboard.post(
        "/admin/league/cupyear/add/",
        {
            "campaign": cup.campaign.pk,
            "name": "1996/97",
            "slug": "",
            "ruleset": "chat-quidditch",
            **datetime_fields("first_half_starts", timezone.now() + timedelta(days=30)),
            **datetime_fields("second_half_starts", timezone.now() + timedelta(days=200)),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    made = CupYear.objects.get(name="1996/97")
    assert made.slug == "199697" and made.fixtures.count() == 12


def test_a_cup_year_is_renamed_but_its_dates_stay(cup, dashboard):
    page = dashboard.get(f"/admin/league/cupyear/{cup.cup.pk}/change/").content.decode()
    assert 'name="first_half_starts' not in page
    response = dashboard.post(f"/admin/league/cupyear/{cup.cup.pk}/change/", {"name": "Renamed"})
    assert response.status_code == 302
    cup.cup.refresh_from_db()
    assert cup.cup.name == "Renamed"


def test_a_fixture_date_outside_its_window_is_refused_on_the_form(cup, dashboard):
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    url = f"/admin/league/fixture/{fixture.pk}/change/"
    refused = dashboard.post(url, datetime_fields("date", fixture.window_ends + timedelta(days=1)))
    assert refused.status_code == 200
    assert "is after the game&#x27;s window" in refused.content.decode()
    fixture.refresh_from_db()
    assert fixture.date is None


def test_a_fixture_is_postponed_or_abandoned_with_its_reason(cup, dashboard):
    first, second = cup.cup.fixtures.order_by("id")[:2]
    dashboard.post(f"/admin/league/fixture/{first.pk}/change/", {"postpone_because": "flu"})
    dashboard.post(f"/admin/league/fixture/{second.pk}/change/", {"abandon_because": "storm"})
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.status_reason) == (FixtureStatus.POSTPONED, "flu")
    assert (second.status, second.status_reason) == (FixtureStatus.ABANDONED, "storm")


def test_fixtures_cannot_be_added_or_deleted_in_the_dashboard(cup, dashboard):
    fixture = cup.cup.fixtures.first()
    assert dashboard.get("/admin/league/fixture/add/").status_code == 403
    assert dashboard.post(f"/admin/league/fixture/{fixture.pk}/delete/").status_code == 403
    assert Fixture.objects.filter(pk=fixture.pk).exists()


def friendly(cup):
    return game_create(
        campaign=cup.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=cup.storyguide,
        now=timezone.now(),
    )


def test_a_played_game_is_abandoned_not_deleted_and_an_untouched_one_may_go(cup, dashboard):
    played, untouched = friendly(cup), friendly(cup)
    played.version = 3
    played.save(update_fields=["version"])
    assert dashboard.get(f"/admin/games/game/{played.pk}/delete/").status_code == 403
    assert dashboard.get(f"/admin/games/game/{untouched.pk}/delete/").status_code == 200
    response = dashboard.post(
        "/admin/games/game/", {"action": "abandon", "_selected_action": [played.pk]}
    )
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.status == GameStatus.ABANDONED and played.seed_revealed_at is not None


def test_house_choices_name_their_campaign_when_a_storyguide_runs_two(cup, dashboard):
    form = dashboard.get("/admin/campaign/housepointentry/add/").content.decode()
    assert ">Gryffindor<" in form, "one campaign: plain names"
    campaign_create(name="Durmstrang", storyguide=cup.storyguide)
    form = dashboard.get("/admin/campaign/housepointentry/add/").content.decode()
    assert f">Gryffindor · {cup.campaign.name}<" in form
    assert ">Gryffindor · Durmstrang<" in form
