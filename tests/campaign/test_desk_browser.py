"""Issue 38, "The storyguide's way round", in a real (headless) Chromium: the dashboard's
home is the storyguide's desk. A storyguide of two campaigns logs in on the site, follows
the header to the dashboard, and finds on it, for each campaign, its house standings, the
games waiting on them and the invitations to send, each leading to its page: a house to
its entries in the ledger, a game to its table (their move, as the referee), an
invitation to its page in the dashboard, and its link copied with the button beside it.
"""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign import invitations
from campaign.demo import storyguide_group
from campaign.models import Role
from campaign.services import campaign_create, house_points_award
from games.manifest import manifest_of
from games.services import game_create
from tests.factories import UserFactory
from tests.support import BROWSER_PATIENCE_MS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def skirmish(campaign, storyguide, title: str):
    """A skirmish opens with the storyguide gathering its participants: their move."""
    return game_create(
        campaign=campaign,
        ruleset="skirmish",
        config=manifest_of("skirmish").contract.example,
        created_by=storyguide,
        now=timezone.now(),
        title=title,
    )


def two_campaigns():
    storyguide = UserFactory(username="mcgonagall", is_staff=True)
    storyguide.groups.add(storyguide_group())
    now = timezone.now()
    campaigns = {}
    for name, slug, house, points, title in (
        ("Hogwarts 1995", "hogwarts-1995", "Gryffindor", 150, "Duel in the corridor"),
        ("Durmstrang 1994", "durmstrang-1994", "Slytherin", 70, "Duel on the lake"),
    ):
        campaign = campaign_create(name=name, slug=slug, storyguide=storyguide)
        house_points_award(
            house=campaign.houses.get(name=house),
            amount=points,
            reason=f"Points for {house}",
            awarded_by=storyguide,
            now=now,
        )
        campaigns[slug] = {
            "campaign": campaign,
            "house": campaign.houses.get(name=house),
            "points": points,
            "game": skirmish(campaign, storyguide, title),
            "invitation": invitations.invitation_create(
                campaign=campaign, created_by=storyguide, now=now, role=Role.PLAYER
            ),
        }
    return storyguide, campaigns


def test_the_desk_of_a_storyguide_of_two_campaigns(live_service, chromium, screenshots):
    storyguide, campaigns = two_campaigns()
    server = live_service.url
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    log_in(page, server, storyguide)

    page.click("nav.site details.desk summary")
    page.click("nav.site details.desk >> text=The dashboard's home")
    page.wait_for_url(f"{server}/admin/")
    expect(page.locator("h1")).to_have_text("Your campaigns at a glance")
    jump = page.locator("nav.desk-jump")
    expect(jump).to_contain_text("Durmstrang 1994 1 game waits on you")
    expect(jump).to_contain_text("Hogwarts 1995 1 game waits on you")
    page.screenshot(path=screenshots / "desk-two-campaigns.png", full_page=True)

    for seen in campaigns.values():
        campaign, house = seen["campaign"], seen["house"]
        card = page.locator(f"#desk-campaign-{campaign.pk}")
        expect(card.locator("h2")).to_have_text(campaign.name)

        # The house standings: the leader first, with its total; it leads to its ledger.
        leader = card.locator(".desk-houses tr.desk-house").first
        expect(leader).to_contain_text(house.name)
        expect(leader.locator("td.n")).to_have_text(str(seen["points"]))
        leader.locator(f"a >> text={house.name}").click()
        page.wait_for_url(f"{server}/admin/campaign/housepointentry/?house__id__exact={house.pk}")
        expect(page.locator("#result_list")).to_contain_text(f"Points for {house.name}")
        page.go_back()
        page.wait_for_url(f"{server}/admin/")

        # The game waiting on the storyguide: its table, where it is their move.
        waiting = card.locator(".desk-waiting li.waiting")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("Your move (as referee).")
        waiting.locator(f"a >> text={seen['game'].title}").click()
        page.wait_for_url(f"{server}/skirmishes/{seen['game'].pk}/")
        expect(page.locator("#turn")).to_contain_text("Your move (as referee).")
        page.go_back()
        page.wait_for_url(f"{server}/admin/")

        # The invitation to send: its link copied, and its page in the dashboard.
        invitation = seen["invitation"]
        link = f"{server}/join/{invitations.grouped(invitation.code)}/"
        sent = card.locator(".desk-invitations li")
        expect(sent.locator("code.link")).to_have_text(link)
        copy = sent.locator("button[data-copy]")
        expect(copy).to_have_text("Copy link")
        copy.click()
        expect(copy).to_have_text("Copied!")
        assert page.evaluate("navigator.clipboard.readText()") == link
        sent.locator("a >> text=To join as a player").click()
        page.wait_for_url(f"{server}/admin/campaign/invitation/{invitation.pk}/change/")
        expect(page.locator(".invitation-to-send code.link")).to_have_text(link)
        page.go_back()
        page.wait_for_url(f"{server}/admin/")

    # The other campaign's things are on the other card, not this one.
    hogwarts = page.locator(f"#desk-campaign-{campaigns['hogwarts-1995']['campaign'].pk}")
    expect(hogwarts).not_to_contain_text("Duel on the lake")

    # The plumbing sits in the settings corner, folded away until opened.
    corner = page.locator("details.desk-corner")
    expect(corner.locator("a >> text=Webhooks")).to_be_hidden()
    corner.locator("summary").click()
    corner.locator("a >> text=Webhooks").click()
    page.wait_for_url(f"{server}/admin/webhooks/endpoint/")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/admin/")
    expect(page.locator(".desk-card")).to_have_count(2)
    page.screenshot(path=screenshots / "desk-two-campaigns-phone.png", full_page=True)
    context.close()
