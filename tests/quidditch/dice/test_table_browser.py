"""The dice game's page in a real (headless) Chromium (issue 29's and 28's "done when").

(a) A game mid-play, in French, German and English, as the seated player and as a
spectator: the six rows and the hands drawn, the commands in words, no JSON and no die
id in the visible text; a screenshot of each. (b) A person plays a whole game against
the bot by clicking only, to the rules' own ending (the catch, LA VICTOIRE, here at one
snitch point: the setting ``snitch_to_catch``, so that the test stays short).
"""

import re

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from campaign.models import Role
from games.services import game_create
from tests.factories import MembershipFactory
from tests.support import Table, move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What must never show on the page: a command's JSON, a die's or an action's id.
CODE = re.compile(r'[{}"]|\b(goal|bludger)\d\b|\b(set_aside|end_turn|roll_off)\b')
ROW_WORDS = {"fr": "Rangée 1", "de": "Reihe 1", "en": "Row 1"}


def against_the_bot(members: Table, **config):
    return game_create(
        campaign=members.campaign,
        ruleset="dice-quidditch",
        config=config,
        title="Ginny v the bot",
        created_by=members.storyguide,
        now=timezone.now(),
        seats={"red": members.player.pk},
        bots={"blue": "sensible"},
    )


def page_for(chromium, server_url: str, user, language: str):
    """A browser page logged in as ``user`` (the session a login would give)."""
    client = Client()
    client.force_login(user)
    context = chromium.new_context(viewport={"width": 420, "height": 900}, locale="en-GB")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server_url}]
    )
    context.set_default_timeout(15_000)
    return context, context.new_page()


def test_a_game_mid_play_in_each_language_for_the_player_and_a_spectator(
    live_service, chromium, screenshots
):
    members = Table()
    spectator = MembershipFactory(campaign=members.campaign, role=Role.SPECTATOR).user
    game = against_the_bot(members)
    player = members.client(members.player)
    for _ in range(3):  # the snitch, then a die or two: the pitch has dice on it
        offered = player.get(f"/api/matches/{game.pk}/").json()["allowed_commands"]
        player.post(f"/api/matches/{game.pk}/commands/", {"command": offered[0]}, format="json")

    for language in ("fr", "de", "en"):
        for who, user in (("player", members.player), ("spectator", spectator)):
            context, page = page_for(chromium, live_service.url, user, language)
            page.goto(f"{live_service.url}/matches/{game.pk}/?lang={language}")
            expect(page.locator("#rows")).to_contain_text(ROW_WORDS[language])
            text = page.locator("body").inner_text()
            assert not CODE.search(text), CODE.search(text)
            assert page.locator("details.plugin").get_attribute("open") is None
            buttons = page.locator("[data-command]")
            if who == "player":
                assert buttons.count() > 0
                labels = [buttons.nth(i).inner_text().strip() for i in range(buttons.count())]
                assert all(label and not CODE.search(label) for label in labels), labels
            else:
                assert buttons.count() == 0
            page.screenshot(path=screenshots / f"dice-{language}-{who}.png", full_page=True)
            context.close()


def test_a_person_plays_a_whole_game_against_the_bot_by_clicking_only(
    live_service, chromium, screenshots
):
    members = Table()
    game = against_the_bot(members, snitch_to_catch=1)
    context, page = page_for(chromium, live_service.url, members.player, "en")
    page.goto(f"{live_service.url}/matches/{game.pk}/?lang=en")
    for _ in range(200):
        if page.locator("#ending").count():
            break
        expect(page.locator("#turn .turn")).to_be_visible()  # "Your move": the bot has moved
        move(page, page.locator("[data-command]").first)
    expect(page.locator("#ending")).to_be_visible()  # the ending says who won and why
    expect(page.locator("#log")).to_contain_text("catches the snitch")
    page.screenshot(path=screenshots / "dice-played-to-the-end.png", full_page=True)
    context.close()
    game.refresh_from_db()
    assert game.status == "finished"
    assert max(score["snitch"] for score in game.state["score"].values()) >= 1
