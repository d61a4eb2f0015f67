"""The house cup as JSON: public reads, storyguide and referee writes (§8)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league import services
from league.models import CupYear, Fixture, FixtureStatus
from tests.support import play_out

pytestmark = pytest.mark.django_db


def test_cup_data_is_public(cup):
    anonymous = cup.client()
    assert anonymous.get("/api/cup-years/").json()["count"] == 1
    table = anonymous.get(f"/api/cup-years/{cup.cup.pk}/standings/").json()
    assert [row["place"] for row in table["rows"]] == [1, 1, 1, 1]
    assert table["settled"] is False
    fixtures = anonymous.get(f"/api/fixtures/?cup_year={cup.cup.pk}").json()
    assert fixtures["count"] == 12


def test_8_1_a_storyguide_creates_a_cup_year_with_its_fixtures(cup):
    body = {
        "campaign": cup.campaign.pk,
        "name": "1996/97",
        "slug": "1996-97",
        "first_half_starts": "2027-09-01T00:00:00Z",
        "second_half_starts": "2028-02-01T00:00:00Z",
    }
    assert cup.client(cup.player).post("/api/cup-years/", body, format="json").status_code == 400
    response = cup.client(cup.storyguide).post("/api/cup-years/", body, format="json")
    assert response.status_code == 201
    assert Fixture.objects.filter(cup_year_id=response.json()["id"]).count() == 12


def test_8_1_halves_out_of_order_are_refused(cup):
    body = {
        "campaign": cup.campaign.pk,
        "name": "x",
        "slug": "x",
        "first_half_starts": "2028-02-01T00:00:00Z",
        "second_half_starts": "2027-09-01T00:00:00Z",
    }
    response = cup.client(cup.storyguide).post("/api/cup-years/", body, format="json")
    assert response.status_code == 422 and response.json()["rule"] == "§8.1"
    assert CupYear.objects.count() == 1


def test_8_4_dates_through_the_api(cup):
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    soon = timezone.now() + timedelta(days=2)
    Fixture.objects.filter(pk=fixture.pk).update(
        window_starts=timezone.now(), window_ends=timezone.now() + timedelta(weeks=4)
    )
    url = f"/api/fixtures/{fixture.pk}/date/"
    assert (
        cup.client(cup.player).post(url, {"date": soon.isoformat()}, format="json").status_code
        == 403
    )
    refused = cup.client(cup.storyguide).post(url, {"date": soon.isoformat()}, format="json")
    assert refused.status_code == 422 and refused.json()["rule"] == "§8.4"
    later = timezone.now() + timedelta(days=10)
    fixed = cup.client(cup.storyguide).post(url, {"date": later.isoformat()}, format="json")
    assert fixed.status_code == 200 and fixed.json()["status"] == FixtureStatus.SCHEDULED


def test_2_1_postpone_and_abandon_with_a_reason(cup):
    first, second = cup.cup.fixtures.order_by("id")[:2]
    client = cup.client(cup.storyguide)
    postponed = client.post(
        f"/api/fixtures/{first.pk}/postpone/", {"reason": "flu"}, format="json"
    ).json()
    assert postponed["status"] == "postponed" and postponed["status_reason"] == "flu"
    abandoned = client.post(
        f"/api/fixtures/{second.pk}/abandon/", {"reason": "storm"}, format="json"
    ).json()
    assert abandoned["status"] == "abandoned"
    again = client.post(f"/api/fixtures/{second.pk}/abandon/", {"reason": "x"}, format="json")
    assert again.status_code == 422


def test_8_5_start_a_cup_game_and_record_fraud(cup):
    fixture = cup.cup.fixtures.order_by("id").first()
    body = {
        "teams": [
            {"house": house.pk, "players": [{"character": c.pk} for c in cup.players[house.name]]}
            for house in (fixture.home, fixture.away)
        ]
    }
    outsider = cup.client(cup.outsider).post(
        f"/api/fixtures/{fixture.pk}/start/", body, format="json"
    )
    assert outsider.status_code == 403
    started = cup.client(cup.storyguide).post(
        f"/api/fixtures/{fixture.pk}/start/", body, format="json"
    )
    assert started.status_code == 201, started.json()
    assert started.json()["status"] == "playing" and started.json()["game"]
    cheat = cup.players[fixture.home.name][3]
    fraud = cup.client(cup.storyguide).post(
        f"/api/fixtures/{fixture.pk}/frauds/",
        {"character": cheat.pk, "offence": "dice_fraud", "note": "edited a roll"},
        format="json",
    )
    assert fraud.status_code == 201 and fraud.json()["house"] == fixture.home.pk
    play_out(Fixture.objects.get(pk=fixture.pk).game, now=timezone.now())
    table = cup.client().get(f"/api/cup-years/{cup.cup.pk}/standings/").json()
    home = next(row for row in table["rows"] if row["house"] == fixture.home.name)
    assert home["points_deducted"] == 100


def test_finals_need_a_settled_table(cup):
    response = cup.client(cup.storyguide).post(f"/api/cup-years/{cup.cup.pk}/finals/")
    assert response.status_code == 422 and response.json()["code"] == "table_not_settled"
    lots = cup.client(cup.storyguide).post(f"/api/cup-years/{cup.cup.pk}/draw-lots/")
    assert lots.status_code == 422 and lots.json()["code"] == "no_lots_needed"


def test_the_standings_answer_in_the_same_number_of_queries_however_many_games(cup):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert cup.client().get(f"/api/cup-years/{cup.cup.pk}/standings/").status_code == 200
        return len(queries)

    before = count()
    for fixture in cup.cup.fixtures.order_by("id")[:3]:
        started = services.fixture_start(
            fixture=fixture,
            rosters=cup.rosters(fixture),
            settings={},
            created_by=cup.storyguide,
            now=timezone.now(),
        )
        play_out(started.game, now=timezone.now())
    assert cup.cup.fixtures.exclude(result=None).count() == 3
    assert count() == before


def test_a_cup_game_at_a_physical_table_takes_the_referees_entered_dice(cup):
    """A cup final rolled at the table: the referee enters the dice, as in a friendly match."""
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    started = cup.client(cup.storyguide).post(
        f"/api/fixtures/{fixture.pk}/start/",
        {
            "teams": [roster(cup, fixture.home), roster(cup, fixture.away)],
            "entered_dice": "referee",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    game = Fixture.objects.get(pk=fixture.pk).game
    assert game.entered_dice == "referee"
    roll = cup.client(cup.storyguide).post(
        f"/api/matches/{game.pk}/commands/",
        {
            "command": {
                "action": "experience",
                "player": game.state["teams"][0]["captain"],
                "points": {},
            }
        },
        format="json",
    )
    assert roll.status_code == 201


def test_5_1_a_cup_game_refuses_settings_its_rules_forbid_and_starts_nothing(cup):
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    refused = cup.client(cup.storyguide).post(
        f"/api/fixtures/{fixture.pk}/start/",
        {
            "teams": [roster(cup, fixture.home), roster(cup, fixture.away)],
            "settings": {"rounds": 400},
        },
        format="json",
    )
    assert refused.status_code == 422
    assert refused.json() == {
        "code": "invalid_config",
        "detail": "rounds must be a whole number from 1 to 10.",
        "rule": "§5.1",
    }
    fixture.refresh_from_db()
    assert fixture.game is None and fixture.status == FixtureStatus.UNSCHEDULED


def roster(cup, house):
    return {
        "house": house.pk,
        "players": [{"character": c.pk} for c in house.characters.order_by("id")],
    }
