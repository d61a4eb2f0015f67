"""A match of the card game through the HTTP API: one player against the simple bot.

At every step the person reads the match, submits one of the commands offered
and reads the new events; nothing they receive ever names a card hidden in
the bot's hand or face down on its side of a ball. Once the match is over the
log shows every hand, and it verifies: each shuffle re-derives from the
revealed seed.
"""

import json
import random
import re

import pytest
from django.core.management import call_command
from django.test import Client

from games.models import Game
from quidditch.cards.demo import TITLE
from tests.quidditch.cards import MANIFEST

pytestmark = pytest.mark.django_db


def hidden_from_the_person(game_id: int) -> set[str]:
    return MANIFEST.playtest.secrets(Game.objects.get(pk=game_id).state).get("gryffindor", set())


def named(cards: set[str], text: str) -> set[str]:
    return {card for card in cards if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text)}


def against_the_bot(table) -> int:
    """The storyguide sets the player (Slytherin) against the simple bot; the match's id."""
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "card-quidditch",
            "config": {},
            "seats": {"slytherin": table.player.pk},
            "bots": {"gryffindor": "simple"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    return created.json()["id"]


def test_one_player_plays_a_whole_match_against_the_bot_and_never_sees_its_hidden_cards(table):
    person = table.client(table.player)
    game_id = against_the_bot(table)
    url, rng, last_seq = f"/api/matches/{game_id}/", random.Random(16), 0
    page_reader = Client()
    page_reader.force_login(table.player)
    game = person.get(url).json()
    for step in range(3_000):
        if game["status"] != "active":
            break
        before = hidden_from_the_person(game_id)
        offered = game["allowed_commands"]
        assert offered, "the bot has acted: the person always has something to do"
        answer = person.post(f"{url}commands/", {"command": rng.choice(offered)}, format="json")
        assert answer.status_code == 201, answer.json()
        game = answer.json()["game"]
        events = person.get(f"{url}events/", {"after": last_seq, "limit": 500}).json()["results"]
        last_seq = events[-1]["seq"]
        after = hidden_from_the_person(game_id)
        assert named(after, json.dumps(game)) == set(), "the state and the offered commands"
        received = json.dumps([answer.json()["event"], *events])
        assert named(before & after, received) == set(), "the events"
        if game["status"] == "active":
            bots_side = game["state"]["teams"]["gryffindor"]
            assert "hand" not in bots_side and bots_side["hand_size"] <= 7
        if step == 10:  # the web table too, once in the match
            page = page_reader.get(f"/matches/{game_id}/")
            assert page.status_code == 200
            assert named(after, page.content.decode()) == set(), "the game's page"
    assert game["status"] == "finished" and game["result"]["snitch"] in ("slytherin", "gryffindor")
    log = person.get(f"{url}events/", {"limit": 500}).json()["results"]
    assert any(record["submitted"].get("bot") == "simple" for record in log)
    first_draws = [e for e in log[0]["events"] if e["type"] == "drew"]
    assert [len(e["cards"]) for e in first_draws] == [7, 7], "after the end: every hand"
    report = person.get(f"{url}verify/").json()
    assert report["ok"] is True and report["seed_revealed"]
    assert report["rolls_checked"] >= 40 + 40 + 28 - 3, "the three shuffles of the deal at least"


def test_the_demo_holds_a_match_played_to_its_end_by_the_bots():
    call_command("seed_demo", force=True)
    match = Game.objects.get(ruleset="card-quidditch", title=TITLE)
    assert match.status == "finished" and match.state["over"]


def test_a_match_with_decks_in_an_order_of_its_own_verifies_on_replay(table):
    """Issue 30, "Deck orders given in a config are kept as given": the decks lie in the order
    sent, and the replay of the log, from the config as stored, lays them the same way (on
    PostgreSQL too, whose jsonb keeps no order of an object's keys)."""
    team_deck = {"seeker12": 1, "keeper9": 2, "chaser8": 6, "beater3": 4, "seeker11": 1}
    pitch_deck = {"snitch": 1, "goal": 2, "quaffle": 6, "bludger": 3}
    created = table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "card-quidditch",
            "config": {"team_deck": team_deck, "pitch_deck": pitch_deck},
            "bots": {"*": "simple"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    game = Game.objects.get(pk=created.json()["id"])
    assert game.status == "finished"
    assert [entry["card"] for entry in game.config["pitch_deck"]] == list(pitch_deck)
    assert [entry["card"] for entry in game.config["team_deck"]] == list(team_deck)
    report = table.client(table.storyguide).get(f"/api/matches/{game.pk}/verify/").json()
    assert report["ok"] is True and report["replay_matches"] is True
