"""The demo storyguide's day in the dashboard, in a real (headless) Chromium.

Uses Debian's chromium (``CHROMIUM_PATH`` or ``chromium`` on the PATH), never
a browser that Playwright downloads. The database is touched only before the
browser starts and after it closes: Playwright's sync API keeps an event loop
in this thread, and Django refuses database calls from a thread running one.
"""

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from campaign.demo import DEMO_CAMPAIGN_SLUG, DEMO_PASSWORD, DEMO_USERNAME
from campaign.forms import attribute_field
from campaign.models import Campaign, Character, HousePointEntry
from tests.support import BROWSER_PATIENCE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def house_points(page, house: str) -> int:
    row = page.locator("#result_list tbody tr", has_text=house)
    return int(row.locator("td.field-points").inner_text())


def test_storyguide_adds_a_character_awards_points_and_sees_the_house_total(
    live_service, chromium, screenshots
):
    call_command("seed_demo", force=True)
    attributes = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG).sheet_rules.attributes
    admin = f"{live_service.url}/admin"

    page = chromium.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(BROWSER_PATIENCE_MS)

    page.goto(f"{admin}/")
    page.fill("#id_username", DEMO_USERNAME)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#user-tools")

    page.goto(f"{admin}/campaign/character/add/")
    page.fill("#id_name", "Luna Lovegood")
    page.select_option("#id_house", label="Ravenclaw")
    page.fill("#id_year", "4")
    for name in attributes:
        page.fill(f"#id_{attribute_field(name)}", "6")
    page.fill("#id_secret_notes", "Sees Thestrals.")
    page.screenshot(path=screenshots / "dashboard-character-form.png", full_page=True)
    page.click("input[name=_save]")
    expect(page.locator(".messagelist")).to_contain_text("was added successfully")

    page.goto(f"{admin}/campaign/house/")
    before = house_points(page, "Ravenclaw")

    page.goto(f"{admin}/campaign/housepointentry/add/")
    page.select_option("#id_house", label="Ravenclaw")
    page.fill("#id_amount", "35")
    page.fill("#id_reason", "Found the Diadem")
    page.select_option("#id_character", label="Luna Lovegood")
    page.click("input[name=_save]")
    expect(page.locator(".messagelist")).to_contain_text("was added successfully")
    page.screenshot(path=screenshots / "dashboard-ledger.png", full_page=True)

    page.goto(f"{admin}/campaign/house/")
    after = house_points(page, "Ravenclaw")
    page.screenshot(path=screenshots / "dashboard-house-totals.png", full_page=True)

    assert after == before + 35
    luna = Character.objects.get(name="Luna Lovegood")
    assert luna.attributes == dict.fromkeys(attributes, 6)
    entry = HousePointEntry.objects.get(character=luna)
    assert (entry.amount, entry.awarded_by.username) == (35, DEMO_USERNAME)
