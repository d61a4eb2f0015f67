"""The demo's public cup year page in a real (headless) Chromium, as a phone shows it.

Uses Debian's chromium (``CHROMIUM_PATH`` or ``chromium`` on the PATH), never
a browser that Playwright downloads. The database is touched only before the
browser starts: Playwright's sync API keeps an event loop in this thread, and
Django refuses database calls from a thread running one.
"""

import pytest
from django.core.management import call_command

from campaign.demo import DEMO_CAMPAIGN_SLUG
from league import selectors
from league.models import CupYear
from tests.support import BROWSER_PATIENCE_MS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 412, "height": 915}


def test_the_standings_page_shows_the_table_in_order_and_draws_the_race(
    live_service, chromium, screenshots
):
    call_command("seed_demo", force=True)
    cup_year = CupYear.objects.get(campaign__slug=DEMO_CAMPAIGN_SLUG)
    order = list(selectors.cup_standings(cup_year).order)
    assert cup_year.fixtures.exclude(result=None).exists(), "the demo has games played"
    url = f"{live_service.url}/league/{DEMO_CAMPAIGN_SLUG}/"

    page = chromium.new_page(viewport=PHONE, device_scale_factor=2)
    page.set_default_timeout(BROWSER_PATIENCE_MS)
    page.goto(url)
    shown = page.locator("#standings tbody tr").evaluate_all(
        "rows => rows.map(row => row.dataset.house)"
    )
    lines = page.locator("svg.race polyline.house-line").evaluate_all(
        "lines => lines.map(line => [line.dataset.house, line.getAttribute('stroke'),"
        " line.getBBox().width])"
    )
    page.screenshot(path=screenshots / "league-standings.png", full_page=True)

    assert shown == order
    assert sorted((house, colour) for house, colour, _ in lines) == [
        ("Gryffindor", "red"),
        ("Hufflepuff", "yellow"),
        ("Ravenclaw", "blue"),
        ("Slytherin", "green"),
    ]
    assert all(width > 0 for _, _, width in lines)
