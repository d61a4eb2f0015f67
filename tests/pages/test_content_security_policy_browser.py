"""Issue 37, part 4, "No Content-Security-Policy on the site's pages (django-csp)", in a real
(headless) Chromium: the site's pages under its policy, with nothing refused.

Each page a person meets is loaded by the reader it is for: the pages of the small world
of ``tests/pages/test_one_language.py`` (the landing page, the login, the cups, an
invitation, "My campaigns", the New game pages (the setup in words), a check of the
dice, a game of each of the six kinds mid-play), the dashboard's (Django's admin, the
campaign's and a character's forms, a game with its board, a cup year, a webhook's form)
and the API docs (Swagger UI and ReDoc, from drf-spectacular-sidecar's files). Every
answer carries the policy, and the browser refuses nothing: neither a
``securitypolicyviolation`` event on the page nor a "Refused to ..." line on its console.
"""

import pytest
from playwright.sync_api import expect

from tests.pages.test_one_language import build_world, pages
from tests.support import BROWSER_PATIENCE_MS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEARD = """
window.__refused = [];
document.addEventListener("securitypolicyviolation", (event) => {
    window.__refused.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`
    );
});
"""
"""Kept on every page before its own scripts run: what the policy refused there."""

ON_PURPOSE = {"/api/redoc/": "https://cdn.redoc.ly/redoc/logo-mini.svg"}
"""The one refusal a page is built for: ReDoc's sidebar asks Redocly's CDN for its logo,
which the docs keep the browser from requesting (no CDN: ``templates/api/redoc.html``)."""

READY = {"/api/docs/": ".swagger-ui .info .title", "/api/redoc/": ".redoc-wrap h1"}
"""Pages that draw themselves after loading, and the sign that they have."""


class Reader:
    """A browser context for one reader (logged in through the login page, or nobody),
    which loads pages and keeps what the policy refused on each."""

    def __init__(self, chromium, server: str, user=None):
        self.server = server
        self.context = chromium.new_context(viewport={"width": 1200, "height": 900})
        self.context.set_default_timeout(BROWSER_PATIENCE_MS)
        self.context.add_init_script(HEARD)
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", self._heard)
        self.refused: dict[str, list[str]] = {}
        self.without_policy: list[str] = []
        if user is not None:
            log_in(self.page, server, user)

    def _heard(self, message) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            self.console.append(message.text)

    def read(self, address: str) -> None:
        self.console = []
        answer = self.page.goto(f"{self.server}{address}", wait_until="load")
        if "content-security-policy" not in answer.headers:
            self.without_policy.append(address)
        ready = READY.get(address.split("?")[0])
        if ready:
            expect(self.page.locator(ready).first).to_contain_text("storyguide", ignore_case=True)
        on_purpose = ON_PURPOSE.get(address)
        refused = [
            line
            for line in self.page.evaluate("window.__refused") + self.console
            if not (on_purpose and on_purpose in line)
        ]
        if refused:
            self.refused[address] = refused

    def close(self) -> None:
        self.context.close()


def dashboard_pages(world) -> list[str]:
    campaign = world.campaign
    character = campaign.characters.first()
    return [
        "/admin/",
        f"/admin/campaign/campaign/{campaign.pk}/change/",
        "/admin/campaign/character/",
        "/admin/campaign/character/add/",
        f"/admin/campaign/character/{character.pk}/change/",
        "/admin/campaign/housepointentry/add/",
        "/admin/campaign/invitation/add/",
        "/admin/games/game/",
        *(f"/admin/games/game/{each.pk}/change/" for each in world.games.values()),
        f"/admin/league/cupyear/{world.cup_year.pk}/change/",
        "/admin/league/fixture/",
        "/admin/webhooks/endpoint/add/",
    ]


def test_the_sites_pages_load_under_the_policy_with_nothing_refused(
    live_service, chromium, settings
):
    """Issue 37 (no Content-Security-Policy): every page a person meets (the landing page,
    login, cups, My campaigns, New game with its setup in words, the six kinds of game table,
    the dashboard, the API docs) answers with ``Content-Security-Policy``, and Chromium
    reports no violation of it on any: no ``securitypolicyviolation`` event and no
    "Refused to ..." console message; and a script the page did not serve is refused there,
    so that the recording is seen to work."""
    settings.BOT_SECONDS = 3600.0  # the world's bots play their moves at once
    world = build_world()
    world.storyguide.is_staff = True
    world.storyguide.save()
    readers = {}

    def reader(user) -> Reader:
        key = getattr(user, "pk", None)
        if key not in readers:
            readers[key] = Reader(chromium, live_service.url, user)
        return readers[key]

    try:
        for _name, (who, address, posted) in pages(world).items():
            if not posted:
                reader(who).read(address)
        for address in ["/admin/login/", "/api/docs/", "/api/redoc/"]:
            reader(None).read(address)
        for address in dashboard_pages(world):
            reader(world.storyguide).read(address)

        without_policy = [address for each in readers.values() for address in each.without_policy]
        refused = {
            address: found for each in readers.values() for address, found in each.refused.items()
        }
        assert without_policy == []
        assert refused == {}

        # The recorder hears a refusal: an inline script added to a page of ours.
        check = reader(None)
        check.read("/")
        check.page.evaluate(
            """() => { const s = document.createElement("script");
            s.textContent = "window.ran = 1"; document.body.append(s); }"""
        )
        check.page.wait_for_function("window.__refused.length > 0")
        assert check.page.evaluate("window.ran") is None
        assert any("script-src" in line for line in check.page.evaluate("window.__refused"))
    finally:
        for each in readers.values():
            each.close()
