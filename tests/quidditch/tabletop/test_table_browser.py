"""Table Top Quidditch's table in a real (headless) Chromium (issues 28 and 29).

(a) A match mid-play, opened in German, English and French by the seated player and by a
spectator: the board with both teams, the commands in words, no JSON, no player id in
the visible text (nothing is hidden in TTQ, so there are no hidden cards to miss); a
screenshot of each. (b) A match played to its end by clicking only, the player's side
against the chaser bot, from the scenario close to the end (``rules.scenario.endgame``):
a piece, then a square; the page follows the bot's phases by itself.
"""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from games.services import game_create
from quidditch.tabletop.rules.scenario import endgame
from tests.quidditch.tabletop import scenario
from tests.support import Table, follow, log_in, move, shown_version, shows_later_than

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}
IDS = re.compile(r"\b(home|away)-(keeper|chaser\d|beater\d|seeker)\b")
JSON = re.compile(r'[{\[]\s*"|":\s')
WORDS = {"en": "End the phase", "de": "Die Phase beenden", "fr": "Finir la phase"}
BEGIN = {"en": "Begin the phase", "de": "Die Phase beginnen", "fr": "Commencer la phase"}


def match(table: Table, config: dict) -> Game:
    return game_create(
        campaign=table.campaign,
        ruleset="tabletop-quidditch",
        config={"teams": TEAMS, **config},
        created_by=table.storyguide,
        now=timezone.now(),
        seats={"home": table.player.pk},
        bots={"away": "chaser"},
    )


def logged_in(chromium, url: str, user):
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, url, user)
    return context, page


def visible_text(page) -> str:
    return page.locator("body").inner_text()


@pytest.mark.parametrize("language", ["de", "en", "fr"])
def test_a_match_mid_play_reads_in_words_for_the_player_and_a_spectator(
    live_service, chromium, screenshots, language
):
    table = Table()
    game = match(table, {"scenario": scenario(quaffle={"carrier": "home-chaser2"})})
    game.refresh_from_db()
    assert game.state["stage"] == "start" and game.state["next_side"] == "home"
    for who, user in (("player", table.player), ("spectator", table.spectator)):
        context, page = logged_in(chromium, live_service.url, user)
        page.goto(f"{live_service.url}/matches/{game.pk}/?lang={language}")
        if who == "player":
            begin = page.locator("form.command-form", has_text=BEGIN[language])
            move(page, begin.locator("button[type=submit]"))
            game.refresh_from_db()
            assert game.state["phase"]["star_used"] == [], "the star's die is set only if chosen"
            follow(page, page.locator("a.p[href*='piece=home-chaser2']"))
            expect(page.locator("button.t").first).to_be_visible()
            assert WORDS[language] in visible_text(page)
        board = page.locator(".ttq-board")
        expect(board.locator(".p.home")).to_have_count(7)
        expect(board.locator(".p.away")).to_have_count(7)
        text = visible_text(page)
        assert not IDS.search(text) and not JSON.search(text), text
        assert page.locator("details.plugin").get_attribute("open") is None
        if who == "spectator":
            assert page.locator("#commands").count() == 0 and page.locator("button.t").count() == 0
        page.screenshot(path=screenshots / f"tabletop-{who}-{language}.png", full_page=True)
        context.close()


def test_a_match_is_played_to_its_end_by_clicking_a_piece_and_then_a_square(
    live_service, chromium, screenshots
):
    table = Table()
    game = match(table, {"scenario": endgame()})
    context, page = logged_in(chromium, live_service.url, table.player)
    page.goto(f"{live_service.url}/matches/{game.pk}/")
    for _ in range(40):
        turn = page.locator("#turn")
        expect(turn).to_contain_text(
            re.compile("Your move|wins|conceded|no seeker"), timeout=30_000
        )
        if page.locator("#ending").count():
            break
        play_a_click(page)
    else:
        pytest.fail("the match did not end in 40 clicks")
    game.refresh_from_db()
    assert game.state["ended_by"] in ("snitch", "no_seekers")
    assert "The match is over" in page.locator("#log").inner_text()
    page.screenshot(path=screenshots / "tabletop-played-to-the-end.png", full_page=True)
    context.close()


def play_a_click(page) -> None:
    """One click of home's player, as a person would: begin the phase; choose the seeker;
    fly on to the snitch, or as near it as the board offers (or answer on the board what
    the match waits for); dodge, take the penalty or end the free moves when asked; end
    the phase. Each click reloads the page (a command sent, or a link followed); with
    nothing to click, the page reloads by itself when the bot has played."""
    commands = page.locator("#commands")
    for words in ANSWERS:
        button = commands.get_by_role("button", name=re.compile(words, re.IGNORECASE))
        if button.count():
            return move(page, button.first)
    if page.locator(".ttq-chosen strong").count() == 0:
        seeker = page.locator("a.p[href*='piece=home-seeker']")
        if seeker.count():
            return follow(page, seeker)
    nearest = page.evaluate(NEAREST_TO_THE_SNITCH)
    if nearest is not None:
        return move(page, page.locator(".ttq-board button.t").nth(nearest))
    end = commands.get_by_role("button", name=re.compile("End the phase"))
    if end.count():
        return move(page, end)
    return shows_later_than(page, shown_version(page))


ANSWERS = ("Begin the phase", "dodge the bludger", "take the penalty", "Done with the free moves")
"""A button, or a form's (the penalty taker chosen among several chasers: the first)."""


NEAREST_TO_THE_SNITCH = """() => {
  const at = (el) => el.style.gridArea.split("/").map((n) => parseInt(n, 10));
  const snitch = document.querySelector(".ttq-board .b.snitch");
  const targets = Array.from(document.querySelectorAll(".ttq-board button.t"));
  if (!snitch || !targets.length) return null;
  const [row, column] = at(snitch);
  const far = (el) => {
    const [r, c] = at(el);
    return Math.max(Math.abs(r - row), Math.abs(c - column));
  };
  let best = 0;
  targets.forEach((el, i) => { if (far(el) < far(targets[best])) best = i; });
  return best;
}"""
