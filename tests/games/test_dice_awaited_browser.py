"""The game page at a table that rolls its own dice, in a real (headless) Chromium: the
page says which dice the game waits for, the referee types them as they fell, and the
game goes on (issue 30, "The service asks for the dice")."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Game
from tests.games.conftest import GameTable
from tests.support import move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_referee_enters_the_dice_a_command_waits_for_on_the_game_page(live_service, chromium):
    table = GameTable()
    game = table.create_game(entered_dice="referee")["id"]
    rolled = table.client(table.player).post(
        f"/api/matches/{game}/commands/", {"command": {"action": "roll", "count": 2}}, format="json"
    )
    assert rolled.status_code == 201
    login = Client()
    login.force_login(table.storyguide)
    context = chromium.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": login.cookies["sessionid"].value, "url": live_service.url}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)

    page.goto(f"{live_service.url}/matches/{game}/")
    expect(page.locator("#turn")).to_contain_text("Waiting for dice: 2d6 (tally).")
    page.fill("#faces", "3 4")
    move(page, page.locator("#dice button"))

    expect(page.locator("#turn")).not_to_contain_text("Waiting for dice")
    assert Game.objects.get(pk=game).state["total"] == 7
    context.close()
