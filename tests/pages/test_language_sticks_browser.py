"""Issue 39, in Chromium: "'Deutsch' chosen once holds over five further pages". A visitor
whose browser asks for English presses "Deutsch" in the header once; the five pages they
open next (the cup index, a public game, its verification, the home page, the login page)
are German, by `<html lang>` and by a word of each page's own.
"""

import pytest
from django.utils import timezone

from games.services import game_create
from tests.support import BROWSER_PATIENCE_MS, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_deutsch_chosen_once_holds_over_five_further_pages(live_service, chromium):
    table = Table()
    game = game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        title="Rot gegen Blau",
        seats={},
        bots={"*": "sensible"},
        created_by=table.storyguide,
        now=timezone.now(),
        public=True,
    )
    page = chromium.new_page(locale="en-GB", extra_http_headers={"Accept-Language": "en-GB"})
    page.set_default_timeout(BROWSER_PATIENCE_MS)
    server = live_service.url
    page.goto(f"{server}/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.click("form.languages button[value=de]")
    page.wait_for_url(f"{server}/")
    pages = {
        "/league/": "Noch wird kein Hauspokal ausgespielt.",
        f"/matches/{game.pk}/": "Fairness und Daten",
        f"/matches/{game.pk}/verify/": "Würfel prüfen",
        "/": "Hogwarts-Rollenspielkampagne",
        "/accounts/login/": "Benutzername",
    }
    for address, word in pages.items():
        page.goto(f"{server}{address}")
        assert page.locator("html").get_attribute("lang") == "de", address
        assert word in page.inner_text("body"), (address, word)
    page.close()
