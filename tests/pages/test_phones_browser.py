"""Issue 39, "Phones": "Every page of the site works at a 390 px wide viewport: no
horizontal scroll, the board scales to the width, long hashes wrap, wide tables scroll
inside themselves"; done when "every page of a played game, the cup page and 'My campaigns'
has no horizontal scroll at 390 px".

The world of ``test_one_language`` (a campaign with a cup year whose first game was
played, a game of each kind a few moves into play), and a game of each kind played to its
end (``tests.pages.finished_games``), read by the storyguide in Chromium 390 px wide: each
game's page and its verify page, the cup year and the cup game, "My campaigns", the New
game page and the home page are no wider than the screen
(``document.documentElement.scrollWidth <= 390``), and Table Top's pitch fits its box
whole: it scales to the width rather than scroll. A wide table may scroll inside its box
(the cup's odds).
"""

import pytest
from django.test import override_settings

from tests.pages.finished_games import KINDS, finished
from tests.pages.test_one_language import build_world
from tests.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
BOARDS = (
    "[...document.querySelectorAll('.ttq-pitch')].map(box => [box.scrollWidth, box.clientWidth])"
)
"""Table Top's pitch, as wide as it is drawn and as its box: the board scales to the width."""


def addresses(world) -> list[str]:
    """Every page the issue names, for the world's games and a finished game of each kind."""
    campaign, cup = world.campaign.slug, world.cup_year.slug
    games = [
        *world.games.values(),
        *(finished(ruleset, world.campaign, world.storyguide, world.player) for ruleset in KINDS),
    ]
    found = ["/", "/me/", f"/campaigns/{campaign}/games/new/", f"/league/{campaign}/{cup}/"]
    found.append(f"/league/{campaign}/{cup}/games/{world.fixture.key}/")
    for game in games:
        kind = "skirmishes" if game.kind == "skirmish" else "matches"
        found += [f"/{kind}/{game.pk}/", f"/{kind}/{game.pk}/verify/"]
    return found


LANGUAGES = ("en", "de", "fr")


@override_settings(BOT_SECONDS=3600.0)
def test_no_page_scrolls_sideways_on_a_phone(live_service, chromium, screenshots):
    world = build_world()
    context = chromium.new_context(viewport=PHONE, locale="en")
    page = context.new_page()
    log_in(page, live_service.url, world.storyguide)
    wide = {}
    # In every language: a French nick (GPoursuiveur1) is longer than an English one.
    for address in [
        f"{a}{'&' if '?' in a else '?'}lang={language}"
        for language in LANGUAGES
        for a in addresses(world)
    ]:
        page.goto(f"{live_service.url}{address}")
        width = page.evaluate("document.documentElement.scrollWidth")
        boards = page.evaluate(BOARDS)
        if any(board > box for board, box in boards):
            wide[f"{address} (the pitch in its box)"] = boards
        if width > PHONE["width"]:
            wide[address] = width
            name = address.strip("/").replace("/", "-").replace("?", "-") or "home"
            page.screenshot(path=screenshots / f"phone-{name}.png", full_page=True)
    context.close()
    assert wide == {}, "pages wider than the phone"
