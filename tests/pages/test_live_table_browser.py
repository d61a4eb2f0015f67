"""The table, live, in a real Chromium (issue 39, "Live in place"): "two people play a card
game at once and neither page reloads (the test counts navigations) and neither sees a
raw conflict; ten game pages opened one after another in one tab all load".

A move's answer, and every move another makes, is put in place of the parts shown
(``storyguide/in_place.js``), the transcript's new moves appended; a page left for
another closes its stream, so that pages kept by the back-forward cache hold none of
the browser's six connections to the host.
"""

import pytest
from django.utils import timezone
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Game
from games.services import game_create
from tests.quidditch.cards import G, S
from tests.support import BROWSER_PATIENCE_MS, Table, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOVES = 12
"""Commands each person gives (or fewer if the match ends first)."""


def a_match(table: Table, seats: dict, bots: dict | None = None) -> Game:
    return game_create(
        campaign=table.campaign,
        ruleset="card-quidditch",
        config={},
        title="Slytherin v Gryffindor",
        seats=seats,
        bots=bots or {},
        created_by=table.storyguide,
        now=timezone.now(),
    )


def person(chromium, service, user):
    """A logged-in page that counts its navigations (the main frame's)."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900}, locale="en")
    page.set_default_timeout(BROWSER_PATIENCE_MS)
    log_in(page, service.url, user)
    page.navigations = 0

    def navigated(frame):
        if frame == page.main_frame:
            page.navigations += 1

    page.on("framenavigated", navigated)
    return page


def shown_version(page) -> int:
    return int(page.locator("#game").get_attribute("data-version"))


def test_two_people_play_a_card_game_at_once_and_neither_page_reloads(live_service, chromium):
    table = Table()
    game = a_match(table, {S: table.player.pk, G: table.other_player.pk})
    pages = [person(chromium, live_service, user) for user in (table.player, table.other_player)]
    for page in pages:
        page.goto(f"{live_service.url}/matches/{game.pk}/")
        page.wait_for_selector(f"html[data-ready='{shown_version(page)}']")
    loaded = [page.navigations for page in pages]
    given = 0
    for _ in range(MOVES * 2):
        game.refresh_from_db()
        if game.status != "active":
            break
        # Both click what they are offered at the same moment: one may come second.
        clicked = []
        for page in pages:
            button, before = page.locator("#game [data-command]:visible").first, shown_version(page)
            try:  # the page may be drawn again (the other's move) between look and click
                button.click(no_wait_after=True, timeout=2_000)
            except PlaywrightTimeout:
                continue
            clicked.append((page, before))
        for page, before in clicked:
            page.wait_for_selector(f"html:not([data-ready='{before}']), #messages p")
        given += len(clicked)
        if not clicked:  # nobody may move: the other's move is on its way by the stream
            pages[0].wait_for_timeout(200)
    assert given >= MOVES, "the two played"
    assert [page.navigations for page in pages] == loaded, "no page reloaded"
    for page in pages:
        text = page.inner_text("body")
        assert "The game is at version" not in text and "409" not in text
        # Each answer's moves appended to the transcript shown: each once, in order. The
        # rows and the version are read in one evaluation: a move may still come by the
        # stream, and is drawn between two.
        told, version = page.evaluate(
            """() => [
                Array.from(document.querySelectorAll("#log tbody td:first-child"),
                           (cell) => cell.textContent),
                Number(document.getElementById("game").dataset.version),
            ]"""
        )
        numbers = [int(number) for number in told if number]
        assert numbers == list(range(1, version + 1)), numbers
        page.close()


def test_ten_game_pages_opened_one_after_another_in_one_tab_all_load(live_service, chromium):
    """Each game page follows its stream; a page left closes it, so the eleventh page of
    the tab loads as the first did (HTTP/1.1 gives a host six connections)."""
    table = Table()
    games = [a_match(table, {S: table.player.pk}, {G: "simple"}) for _ in range(10)]
    page = person(chromium, live_service, table.player)
    for game in [*games, games[0]]:
        page.goto(f"{live_service.url}/matches/{game.pk}/")
        page.wait_for_selector("html[data-ready]")
        assert page.locator("h1").inner_text() == "Slytherin v Gryffindor"
    page.go_back()  # shown again from the back-forward cache (or loaded afresh): it works
    page.wait_for_selector("html[data-ready]")
    page.close()
