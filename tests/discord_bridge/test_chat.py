"""Chat-Quidditch as it was written for chat, played from Discord with ``/cq <line>``
(issue 43; the rules' §3.5 lines, §3.4 the ten-second rule): two linked players type
their own nicks' lines, one in German and one in English, the referee and every other
nick are the ruleset's bots, and the match is played to its end; its log verifies.

The clock the service reads is the test's, moved a second a line, so that every line
is in time and the match takes the same path on every run.
"""

import random
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest

from games import selectors
from games.manifest import manifest_for
from games.ruleset import find_ruleset
from games.selectors import game_verify
from games.services import actor_for, game_create
from quidditch.chat.words import chat_line
from tests.discord_bridge.support import connect, interaction, link, send

pytestmark = pytest.mark.django_db

EPHEMERAL = 64
#: The nicks the two linked players hold: Gryffindor's first two chasers (§4.1.1).
PEOPLE = ("GJäger1", "GJäger2")


class Clock:
    """``django.utils.timezone.now``, as the test moves it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock():
    clock = Clock()
    with mock.patch("django.utils.timezone.now", clock):
        yield clock


def chat_match(table, clock, seats: dict):
    """A short match (four rounds) of the rules' example teams: ``seats`` held by people,
    the sensible bot at every other nick and at the referee's seat."""
    rules = find_ruleset("chat-quidditch")
    short = {p.name: p.settings for p in manifest_for(rules).presets}["short"]
    return game_create(
        campaign=table.campaign,
        ruleset="chat-quidditch",
        config={**manifest_for(rules).contract.example, **short},
        created_by=table.storyguide,
        now=clock(),
        seats=seats,
        bots={"*": "sensible"},
    )


def test_43_a_chat_quidditch_match_is_typed_to_its_end_in_german_and_english(table, discord, clock):
    game = chat_match(table, clock, {"GJäger1": table.player.pk, "GJäger2": table.other_player.pk})
    connect(table, game=game)
    # Each types in the language of their Discord client.
    typists = {"42": (table.player, "de"), "43": (table.other_player, "en-GB")}
    for discord_user, (user, _locale) in typists.items():
        link(user, discord_user)
    rng = random.Random(2026)
    typed: list[str] = []
    for _ in range(400):
        game.refresh_from_db()
        if game.status != "active":
            break
        clock.now += timedelta(seconds=1)
        lines = [
            (discord_user, locale, line, command)
            for discord_user, (user, locale) in typists.items()
            for command in selectors.offered_commands(game, actor_for(game, user), now=clock())
            if (line := chat_line(command, locale[:2])) is not None
        ]
        assert lines, "the bots wait for a person, who has a line to type"
        # They play together: a pass to the other goes first.
        passes = [t for t in lines if t[3]["action"] == "pass" and t[3]["target"] in PEOPLE]
        discord_user, locale, line, _command = rng.choice(passes or lines)
        answer = send(interaction("cq", user=discord_user, locale=locale, options={"line": line}))
        assert answer == {"type": 5}, answer
        assert discord.requests[-1]["method"] == "PATCH", discord.requests[-1]
        typed.append(line)

    game.refresh_from_db()
    assert game.status == "finished"
    log = list(game.events.order_by("seq"))
    from_discord = [e for e in log if "text" in e.submitted]
    assert [e.submitted["text"] for e in from_discord] == typed
    assert {e.user_id for e in from_discord} == {table.player.pk, table.other_player.pk}
    german = [e for e in from_discord if e.user_id == table.player.pk]
    english = [e for e in from_discord if e.user_id == table.other_player.pk]
    assert all(e.command["player"] == "GJäger1" for e in german)
    assert all(e.command["player"] == "GJäger2" for e in english)
    assert "Pass GJäger2" in [e.submitted["text"] for e in german]
    assert "Pass GChaser1" in [e.submitted["text"] for e in english]
    assert game_verify(game, fresh=True).ok
    assert game.state["score"] == [0, 30]
    last_answer = discord.requests[-1]["json"]["content"].splitlines()
    assert last_answer[-1].startswith("**Slytherin wins 130 to 0, after round 4")


def test_43_a_line_for_another_players_nick_is_refused(table, discord, clock):
    """§3.5: each types for his own nick. The line parses (a nick in front is the rules'
    syntax), so it is deferred; playing it is refused as the API refuses it, which removes
    the deferral and tells the sender alone (an ephemeral follow-up); nothing is played."""
    game = chat_match(table, clock, {"GJäger1": table.player.pk, "GJäger2": table.other_player.pk})
    connect(table, game=game)
    link(table.player, "42")
    version = game.version
    answer = send(
        interaction("cq", user="42", locale="de", options={"line": "GJäger2: Pass GJäger1"})
    )
    assert answer == {"type": 5}
    deleted, told = discord.requests
    webhook = "/api/v10/webhooks/1100000000000000001/interaction-token"
    assert (deleted["method"], deleted["path"]) == ("DELETE", f"{webhook}/messages/@original")
    assert (told["method"], told["path"]) == ("POST", webhook)
    assert told["json"]["content"] == "Du spielst nicht GJäger2."
    assert told["json"]["flags"] == EPHEMERAL
    game.refresh_from_db()
    assert game.version == version
