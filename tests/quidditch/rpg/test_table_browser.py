"""Draco Dormiens quidditch's page in a real (headless) Chromium (issue 29's and 28's "done when").

(a) A match mid-play, in English, German and French, as the seated player (Fred Weasley's
and Harry Potter's) and as a spectator: both teams' sheets drawn, the choice a select of
the legal targets in words, no JSON and no player key in the visible text, and Slytherin's
targets, chosen by its bots, absent (the order within a turn is irrelevant, QUIDDITCH); a
screenshot of each. (b) Harry Potter's player plays a whole match against the bots by
clicking only: the bots play the turns, the page follows them by itself, and at each snitch
turn the player chooses, until the snitch is caught ("The game ends when the golden snitch
is caught").
"""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from campaign.models import Role
from tests.factories import MembershipFactory
from tests.quidditch.rpg.conftest import Pitch
from tests.support import move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What must never show on the page: a command's JSON, a player's key, an action's id.
CODE = re.compile(r'[{}"]|\b(home|away)\.\w+|\b(aim|seek|distract_referee)\b')
SHEET_WORDS = {"en": "Attributes", "de": "Attribute", "fr": "Attributs"}
CHOSEN = {"en": "has chosen", "de": "hat gewählt", "fr": "a choisi"}
AIMED = {"en": "the bludger at", "de": "Klatscher auf", "fr": "le Cognard sur"}


def page_for(chromium, server_url: str, user):
    """A browser page logged in as ``user`` (the session a login would give)."""
    client = Client()
    client.force_login(user)
    context = chromium.new_context(viewport={"width": 420, "height": 900}, locale="en-GB")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server_url}]
    )
    context.set_default_timeout(20_000)
    return context, context.new_page()


def test_a_match_mid_play_in_each_language_for_the_player_and_a_spectator(
    live_service, chromium, screenshots
):
    pitch = Pitch()
    spectator = MembershipFactory(campaign=pitch.campaign, role=Role.SPECTATOR).user
    game = pitch.match(seats={"home.beater1": pitch.player.pk}, bots={"*": "sensible"})
    player = pitch.client(pitch.player)
    for _ in range(3):  # three turns: goals, hits and fouls in the transcript
        offered = player.get(f"/api/matches/{game.pk}/").json()["allowed_commands"]
        player.post(f"/api/matches/{game.pk}/commands/", {"command": offered[0]}, format="json")

    for language in ("en", "de", "fr"):
        for who, user in (("player", pitch.player), ("spectator", spectator)):
            context, page = page_for(chromium, live_service.url, user)
            page.goto(f"{live_service.url}/matches/{game.pk}/?lang={language}")
            expect(page.locator("#team-away")).to_contain_text(SHEET_WORDS[language])
            expect(page.locator("#team-home")).to_contain_text("Fred Weasley")
            text = page.locator("body").inner_text()
            assert not CODE.search(text), CODE.search(text)
            assert page.locator("details.plugin").get_attribute("open") is None
            slytherin = page.locator("#team-away td.status").all_inner_texts()
            assert slytherin.count(CHOSEN[language]) == 2, slytherin  # the beaters, by bots
            assert not any(AIMED[language] in status for status in slytherin)
            forms = page.locator("form.command-form")
            if who == "player":
                assert forms.count() == 1
                options = forms.first.locator("option").all_inner_texts()
                assert "Marcus Flint" in options[0] and not any(CODE.search(o) for o in options)
            else:
                assert forms.count() == 0 and page.locator("[data-command]").count() == 0
            page.screenshot(path=screenshots / f"rpg-{language}-{who}.png", full_page=True)
            page.locator("#table").screenshot(path=screenshots / f"rpg-{language}-{who}-table.png")
            context.close()


def test_harrys_player_plays_a_whole_match_against_the_bots_by_clicking_only(
    live_service, chromium, screenshots
):
    pitch = Pitch()
    game = pitch.match(seats={"home.seeker": pitch.player.pk}, bots={"*": "sensible"})
    context, page = page_for(chromium, live_service.url, pitch.player)
    page.goto(f"{live_service.url}/matches/{game.pk}/?lang=en")
    for _ in range(60):
        if page.locator("#ending").count():
            break
        expect(page.locator("#turn .turn")).to_be_visible()  # "Your move": a snitch turn
        expect(page.locator("form.command-form option").first).to_have_text(
            "Try to catch the snitch"
        )
        move(page, page.locator("form.command-form button[type=submit]"))
    expect(page.locator("#ending")).to_be_visible()  # the ending says who won and why
    expect(page.locator("#log")).to_contain_text("catches the snitch")
    expect(page.locator("#ending")).to_contain_text("caught the snitch for 150 points")
    page.screenshot(path=screenshots / "rpg-played-to-the-end.png", full_page=True)
    context.close()
    game.refresh_from_db()
    assert game.status == "finished" and game.state["caught_by"] in ("home", "away")
