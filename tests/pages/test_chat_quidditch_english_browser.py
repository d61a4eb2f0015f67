"""An English player plays Chat-Quidditch to its end typing English commands only (issue 39).

"Chat-Quidditch is German inside English and French: ... typed commands must be
German; 'help' answers '“help” is not a command.' with no list." Angelina plays
GSucher and GJäger1, Gryffindor's seeker and first chaser (GSeeker and GChaser1
on her English page); the sensible bot holds every other nick and the referee's
seat, on a fixed seed, so the match is the same in every run (the bots' choices
are drawn from the game's seed too). She types every command into the page's
text box, in English, naming the nick that speaks as a player of two nicks does
("GSeeker: Find", "GChaser1: Fly G-M"): the line the page's hints show, of the
command the sensible bot would choose for that nick, and once "help", which lists
what she may type and plays nothing. At the end the sheet says who won and why.
"""

from __future__ import annotations

import random
import time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign.models import Role
from campaign.services import campaign_create
from games.bots import REFEREE_SEAT, strategies
from games.manifest import manifest_for, manifest_of
from games.models import Game
from games.ruleset import PLAYER, Actor, find_ruleset
from games.services import game_create, game_seat_bots
from quidditch.chat.rules.vocabulary import ENGLISH, GERMAN
from quidditch.chat.words import typed_line
from tests.factories import MembershipFactory, UserFactory
from tests.support import fix_server_seed, log_in, shown_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = find_ruleset("chat-quidditch")
NICKS = ("GSucher", "GJäger1")
#: At most this many of her lines in one match of three rounds (§5.1).
LINES = 200


def seated() -> tuple[Game, object]:
    """A three-round match of the example teams (§5.1): Angelina holds GSucher and
    GJäger1, bots the rest and the referee's seat; an overdue answer is called after a
    second (§3.4)."""
    storyguide = UserFactory(username="hooch")
    campaign = campaign_create(name="Hogwarts", slug="hogwarts", storyguide=storyguide)
    angelina = UserFactory(username="angelina")
    MembershipFactory(campaign=campaign, user=angelina, role=Role.PLAYER)
    game = game_create(
        campaign=campaign,
        ruleset="chat-quidditch",
        config={**manifest_for(RULES).contract.example, "rounds": 3, "answer_seconds": 1},
        created_by=storyguide,
        now=timezone.now(),
        seats=dict.fromkeys(NICKS, angelina.pk),
    )
    fix_server_seed(game, 39)
    others = [nick for nick in RULES.seats(game.state) if nick not in NICKS]
    bots = dict.fromkeys([*others, REFEREE_SEAT], "sensible")
    return game_seat_bots(game_id=game.pk, bots=bots, now=timezone.now()), angelina


def her_command(game: Game) -> dict | None:
    """What the sensible bot would give for one of her nicks now, else an overdue answer's
    timeout (§3.4: anyone in the match may call it); ``None`` while the match waits for
    the time."""
    actor = Actor(PLAYER, frozenset(NICKS))
    offered = RULES.allowed_commands(game.state, actor, now=time.time())
    for nick in NICKS:
        own = [command for command in offered if command.get("player") == nick]
        if own:
            view = RULES.view(game.state, actor)
            chosen = strategies(RULES)["sensible"].choose(view, nick, own, random.Random(0))
            return chosen or own[0]
    return next((command for command in offered if command["action"] == "timeout"), None)


def type_line(page, line: str) -> None:
    """Type ``line`` into the page's text box and send it, as a player does."""
    page.fill("#say input[name=text]", line)
    page.click("#say button[type=submit]")


def test_39_an_english_player_types_english_commands_only_to_the_end(
    live_service, chromium, screenshots
):
    game, angelina = seated()
    page = chromium.new_page(viewport={"width": 420, "height": 900})
    page.set_default_timeout(30_000)
    log_in(page, live_service.url, angelina)
    page.goto(f"{live_service.url}/matches/{game.pk}/?lang=en")
    expect(page.locator("#players")).to_contain_text("GSeeker")
    assert "GSucher" not in page.locator("#table").inner_text()

    # "help" lists what she may type now, in English, and plays nothing.
    game.refresh_from_db()
    first = her_command(game)
    assert first is not None and first.get("player") in NICKS, "the match waits for her"
    version = shown_version(page)
    type_line(page, "help")
    answer = page.get_by_text("What you may type in the chat now:")  # the page's answer
    expect(answer).to_be_visible()
    expect(answer).to_contain_text(f"“{typed_line(first, frozenset(NICKS), 'en')}”")
    assert shown_version(page) == version
    game.refresh_from_db()
    assert game.version == version

    typed = []
    for _ in range(LINES):
        game.refresh_from_db()
        if game.status == "finished":
            break
        command = her_command(game)
        if command is None:  # a bot's answer is awaited until its time is up (§3.4)
            time.sleep(0.3)
            continue
        line = typed_line(command, frozenset(NICKS), "en")
        before = shown_version(page)
        type_line(page, line)
        page.locator("body:not(.sending)").wait_for(state="attached")  # the page answered
        if shown_version(page) == before:
            # Refused: her second to answer (§3.4) ran out while the line was on its way;
            # the match then waits for a timeout, which is her next line.
            continue
        typed.append(line)

    game.refresh_from_db()
    assert game.status == "finished"
    result = RULES.result(game.state)  # the page ends on who won and why (§7)
    sentence = manifest_of(RULES.name).words.ending(result, "en")
    expect(page.locator("#ending")).to_have_text(sentence)
    page.screenshot(path=screenshots / "chat-quidditch-typed-in-english.png", full_page=True)

    # Everything she sent was an English line, and the log took each as typed; the bots
    # send JSON.
    sent = [event.submitted for event in game.events.order_by("seq") if "text" in event.submitted]
    assert sent == [{"text": line} for line in typed]
    german_only = {*GERMAN.bare, *GERMAN.naming, GERMAN.fly} - {*ENGLISH.bare, *ENGLISH.naming}
    assert not [
        line
        for line in typed
        if line.split(": ")[-1].split(" ")[0] in german_only
        or any(word in line for word in GERMAN.roles.values())
    ]
    assert "GSeeker: Find" in typed and "GChaser1: Fly G-M" in typed, typed
