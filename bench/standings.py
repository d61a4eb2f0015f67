"""Benchmark: the standings of a cup year of 20 houses (380 games), pure and through the database.

    .venv/bin/python bench/standings.py             # an in-memory SQLite, migrated here
    DATABASE_URL=postgres://... .venv/bin/python bench/standings.py --configured-db

Goal: ``league.selectors.cup_standings`` under 100 ms for 380 results. It
prints three figures: the pure rules on sample results (no database), the
selector (the queries, reading the stored results, and the rules), and the
public cup year page built from the same data, ledger and chart included.

With ``--configured-db`` it runs on the configured database (which must be
migrated) inside one transaction that is rolled back at the end, so nothing
stays behind.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if "--configured-db" not in sys.argv:
    os.environ["DATABASE_URL"] = "sqlite://:memory:"

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import RequestFactory, override_settings  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import include, path  # noqa: E402

from campaign.models import House  # noqa: E402
from campaign.services import campaign_create  # noqa: E402
from games.dice import ServerDice  # noqa: E402
from league import selectors, services, views  # noqa: E402
from league.models import FixtureStatus  # noqa: E402
from league.rules.house_points import CREDIT_DELAY  # noqa: E402
from league.rules.results import GameResult  # noqa: E402
from league.rules.sample import sample_results  # noqa: E402
from league.rules.standings import standings  # noqa: E402

HOUSES = 20
RUNS = 30
GOAL_MS = 100
SEED = b"benchmark server seed, 32 bytes!"
START = datetime(2026, 9, 1, tzinfo=UTC)
COLOURS = ["red", "yellow", "blue", "green", "purple", "orange", "teal", "brown", "grey", "pink"]


def timed(call, runs: int = RUNS) -> tuple[float, float]:
    """Best and median wall time of ``call`` in milliseconds."""
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000)
    return min(timings), statistics.median(timings)


def result_dict(result: GameResult) -> dict:
    """A sample result in the shape the match engine reports it (§7)."""
    teams = [
        {
            "house": side.house,
            "goals": side.goals,
            "goals_conceded": side.goals_conceded,
            "snitch": side.snitch,
            "bonus": 100 if result.winner == index else 0,
            "points": side.points,
        }
        for index, side in enumerate(result.sides)
    ]
    return {"teams": teams, "points": [t["points"] for t in teams], "winner": result.winner}


def house_names() -> list[str]:
    return [f"House {chr(ord('A') + i)}" for i in range(HOUSES)]


def pure() -> None:
    houses = house_names()
    results = sample_results(houses, ServerDice(SEED, "bench"))
    best, median = timed(lambda: standings(houses, results))
    print(
        f"pure standings, {HOUSES} houses, {len(results)} results: "
        f"best {best:.1f} ms, median {median:.1f} ms"
    )


def a_full_cup_year():
    """A campaign of 20 houses whose cup year has every game of both halves played and
    its house points credited, the results written straight into the fixtures."""
    storyguide = get_user_model().objects.create_user("bench-storyguide")
    campaign = campaign_create(name="Bench", slug="bench", storyguide=storyguide)
    campaign.houses.all().delete()
    House.objects.bulk_create(
        House(campaign=campaign, name=name, initial=name[-1], colour=COLOURS[i % len(COLOURS)])
        for i, name in enumerate(house_names())
    )
    cup_year = services.cup_year_create(
        campaign=campaign,
        name="Bench",
        slug="bench",
        first_half_starts=START,
        second_half_starts=START + timedelta(days=180),
    )
    results = {
        result.game: result_dict(result)
        for result in sample_results(house_names(), ServerDice(SEED, "bench"))
    }
    fixtures = list(cup_year.fixtures.select_related("home", "away"))
    for fixture in fixtures:
        fixture.result = results[fixture.key]
        assert [t["house"] for t in fixture.result["teams"]] == [
            fixture.home.name,
            fixture.away.name,
        ], "the cup year and the sample results pair the houses alike"
        fixture.status = FixtureStatus.PLAYED
        fixture.published_at = fixture.window_starts + timedelta(days=7)
        fixture.credit_due_at = fixture.published_at + CREDIT_DELAY
    cup_year.fixtures.bulk_update(
        fixtures, ["result", "status", "published_at", "credit_due_at"], batch_size=100
    )
    services.credit_due_points(now=START + timedelta(days=400))
    return cup_year, len(fixtures)


def through_the_database() -> None:
    cup_year, games = a_full_cup_year()
    with CaptureQueriesContext(connection) as queries:
        table = selectors.cup_standings(cup_year)
    assert sum(row.played for row in table.rows) == 2 * games
    best, median = timed(lambda: selectors.cup_standings(cup_year))
    verdict = "ok" if median < GOAL_MS else "TOO SLOW"
    print(
        f"selectors.cup_standings, {games} stored results ({connection.vendor}): "
        f"best {best:.1f} ms, median {median:.1f} ms, {len(queries)} queries "
        f"(goal: under {GOAL_MS} ms: {verdict})"
    )

    site = ModuleType("bench_urls")
    site.urlpatterns = [path("league/", include("league.page_urls"))]
    request = RequestFactory().get("/")
    with override_settings(ROOT_URLCONF=site):
        with CaptureQueriesContext(connection) as queries:
            page = views.cup_year_page(request, campaign="bench", cup_year="bench")
        best, median = timed(
            lambda: views.cup_year_page(request, campaign="bench", cup_year="bench"), runs=10
        )
    assert page.status_code == 200
    print(
        f"cup year page, {games} games, chart and ledger included: best {best:.1f} ms, "
        f"median {median:.1f} ms, {len(queries)} queries, {len(page.content) // 1024} KiB"
    )


def main() -> None:
    pure()
    if "--configured-db" in sys.argv:
        with transaction.atomic():
            through_the_database()
            transaction.set_rollback(True)
    else:
        call_command("migrate", verbosity=0)
        through_the_database()


if __name__ == "__main__":
    main()
