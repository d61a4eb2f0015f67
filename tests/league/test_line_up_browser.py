"""§8.5 in a real (headless) Chromium: the storyguide chooses a cup game's line-ups on the
site and starts its match with them (issue 38, "The cup's line-ups on the site").

"Eine Mannschaft kann mit weniger als 7 Spielern antreten, jedoch müssen Hüter und Sucher
als erste Positionen besetzt werden." From the cup game's page the storyguide opens its
line-ups, picks for the home house five of its characters in positions their sheets do
not say, is refused two keepers beside the form (nothing saved), puts it right and saves;
saves the away house's seven as their sheets say; starts the match; and the cup game's
page then lists exactly those characters in those positions.

Uses Debian's chromium (``CHROMIUM_PATH`` or ``chromium`` on the PATH). No sleeps: each
step waits for what the page says.
"""

import pytest
from playwright.sync_api import expect

from league.models import FixtureStatus, LineUp, Stage
from tests.league.conftest import CupTable
from tests.support import BROWSER_PATIENCE_MS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {"keeper": "Keeper", "seeker": "Seeker", "chaser": "Chaser", "beater": "Beater"}


def by_sheet(cup, house, position, number=0):
    return [c for c in cup.players[house.name] if c.quidditch_position == position][number]


def choose(section, house, rows):
    """Fill the house's rows with ``rows`` of (character, position); empty the rest."""
    for number in range(1, 8):
        character, position = rows[number - 1] if number <= len(rows) else (None, "")
        section.locator(f'select[name="house-{house.pk}-character_{number}"]').select_option(
            str(character.pk) if character else ""
        )
        section.locator(f'select[name="house-{house.pk}-position_{number}"]').select_option(
            position
        )


def test_8_5_the_storyguide_chooses_the_line_ups_on_the_site_and_the_match_is_played_by_them(
    live_service, chromium, screenshots
):
    cup = CupTable()
    fixture = cup.cup.fixtures.filter(stage=Stage.FIRST_HALF).order_by("window_starts", "id")[0]
    home, away = fixture.home, fixture.away
    home_rows = [
        (by_sheet(cup, home, "chaser", 0), "keeper"),
        (by_sheet(cup, home, "seeker"), "seeker"),
        (by_sheet(cup, home, "keeper"), "chaser"),
        (by_sheet(cup, home, "chaser", 1), "chaser"),
        (by_sheet(cup, home, "beater", 1), "beater"),
    ]
    away_rows = [(c, c.quidditch_position) for c in cup.players[away.name]]
    server = live_service.url
    game_url = f"{server}/league/{cup.campaign.slug}/{cup.cup.slug}/games/{fixture.key}/"

    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(BROWSER_PATIENCE_MS)
    page = context.new_page()
    log_in(page, server, cup.storyguide)

    page.goto(game_url)
    expect(page.locator("#line-up-status")).to_contain_text(f"{home.name}: no line-up chosen yet")
    page.click("#choose-line-ups")
    page.wait_for_url(f"{game_url}line-ups/")
    mine = page.locator(f"section.line-up[data-house='{home.name}']")
    expect(mine.locator(".status")).to_contain_text("Not chosen yet")

    # Two keepers: refused beside the form, in words, nothing saved.
    choose(mine, home, [*home_rows[:1], (home_rows[1][0], "keeper"), *home_rows[2:]])
    mine.locator("button[type=submit]").click()
    expect(mine.locator(".refusal")).to_have_text("2 keepers: a team has one keeper. (§2)")
    page.screenshot(path=screenshots / "line-ups-refused.png", full_page=True)
    assert not LineUp.objects.exists()

    # Put right, with a captain, and saved.
    choose(mine, home, home_rows)
    mine.locator(f'select[name="house-{home.pk}-captain"]').select_option(str(home_rows[2][0].pk))
    mine.locator("button[type=submit]").click()
    expect(page.locator("p.ok")).to_have_text(f"{home.name}'s line-up is saved.")
    expect(mine.locator(".status")).to_contain_text("Chosen on")
    expect(page.locator("#start")).to_contain_text("once both houses have chosen")

    theirs = page.locator(f"section.line-up[data-house='{away.name}']")
    choose(theirs, away, away_rows)
    theirs.locator("button[type=submit]").click()
    expect(page.locator("p.ok")).to_have_text(f"{away.name}'s line-up is saved.")
    page.screenshot(path=screenshots / "line-ups-chosen.png", full_page=True)

    # The match, started with them.
    page.click("#start button[type=submit]")
    page.wait_for_url(game_url)
    expect(page.locator("p.ok")).to_have_text("The match has started with the chosen line-ups.")
    expect(page.locator("#line-ups tbody tr td:nth-child(2)")).to_have_count(12)
    shown = set()
    for group in page.locator("#line-ups tbody").all():
        house = group.locator("th").inner_text()
        for row in group.locator("tr:has(td)").all():
            cells = row.locator("td").all_inner_texts()
            shown.add((house, cells[1], cells[2]))
    page.screenshot(path=screenshots / "line-ups-started.png", full_page=True)

    assert shown == {(home.name, c.name, WORDS[p]) for c, p in home_rows} | {
        (away.name, c.name, WORDS[p]) for c, p in away_rows
    }
    fixture.refresh_from_db()
    assert fixture.status == FixtureStatus.PLAYING
    context.close()
