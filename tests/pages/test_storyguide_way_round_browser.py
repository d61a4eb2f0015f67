"""Issue 38, "The storyguide's way round", in a real (headless) Chromium.

The storyguide logs in on the site, follows the header to the dashboard and back, and to
their campaign's games there; reads on "My campaigns" a finished game with its result and
goes to its page; and copies an invitation's link, there and on the dashboard after
saving a new one (the page runs only its own scripts: ``storyguide/copy.js``).
"""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign import invitations
from campaign.demo import storyguide_group
from campaign.services import campaign_create
from games.bots import EVERY_SEAT
from games.models import Game, GameStatus
from games.services import game_create
from tests.factories import UserFactory
from tests.support import BROWSER_PATIENCE_MS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def a_storyguides_campaign():
    storyguide = UserFactory(username="mcgonagall", is_staff=True)
    storyguide.groups.add(storyguide_group())
    campaign = campaign_create(name="Hogwarts 1995", slug="hogwarts-1995", storyguide=storyguide)
    return storyguide, campaign


def test_a_storyguide_finds_the_dashboard_a_finished_game_and_an_invitation_link(
    live_service, chromium, screenshots
):
    storyguide, campaign = a_storyguides_campaign()
    finished = game_create(  # the bots play it to its end at once
        campaign=campaign,
        ruleset="dice-quidditch",
        config={"snitch_to_catch": 1},
        created_by=storyguide,
        now=timezone.now(),
        bots={EVERY_SEAT: "random"},
        title="Red v Blue at dusk",
    )
    assert Game.objects.get(pk=finished.pk).status == GameStatus.FINISHED
    invitation = invitations.invitation_create(
        campaign=campaign, created_by=storyguide, now=timezone.now(), max_uses=None
    )
    server = live_service.url
    link = f"{server}/join/{invitations.grouped(invitation.code)}/"

    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    log_in(page, server, storyguide)

    # The header: to the dashboard, and back to the site.
    page.click("nav.site details.desk summary")
    expect(page.locator("nav.site details.desk .menu")).to_be_visible()
    page.screenshot(path=screenshots / "way-round-header-menu.png")
    page.click("nav.site details.desk >> text=The dashboard's home")
    page.wait_for_url(f"{server}/admin/")
    expect(page.locator("#site-name")).to_have_text("Storyguide dashboard")
    page.click("#user-tools >> text=View site")
    page.wait_for_url(f"{server}/")
    page.click("nav.site >> text=My campaigns")
    page.wait_for_url(f"{server}/me/")

    # The header: to the campaign's games in the dashboard.
    page.click("nav.site details.desk summary")
    page.click("nav.site details.desk >> text=Games")
    page.wait_for_url(f"{server}/admin/games/game/?campaign__id__exact={campaign.pk}")
    expect(page.locator("#result_list")).to_contain_text("Red v Blue at dusk")
    page.go_back()
    page.wait_for_url(f"{server}/me/")

    # My campaigns: the finished game with its result, and its page.
    game = page.locator("p.finished", has_text="Red v Blue at dusk")
    expect(game.locator(".result")).to_have_text(
        "Blue wins on goal points, 55 to 0, the catch's bonus included: Blue caught the snitch"
        " in round 1, with 1 snitch point to 0."
    )
    expect(game).to_contain_text("(Quidditch dice game)")

    # My campaigns: the invitation's link, and the button that copies it.
    shown = page.locator(f"#invitation-link-{invitation.pk}")
    expect(shown).to_have_text(link)
    copy = page.locator(f"button[data-copy='invitation-link-{invitation.pk}']")
    expect(copy).to_have_text("Copy link")
    copy.click()
    expect(copy).to_have_text("Copied!")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.screenshot(path=screenshots / "way-round-my-campaigns.png", full_page=True)

    game.locator("a").click()
    page.wait_for_url(f"{server}/matches/{finished.pk}/")
    expect(page.locator("#ending")).to_be_visible()  # the ending says who won and why

    # The dashboard: a new invitation's link, copied from the page that says it was saved.
    page.goto(f"{server}/admin/campaign/invitation/add/?campaign={campaign.pk}")
    page.click("input[name=_save]")
    saved = page.locator(".messagelist .link-to-send")
    expect(saved.locator("code")).to_have_text(
        f"{server}/join/{invitations.grouped(newest_code(campaign, besides=invitation))}/"
    )
    saved.locator("button").click()
    expect(saved.locator("button")).to_have_text("Copied!")
    assert page.evaluate("navigator.clipboard.readText()") == saved.locator("code").inner_text()
    row = page.locator("#result_list td.field-code_to_hand_out", has_text=code(invitation))
    row.locator("button").click()
    expect(row.locator("button")).to_have_text("Copied!")
    assert page.evaluate("navigator.clipboard.readText()") == link  # the link's address
    page.screenshot(path=screenshots / "way-round-dashboard-saved.png", full_page=True)
    context.close()


def code(invitation) -> str:
    return invitations.grouped(invitation.code)


def newest_code(campaign, *, besides) -> str:
    """The code of the invitation just saved in the campaign, the one besides ``besides``."""
    return campaign.invitations.exclude(pk=besides.pk).get().code
