"""Issue 18's "done when", in a real (headless) Chromium with the outside network cut.

A storyguide invites from the dashboard; a new person signs up through the
link, sees their campaign and character, plays a command on a Chat-Quidditch
match page and sees it in the transcript; the same person cannot open another
campaign's pages. The API docs (Swagger UI and ReDoc) render from the service
alone.

Every request the browser makes outside the live server is aborted and
recorded: a page that reaches for a CDN fails its test.
"""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign.demo import storyguide_group
from campaign.models import Character, Position
from campaign.services import campaign_create
from campaign.teams import Team
from games.services import game_create
from tests.factories import PASSWORD, UserFactory
from tests.support import BROWSER_PATIENCE_MS, move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "Hippogriff-Feather-77"
LINE_UP = (Position.KEEPER, Position.SEEKER, Position.CHASER)


def offline(browser, server_url: str, locale: str = "en-GB"):
    """A browser context that reaches the live server and nothing else."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale=locale)
    outside: list[str] = []

    def only_ours(route):
        if route.request.url.startswith(server_url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", only_ours)
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    return context, outside


def campaign_with_teams(name: str, storyguide):
    campaign = campaign_create(name=name, slug=name.lower(), storyguide=storyguide)
    for house in campaign.houses.filter(name__in=["Gryffindor", "Slytherin"]):
        for position in LINE_UP:
            Character.objects.create(
                campaign=campaign,
                house=house,
                name=f"{house.name} {position.label}",
                quidditch_position=position,
                attributes={},
            )
    return campaign


def chat_match(campaign, storyguide):
    teams = [
        Team(house=house, players=[(c, c.quidditch_position) for c in house.characters.all()])
        for house in campaign.houses.filter(name__in=["Gryffindor", "Slytherin"]).order_by("name")
    ]
    return game_create(
        campaign=campaign,
        ruleset="chat-quidditch",
        config={"teams": [team.to_config() for team in teams]},
        created_by=storyguide,
        now=timezone.now(),
    )


def test_a_storyguide_invites_a_newcomer_signs_up_and_plays_on_the_match_page(
    live_service, chromium, screenshots
):
    storyguide = UserFactory(username="mcgonagall", is_staff=True)
    storyguide.groups.add(storyguide_group())
    campaign = campaign_with_teams("Hogwarts", storyguide)
    captain = campaign.characters.get(name="Gryffindor Chaser")
    elsewhere = campaign_with_teams("Durmstrang", UserFactory(username="karkaroff"))
    their_match = chat_match(elsewhere, elsewhere.memberships.get().user)

    context, outside = offline(chromium, live_service.url)
    page = context.new_page()
    page.goto(f"{live_service.url}/admin/login/")
    page.fill("#id_username", "mcgonagall")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.goto(f"{live_service.url}/admin/campaign/invitation/add/")
    page.select_option("#id_campaign", label="Hogwarts")
    page.select_option("#id_character", label=captain.name)
    page.click("input[name=_save]")
    expect(page.locator(".messagelist")).to_contain_text("was added successfully")
    code = page.locator("#result_list td.field-code_to_hand_out code").first.inner_text()
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", code)
    context.close()

    context, outside = offline(chromium, live_service.url, locale="de-DE")  # Oliver reads German
    page = context.new_page()
    page.goto(f"{live_service.url}/join/{code}/")
    expect(page.locator("body")).to_contain_text("um Gryffindor Chaser zu spielen")
    page.fill("#id_username", "oliver")
    page.fill("#id_password", NEW_PASSWORD)
    page.click("text=Registrieren und beitreten")
    expect(page.locator("body")).to_contain_text("Willkommen bei Hogwarts!")
    expect(page.locator("body")).to_contain_text("Gryffindor Chaser")
    page.screenshot(path=screenshots / "join-my-campaigns.png", full_page=True)

    match = chat_match(campaign, storyguide)  # the storyguide starts a match; Oliver captains
    page.goto(f"{live_service.url}/me/")
    expect(page.locator(".turn")).to_have_text("Du bist am Zug")
    page.click(f"a[href='/matches/{match.pk}/']")
    move(page, page.locator("""#table button[data-command*='"experience"']""").first)
    expect(page.locator("#log")).to_contain_text("Erfahrungspunkte")
    page.screenshot(path=screenshots / "join-match-page.png", full_page=True)

    for foreign in (f"/matches/{their_match.pk}/", f"/api/matches/{their_match.pk}/"):
        response = page.goto(f"{live_service.url}{foreign}")
        assert response.status == 404, foreign
    context.close()
    assert outside == []
    captain.refresh_from_db()
    assert captain.player.username == "oliver"


@pytest.mark.parametrize(
    ("path", "shows"),
    [("/api/docs/", ".swagger-ui .info .title"), ("/api/redoc/", ".redoc-wrap h1")],
)
def test_the_api_docs_render_with_the_outside_network_unreachable(
    live_service, chromium, path, shows
):
    """ReDoc renders the whole API schema in the browser, which takes seconds (tens of them
    on a busy machine), so the test waits for the page's rendered title, not a fixed time."""
    context, outside = offline(chromium, live_service.url)
    page = context.new_page()
    page.goto(f"{live_service.url}{path}")
    expect(page.locator(shows).first).to_contain_text("storyguide", ignore_case=True)
    context.close()
    assert outside == []
