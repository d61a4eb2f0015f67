"""The demo's cup year page in a real (headless) Chromium shows what is still possible
(issue 33, §8.2): the marks beside the houses with their sentences, the odds as a table
and as a chart.

Uses Debian's chromium, never a browser that Playwright downloads; the database is
touched only before the browser starts (see test_standings_browser.py).
"""

import pytest
from django.core.management import call_command
from django.utils import timezone

from campaign.demo import DEMO_CAMPAIGN_SLUG
from league import selectors, services
from league.chart import percent
from league.models import CupYear, Stage
from tests.league.test_pages import record

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 412, "height": 915}
CLINCHED = "Gryffindor are in the cup final whatever happens."


def gryffindor_runs_away(cup_year):
    """The second half but one game: Gryffindor win theirs 19:0 with the snitch, the others
    draw 0:0, and a game without Gryffindor is still to play."""
    second_half = list(
        cup_year.fixtures.filter(stage=Stage.SECOND_HALF)
        .select_related("home", "away")
        .order_by("-window_starts", "-id")
    )
    last = next(f for f in second_half if "Gryffindor" not in (f.home.name, f.away.name))
    for fixture in second_half:
        if fixture == last:
            continue
        if fixture.home.name == "Gryffindor":
            record(fixture, 19, 0, snitch=0)
        elif fixture.away.name == "Gryffindor":
            record(fixture, 0, 19, snitch=1)
        else:
            record(fixture, 0, 0)


def test_the_cup_year_page_shows_the_marks_and_the_odds(live_service, chromium, screenshots):
    call_command("seed_demo", force=True)
    cup_year = CupYear.objects.get(campaign__slug=DEMO_CAMPAIGN_SLUG)
    gryffindor_runs_away(cup_year)
    figures = selectors.projection_figures(
        services.cup_year_project(cup_year=cup_year, now=timezone.now())
    )
    marks = {house["house"]: house["marks"] for house in figures["houses"]}
    assert marks["Gryffindor"][0]["sentence"] == CLINCHED, "1020 from the second half alone"
    odds = [(house["house"], percent(house["cup"])) for house in figures["houses"]]

    page = chromium.new_page(viewport=PHONE, device_scale_factor=2)
    page.set_default_timeout(15_000)
    page.goto(f"{live_service.url}/league/{DEMO_CAMPAIGN_SLUG}/")
    shown_marks = dict(
        page.locator("#standings tbody tr").evaluate_all(
            "rows => rows.map(row => [row.dataset.house,"
            " Array.from(row.querySelectorAll('.mark')).map(mark => mark.textContent.trim())])"
        )
    )
    shown_odds = page.locator("#odds tbody tr").evaluate_all(
        "rows => rows.map(row => [row.dataset.house, row.querySelector('.cup').textContent])"
    )
    bars = page.locator("svg.odds g.odds-row").evaluate_all(
        "rows => rows.map(row => [row.dataset.house, Array.from(row.querySelectorAll('rect.place'))"
        ".reduce((width, part) => width + part.getBBox().width, 0)])"
    )
    clinched_visible = page.get_by_text(CLINCHED).is_visible()
    page.locator("#outlook").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "league-projections.png", full_page=True)

    assert clinched_visible
    for house, found in marks.items():
        shown = [text.lstrip("✓✗⚖ ") for text in shown_marks[house]]
        assert set(shown) <= {mark["sentence"] for mark in found if mark["sentence"]}
        cup_final = found[0]  # the page may leave out what another mark says already
        assert (cup_final["sentence"] in shown) == (cup_final["status"] != "open")
    assert [tuple(row) for row in shown_odds] == odds
    assert [house for house, _ in bars] == [house for house, _ in odds]
    widths = [width for _, width in bars]
    assert all(width == pytest.approx(widths[0], abs=0.5) for width in widths), (
        "every bar is a whole: its places add up to one"
    )
