"""The skirmish's table in a real (headless) Chromium, against the service as deployed
(issues 28 and 29).

A player holds Harry against Draco, a fighter bot, with the storyguide's own
duties left to a bot too: the page shows the skirmish mid-play in German,
English and French, to the player and to a spectator, in words only; and the
player plays it to its end by clicking only, the page following the bot's
moves by itself (it reloads on its stream).
"""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign.models import Role
from games.models import Game
from skirmish.services import skirmish_create
from tests.factories import PASSWORD, CampaignFactory, MembershipFactory, UserFactory
from tests.support import move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What each language's page says somewhere on the table, in its own words.
TABLE_WORDS = {
    "en": ("Initiative order", "Health"),
    "de": ("Initiative-Reihenfolge", "Gesundheit"),
    "fr": ("Ordre d'initiative", "Santé"),
}
#: Words of one language that must not show on another's page.
FOREIGN = {
    "en": ("Gesundheit", "Santé", "Runde", "Geschicklichkeit", "Dextérité"),
    "de": ("Health", "Santé", "Dexterity", "Dextérité", "Round "),
    "fr": ("Health", "Gesundheit", "Dexterity", "Geschicklichkeit", "Runde"),
}


@pytest.fixture(autouse=True)
def quick_streams(settings):
    settings.STREAM_POLL_SECONDS = 0.2  # SQLite: how often a stream looks for news


class Corridor:
    """A campaign where ``player`` plays Harry against Draco, a fighter bot."""

    def __init__(self, health: int = 5):
        self.storyguide = UserFactory(username="mcgonagall")
        self.campaign = CampaignFactory()
        MembershipFactory(campaign=self.campaign, user=self.storyguide, role=Role.STORYGUIDE)
        self.player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.spectator = MembershipFactory(campaign=self.campaign, role=Role.SPECTATOR).user
        attributes = {"Dexterity": 5, "Quickness": 4, "Strength": 3, "Wits": 4}
        self.game = skirmish_create(
            campaign=self.campaign,
            participants=[
                {"name": "Harry", "attributes": attributes, "health": health},
                {"name": "Draco", "attributes": {**attributes, "Wits": 5}, "health": health},
            ],
            defence_attribute="Quickness",
            seats={"p01": self.player.pk},
            bots={"*": "fighter"},
            created_by=self.storyguide,
            now=timezone.now(),
        )

    def open(self, browser, url: str, user, language: str):
        """A page of ``url`` for ``user``, logged in through the login page."""
        context = browser.new_context(viewport={"width": 900, "height": 900})
        context.set_default_timeout(15_000)
        page = context.new_page()
        page.goto(f"{url}/accounts/login/?next=/skirmishes/{self.game.pk}/?lang={language}")
        page.fill("#id_username", user.username)
        page.fill("#id_password", PASSWORD)
        page.locator("form [type=submit]").last.click()
        expect(page.locator("#initiative-order")).to_be_visible()
        return page


def test_the_table_mid_play_in_three_languages_to_a_player_and_a_spectator(
    live_service, chromium, screenshots
):
    corridor = Corridor()
    state = Game.objects.get(pk=corridor.game.pk).state
    assert state["phase"] == "rounds", "the storyguide's bot has started the skirmish"
    for language, (heading, health) in TABLE_WORDS.items():
        for who, user in (("player", corridor.player), ("spectator", corridor.spectator)):
            page = corridor.open(chromium, live_service.url, user, language)
            expect(page.locator("#initiative-order caption")).to_have_text(heading)
            text = page.locator("body").inner_text()
            assert health in text and "Harry" in text and "Draco" in text
            assert not re.search(r"\bp0\d\b", text), "no participant is shown by its key"
            assert not re.search(r"[{}]|\"action\"", text), "no JSON in the visible text"
            assert not page.locator("details.plugin[open]").count(), "the plugin fold is closed"
            for word in FOREIGN[language]:
                assert word not in text, f"{word!r} on a {language} page"
            commands = page.locator("#table [data-command], #commands [data-command]")
            if who == "spectator":
                assert commands.count() == 0
            else:
                mine = page.locator("#skirmish-turn, #skirmish-attack")
                expect(mine.first).to_be_visible()  # Harry's turn, or Draco's attack on him
                assert "Harry" in mine.first.inner_text()
            page.screenshot(path=screenshots / f"skirmish-{who}-{language}.png", full_page=True)
            page.context.close()


def test_a_player_plays_a_skirmish_to_its_end_by_clicking_against_the_bot(
    live_service, chromium, screenshots
):
    """Close to the end (two points of Health each, a point a hit): the player acts, dodges
    or lets an attack roll, and ends the turn, until one of them is out of the fight."""
    corridor = Corridor(health=2)
    page = corridor.open(chromium, live_service.url, corridor.player, "en")
    over = page.locator("#ending")  # the end, said at the top of the page (issue 39)
    for _ in range(200):
        if over.count():
            break
        choices = (
            page.locator("#skirmish-attack button").first,  # dodge, or let it roll
            page.locator("#skirmish-act button.act"),  # act on Draco
            page.locator("#skirmish-turn button").last,  # end the turn
        )
        button = next((choice for choice in choices if choice.count()), None)
        assert button is not None, page.locator("#table").inner_text()
        move(page, button)
    expect(over).to_be_visible()
    # Ch.7: over when nobody is left to oppose anyone; six seconds a round (dice seeded).
    expect(over).to_have_text(
        "Over in round 4 (24 seconds): nobody is left to oppose Draco (Health 2); out of the "
        "fight: Harry (Health 0)."
    )
    game = Game.objects.get(pk=corridor.game.pk)
    assert game.status == "finished" and game.state["ending"]["by"] == "rules"
    page.screenshot(path=screenshots / "skirmish-played-to-the-end.png", full_page=True)
