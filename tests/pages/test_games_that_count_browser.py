"""Issue 38's "done when" for games that count, in a real (headless) Chromium: the
storyguide starts a Chat-Quidditch match and a Draco Dormiens quidditch match from the New
game page with the default choices (two of the campaign's houses and their characters),
bots play them to the end, the houses are credited as the rules say, and the end of the
game's page says so in words.

Chat-Quidditch §8.3: each house its team's points of the match, at its end (outside the
cup). Draco Dormiens quidditch: the winner's house the difference of the scores. Both are
attributed to the team's characters for Popularity: a step for every 50 house points (the
campaign's sheet rules), from no points before.
"""

import pytest
from playwright.sync_api import expect

from campaign.demo import seed_characters, storyguide_group
from campaign.models import HousePointEntry
from campaign.services import campaign_create
from games.models import Game
from tests.factories import UserFactory
from tests.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PER_STEP = 50
"""House points for a step of Popularity (the campaign's default sheet rules)."""


@pytest.mark.parametrize("ruleset", ["chat-quidditch", "rpg-quidditch"])
def test_a_match_started_with_the_defaults_credits_the_houses_and_says_so(
    live_service, chromium, screenshots, ruleset
):
    server = live_service.url
    storyguide = UserFactory(username="mcgonagall")
    storyguide.groups.add(storyguide_group())
    campaign = campaign_create(name="Hogwarts", slug="hogwarts", storyguide=storyguide)
    seed_characters(campaign)

    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(120_000)  # the bots play the whole match on the way
    page = context.new_page()
    log_in(page, server, storyguide)
    page.goto(f"{server}/campaigns/hogwarts/games/new/{ruleset}/")
    expect(page.locator("select[name$='house']").first).to_have_value(
        str(campaign.houses.get(name="Gryffindor").pk)
    )
    page.click("button[name=seats]")
    page.check("input[name=referee]")  # every seat is a bot's: no character has a player
    page.click("button[name=create]")
    expect(page.locator("#turn")).to_be_visible()
    game = Game.objects.get()
    assert game.status == "finished"

    page.goto(f"{server}/matches/{game.pk}/?lang=en")
    gave = page.locator("#gave")
    expect(gave).to_contain_text("What it gave the campaign")
    entries = list(HousePointEntry.objects.filter(game=game))
    assert entries, "a match between two houses of the campaign credits a house"
    for entry in entries:
        expect(gave).to_contain_text(f"{entry.house.name}: +{entry.amount} house points")
        steps = entry.amount // PER_STEP
        for character in entry.attributed_to.all():
            line = f"{character.name}'s Popularity: +{steps}"
            if steps:
                expect(gave).to_contain_text(line)
            else:
                expect(gave).not_to_contain_text(f"{character.name}'s Popularity")
    page.screenshot(path=screenshots / f"{ruleset}-what-it-gave.png", full_page=True)
    context.close()
