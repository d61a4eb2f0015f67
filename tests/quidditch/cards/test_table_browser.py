"""The card game's table in a real (headless) Chromium (issues 28 and 29).

"A browser test opens a game of each kind mid-play in each of the three languages, as a
player and as a spectator: no JSON and no card, die or participant id in the visible
text, the commands in words, the other side's hidden cards absent; it saves a screenshot
of each table." A person playing a whole match to its end by clicking only, from the New
game page, is tests/pages/test_every_game_browser.py.
"""

import random
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from games.services import game_create
from tests.quidditch.cards import MANIFEST, G, S
from tests.support import Table, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CARD_ID = re.compile(r"\b[GSP]-[a-z_]+\d*-\d+\b")
CODE = re.compile(r'[{}\[\]]|"\w+":|\b(slytherin|gryffindor)\b|_')
#: A button's words: "Play Chaser 5 on the Quaffle", "Jäger 5 auf den Quaffel spielen".
PLAY = {"en": "Play ", "de": " spielen", "fr": "Jouer "}


def a_match(table: Table) -> Game:
    """The player holds Slytherin against the simple bot."""
    return game_create(
        campaign=table.campaign,
        ruleset="card-quidditch",
        config={},
        title="Slytherin v Gryffindor",
        seats={S: table.player.pk},
        bots={G: "simple"},
        created_by=table.storyguide,
        now=timezone.now(),
    )


def mid_play(table: Table) -> Game:
    """Played on through the API, at random, to the third round at a moment when Slytherin
    lays a card on a ball: cards on the table, buttons on the hand. The dice are the
    server's, so a match may leave Slytherin nothing to do before then: another is dealt."""
    rng = random.Random(3)
    for _ in range(10):
        game = a_match(table)
        person, url = table.client(table.player), f"/api/matches/{game.pk}/"
        answer = person.get(url).json()
        while answer["allowed_commands"] and not (
            answer["state"]["round"] >= 3
            and any(command["action"] == "play" for command in answer["allowed_commands"])
        ):
            command = rng.choice(answer["allowed_commands"])
            sent = person.post(f"{url}commands/", {"command": command}, format="json")
            answer = sent.json()["game"]
        if answer["allowed_commands"]:
            game.refresh_from_db()
            return game
    pytest.fail("ten matches left Slytherin nothing to do before the third round")


def logged_in(chromium, service, user, language: str = "en"):
    page = chromium.new_page(viewport={"width": 420, "height": 900}, locale=language)
    page.set_default_timeout(15_000)
    log_in(page, service.url, user)
    return page


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_match_mid_play_reads_in_words_for_the_player_and_for_a_spectator(
    live_service, chromium, screenshots, language
):
    table = Table()
    game = mid_play(table)
    hidden = MANIFEST.playtest.secrets(game.state)[G]
    for role, user in (("player", table.player), ("spectator", table.spectator)):
        page = logged_in(chromium, live_service, user)
        page.goto(f"{live_service.url}/matches/{game.pk}/?lang={language}")
        expect(page.locator(".cards-table .pitch")).to_be_visible()
        visible = page.locator("body").inner_text()
        assert not CARD_ID.search(visible), f"a card id on the {role}'s page"
        assert not CODE.search(visible.replace(table.player.username, "")), CODE.search(visible)
        assert page.locator("details.plugin").get_attribute("open") is None, "the fold is shut"
        assert [card for card in hidden if card in page.content()] == [], "Gryffindor's hand"
        buttons = page.locator(".cards-table [data-command]")
        if role == "player":
            assert buttons.count() > 0
            assert all(PLAY[language] in text for text in buttons.all_inner_texts())
        else:
            assert buttons.count() == 0 and page.locator(".side .hand .card").count() == 0
        page.screenshot(path=screenshots / f"cards-{role}-{language}.png", full_page=True)
        page.close()
