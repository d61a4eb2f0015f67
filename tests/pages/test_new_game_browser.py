"""Issue 38, "A setup made for people", in a real (headless) Chromium: the New game page of
the longest ruleset fits in about two screens with "More settings" folded, and no page of
the setup scrolls sideways on a phone, every fold open; a preset is chosen by its link, in
the reader's language, and the game starts from its settings.

The campaign is the demo's: its houses each field seven characters
(``campaign.demo.seed_characters``), so the quidditch teams are the campaign's houses.
"""

import pytest
from playwright.sync_api import expect

from campaign.demo import seed_characters, storyguide_group
from campaign.services import campaign_create
from games.models import Game
from tests.factories import UserFactory
from tests.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULESETS = (
    "chat-quidditch",
    "rpg-quidditch",
    "dice-quidditch",
    "card-quidditch",
    "tabletop-quidditch",
    "skirmish",
)
SCREEN = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: "About two screens" of a 1280 x 900 window.
TWO_SCREENS = 2 * SCREEN["height"]


@pytest.fixture
def storyguide(live_service):
    storyguide = UserFactory(username="mcgonagall")
    storyguide.groups.add(storyguide_group())
    campaign = campaign_create(name="Hogwarts", slug="hogwarts", storyguide=storyguide)
    seed_characters(campaign)
    return storyguide


def reader(chromium, server, storyguide, viewport):
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    log_in(page, server, storyguide)
    return context, page


def test_the_longest_setup_fits_in_two_screens_with_more_settings_folded(
    live_service, chromium, storyguide, figures, screenshots
):
    """Chat-Quidditch's form was 5,174 px tall; each ruleset's is now at most 1,800 px at
    1280 x 900 in English, German and French, "More settings" folded."""
    context, page = reader(chromium, live_service.url, storyguide, SCREEN)
    heights = {}
    for ruleset in RULESETS:
        for language in ("en", "de", "fr"):
            page.goto(f"{live_service.url}/campaigns/hogwarts/games/new/{ruleset}/?lang={language}")
            expect(page.locator("details.more, #setup").first).to_be_visible()
            assert page.locator("details.more[open]").count() == 0, "folded"
            heights[ruleset, language] = page.evaluate("document.documentElement.scrollHeight")
    page.goto(f"{live_service.url}/campaigns/hogwarts/games/new/chat-quidditch/?lang=de")
    page.screenshot(path=screenshots / "new-game-chat-quidditch-de-1280.png", full_page=True)
    context.close()
    tallest = max(heights, key=heights.get)
    figures.append(f"new game: the tallest setup, {tallest}, {heights[tallest]} px at 1280 x 900")
    assert {key: h for key, h in heights.items() if h > TWO_SCREENS} == {}


def test_no_setup_scrolls_sideways_on_a_phone_with_every_fold_open(
    live_service, chromium, storyguide, screenshots
):
    context, page = reader(chromium, live_service.url, storyguide, PHONE)
    wide = {}
    for ruleset in RULESETS:
        for language in ("en", "de", "fr"):
            page.goto(f"{live_service.url}/campaigns/hogwarts/games/new/{ruleset}/?lang={language}")
            for fold in page.locator("form details summary").all():
                fold.click()
            expect(page.locator("form details:not([open])")).to_have_count(0)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                wide[ruleset, language] = width
    page.screenshot(path=screenshots / "new-game-skirmish-fr-390-unfolded.png", full_page=True)
    context.close()
    assert wide == {}


def test_a_preset_is_chosen_by_its_link_and_the_game_starts_from_it(
    live_service, chromium, storyguide
):
    """ "Ein kurzes Spiel" on the German page: four rounds, half-time after the second; the
    storyguide leaves the seats to the bots and starts it; the match is set up so."""
    context, page = reader(chromium, live_service.url, storyguide, SCREEN)
    page.goto(f"{live_service.url}/campaigns/hogwarts/games/new/chat-quidditch/?lang=de")
    short = "Ein kurzes Spiel: vier Runden, Halbzeit nach der zweiten"
    page.click(f"nav.presets a:text-is('{short}')")
    expect(page.locator("nav.presets a[aria-current]")).to_have_text(short)
    expect(page.locator("input[name=rounds]")).to_have_value("4")
    expect(page.locator("input[name=half_time_after]")).to_have_value("2")
    expect(page.locator("select[name='teams-0-house'] option:checked")).to_have_text("Gryffindor")
    page.click("button[name=seats]")
    expect(page.locator("#seats legend")).to_have_text("Wer spielt")
    page.click("button[name=create]")
    expect(page.locator("#turn")).to_be_visible()
    context.close()
    game = Game.objects.get()
    assert (game.config["rounds"], game.config["half_time_after"]) == (4, 2)
    assert [team["house"] for team in game.config["teams"]] == ["Gryffindor", "Hufflepuff"]
