"""Issue 38, "The storyguide's way round": the referee's own moves say "your move (as
referee)" to the storyguide, never "waiting for the referee".

A storyguide is the referee of their campaign's games (``games.services.actor_for``). The
game page's line of whose move it is (``<p id="turn">``) and "My campaigns" tell them the
referee's own commands, and the seats nobody holds (which the referee relays), as their
move; a player and a spectator still read that the game waits for the referee.

High card (``tests.games.toy``) opens with the referee's deal, and nothing else may be
done, as a skirmish opens with the storyguide gathering its participants; in a tally
(``games.testing``) both seats may roll at any time, one held by the player and the
other by nobody.
"""

import html
import re

import pytest
from django.test import Client
from django.utils import timezone

from games import tables
from games.manifest import manifest_for
from games.ruleset import REFEREE, Actor, find_ruleset
from games.services import game_create
from games.words import Words

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de", "fr")


def turn(user, game_id: int, language: str = "en", pages: str = "matches") -> str:
    """The game page's line of whose move it is, as its reader reads it."""
    client = Client()
    client.force_login(user)
    page = client.get(f"/{pages}/{game_id}/", {"lang": language}).content.decode()
    line = re.search(r'<p id="turn">(.*?)</p>', page, re.S).group(1)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", line)).split())


def my_campaigns(user, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    page = client.get("/me/", {"lang": language}).content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def high_card(table) -> int:
    body = {
        "campaign": table.campaign.pk,
        "ruleset": "high-card",
        "config": {},
        "seats": {"north": table.player.pk, "south": table.other_player.pk},
        "title": "High card at dawn",
    }
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def test_the_referees_own_move_is_the_storyguides_move(table):
    game = high_card(table)
    assert turn(table.storyguide, game) == "Your move (as referee)."
    assert turn(table.player, game) == "Waiting for the referee."
    assert turn(table.spectator, game) == "Waiting for the referee. You are watching this game."


def test_the_storyguide_reads_it_in_their_language(table):
    """A skirmish opens with the storyguide gathering its participants (Ch.7)."""
    rules = find_ruleset("skirmish")
    game = game_create(
        campaign=table.campaign,
        ruleset="skirmish",
        config=manifest_for(rules).contract.example,
        created_by=table.storyguide,
        now=timezone.now(),
    )
    read = {
        language: turn(table.storyguide, game.pk, language, "skirmishes") for language in LANGUAGES
    }
    assert read == {
        "en": "Your move (as referee).",
        "de": "Du bist am Zug (als Schiedsrichter).",
        "fr": "À vous de jouer (comme arbitre).",
    }
    assert turn(table.player, game.pk, "de", "skirmishes") == (
        "Der Schiedsrichter ist am Zug. Du schaust bei diesem Spiel zu."
    )


def test_a_seat_nobody_holds_is_the_referees_move_too(table):
    game = table.create_game(title="Tally")["id"]  # alice: the player; bob: nobody
    assert turn(table.storyguide, game) == "Your move (as referee), for bob. Waiting for alice."
    assert turn(table.player, game) == "Your move."
    assert turn(table.spectator, game) == "Waiting for alice, bob. You are watching this game."


def test_my_campaigns_says_whose_move_as_the_game_page_does(table):
    high_card(table)
    storyguide = my_campaigns(table.storyguide)
    assert "High card at dawn (High card) your move (as referee)" in storyguide
    assert "waiting for the referee" not in storyguide
    assert "High card at dawn (High card) waiting for the referee" in my_campaigns(table.player)
    german = my_campaigns(table.storyguide, "de")
    assert "du bist am Zug (als Schiedsrichter)" in german
    assert "wartet auf den Schiedsrichter" not in german


@pytest.mark.parametrize(
    ("referee_bot", "expected"),
    [
        (
            True,
            tables.Turn(
                mine=False, relayed=[], others=["alice", "bob"], referee="other", spectator=False
            ),
        ),
        (
            False,
            tables.Turn(
                mine=False, relayed=["bob"], others=["alice"], referee="mine", spectator=False
            ),
        ),
    ],
    ids=["a bot referees", "the storyguide referees"],
)
def test_a_bot_at_the_referees_seat_is_waited_for_as_the_referee(referee_bot, expected):
    """The storyguide who left the referee's duties to a bot waits for it, and for the
    seats nobody holds, which the bot relays; without the bot those are their move."""
    turn = tables.whose_move(
        find_ruleset("tally"),
        Words(),
        {},
        Actor(REFEREE),
        "en",
        awaited=["alice", "bob"],
        referee_awaited=True,
        held=frozenset({"alice"}),
        referee_bot=referee_bot,
    )
    assert turn == expected
    assert turn.as_referee is not referee_bot
