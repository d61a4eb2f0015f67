"""Chat-Quidditch's table in a real (headless) Chromium (issues 28 and 29).

Angelina plays GJäger1; the sensible bot holds every other nick and the referee's
seat. (a) Mid-match, the page reads in one language in German, English and French,
for her and for a spectator: no JSON, no command's code, her commands in words on
her row, nobody else's; a screenshot of each. A person playing a match to its end by
clicking only, from the New game page, is tests/pages/test_every_game_browser.py.

Nicks read in the page's language (GJäger1, GChaser1, GPoursuiveur1: issue 39), the
thirds' letters (G, M, S) are the chat's names for thirds in every language (§4.2);
the page's frame (title, whose move, transcript heading) is the platform's, so the
one-language check reads the table and the transcript's lines. An English player
typing a match to its end is tests/pages/test_chat_quidditch_english_browser.py.
"""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign.models import Role
from campaign.services import campaign_create
from games.bots import REFEREE_SEAT
from games.models import Game
from games.ruleset import PLAYER, Actor, find_ruleset
from games.services import Submission, game_create, game_seat_bots, game_submit_command
from quidditch.chat.manifest import MANIFEST
from quidditch.chat.rules.commands import ACTIONS
from quidditch.chat.words import command_words
from tests.factories import MembershipFactory, UserFactory
from tests.support import fix_server_seed, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = find_ruleset("chat-quidditch")
NICK = "GJäger1"
LANGUAGES = ("de", "en", "fr")
#: Words that give a language away, to be absent from a page in another language.
MARKERS = {
    "de": ("Runde", "Klatscher", "Quaffel", "Schnatz", "Drittel", "Spieler"),
    "en": ("Round", "bludger", "quaffle", "snitch", "third", "Player"),
    "fr": ("Manche", "Cognard", "Souafle", "Vif d'or", "tiers", "Joueur"),
}
CODE = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|\"action\"")


def seated(rounds: int = 10, seed: int = 1) -> tuple[Game, object, object]:
    """A match of the example teams: Angelina holds GJäger1, Lee watches, bots elsewhere."""
    storyguide = UserFactory(username="hooch")
    campaign = campaign_create(name="Hogwarts", slug="hogwarts", storyguide=storyguide)
    angelina = UserFactory(username="angelina")
    MembershipFactory(campaign=campaign, user=angelina, role=Role.PLAYER)
    lee = UserFactory(username="lee")
    MembershipFactory(campaign=campaign, user=lee, role=Role.SPECTATOR)
    game = game_create(
        campaign=campaign,
        ruleset="chat-quidditch",
        config={**MANIFEST.contract.example, "rounds": rounds},
        created_by=storyguide,
        now=timezone.now(),
        seats={NICK: angelina.pk},
    )
    fix_server_seed(game, seed)  # the same dice, and so the same match, in every run
    others = [nick for nick in RULES.seats(game.state) if nick != NICK]
    bots = dict.fromkeys([*others, REFEREE_SEAT], "sensible")
    return game_seat_bots(game_id=game.pk, bots=bots, now=timezone.now()), angelina, lee


def mine(game: Game) -> list[dict]:
    """What GJäger1 may do now (a timeout is the referee's to call here)."""
    game.refresh_from_db()
    offered = RULES.allowed_commands(game.state, Actor(PLAYER, frozenset({NICK})))
    return [command for command in offered if command.get("player") == NICK]


def logged_in(chromium, server: str, user):
    page = chromium.new_page(viewport={"width": 420, "height": 900})
    page.set_default_timeout(15_000)
    log_in(page, server, user)
    return page


def test_29_a_match_mid_play_reads_in_one_language_for_a_player_and_a_spectator(
    live_service, chromium, screenshots
):
    game, angelina, lee = seated()
    while game.state["round"] < 2:  # Angelina plays her first offer until round 2
        game_submit_command(
            game_id=game.pk,
            by=angelina,
            submission=Submission(command=mine(game)[0]),
            now=timezone.now(),
        )
        game.refresh_from_db()
    offered = mine(game)
    assert offered, "the match waits for her"

    for who, user in (("player", angelina), ("spectator", lee)):
        page = logged_in(chromium, live_service.url, user)
        for language in LANGUAGES:
            page.goto(f"{live_service.url}/matches/{game.pk}/?lang={language}")
            expect(page.locator("#chat #where")).to_be_visible()
            table = page.locator("#table").inner_text()
            log = page.locator("#log tbody").inner_text()
            body = page.locator("body").inner_text()
            assert page.locator("details.plugin").get_attribute("open") is None
            assert not CODE.search(table + log), CODE.search(table + log)
            assert not [action for action in ACTIONS if "_" in action and action in body]
            for other in set(LANGUAGES) - {language}:
                shown = [word for word in MARKERS[other] if word in table + log]
                assert not shown, (language, other, shown)
            buttons = page.locator(f'#players tr[data-nick="{NICK}"] button')
            if who == "player":
                words = {command_words(command, game.state, language) for command in offered}
                assert set(buttons.all_inner_texts()) == words
                assert page.locator("#table button").count() == len(offered)
            else:
                assert page.locator("#table button").count() == 0
            page.screenshot(path=screenshots / f"chat-table-{who}-{language}.png", full_page=True)
        page.close()
