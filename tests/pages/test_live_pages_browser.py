"""Issue 19: "the web table and the standings page update live from the stream", in a
real (headless) Chromium against the ASGI application as deployed.

A page stays open while another client changes what it shows; the page follows
its stream and shows the change without anyone touching it.
"""

import re

import httpx
import pytest
from knox.models import AuthToken
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.league.conftest import CupTable
from tests.league.test_services import play
from tests.pages.test_join_and_play_browser import campaign_with_teams, chat_match
from tests.support import BROWSER_PATIENCE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def quick_streams(settings):
    settings.STREAM_POLL_SECONDS = 0.2  # SQLite: how often a stream looks for news


def test_a_match_page_shows_a_command_another_client_sent(live_service, chromium):
    storyguide = UserFactory(username="minerva")
    game = chat_match(campaign_with_teams("Live", storyguide), storyguide)
    game.public = True
    game.save(update_fields=["public"])
    page = chromium.new_page()
    page.set_default_timeout(BROWSER_PATIENCE_MS)
    page.goto(f"{live_service.url}/matches/{game.pk}/")
    expect(page.locator("#log tbody")).to_contain_text("No moves yet")

    token = AuthToken.objects.create(user=storyguide)[1]
    with httpx.Client(
        base_url=live_service.url, headers={"Authorization": f"Token {token}"}, timeout=10
    ) as referee:
        offered = referee.get(f"/api/matches/{game.pk}/").json()["allowed_commands"][0]
        sent = referee.post(f"/api/matches/{game.pk}/commands/", json={"command": offered})
        assert sent.status_code == 201

    expect(page.locator("#log tbody td").first).to_have_text("1")


def test_the_cup_page_shows_a_result_played_while_it_is_open(live_service, chromium):
    cup = CupTable()
    page = chromium.new_page()
    page.set_default_timeout(BROWSER_PATIENCE_MS)
    page.goto(f"{live_service.url}/league/{cup.campaign.slug}/{cup.cup.slug}/")
    caption = page.locator("#standings caption")
    expect(caption).to_contain_text(re.compile(r"After 0 of \d+ games"))

    play(cup, cup.cup.fixtures.order_by("window_starts", "id").first())

    expect(caption).to_contain_text(re.compile(r"After 1 of \d+ games"))
