"""A match of Table Top Quidditch through the HTTP API: a person against the chaser bot,
played to its end by the commands the API offers; the log verifies, the board is drawn
as SVG at any point of it, and the match page draws the board as its table."""

import random
import re
from xml.etree import ElementTree

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}svg"
PLAYED = 120
"""Commands played before the person concedes, unless the match ends first."""
ENDINGS = ("concede", "propose_end")


def create(table, **more):
    return table.client(table.storyguide).post(
        "/api/matches/",
        {"campaign": table.campaign.pk, "ruleset": "tabletop-quidditch", **more},
        format="json",
    )


def test_a_match_played_through_the_api_verifies_and_its_board_renders(table):
    player = table.client(table.player)
    created = create(
        table,
        config={"teams": {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}},
        seats={"home": table.player.pk},
        bots={"away": "chaser"},
    )
    assert created.status_code == 201, created.json()
    url = f"/api/matches/{created.json()['id']}/"
    game = player.get(url).json()
    assert game["title"] == "Gryffindor v Slytherin"
    rng, concede = random.Random(15), {"action": "concede", "side": "home"}
    while game["status"] == "active":
        offered = game["allowed_commands"]
        assert offered, "the bot has played: the person always has something to do"
        if game["version"] < PLAYED:
            choice = rng.choice([c for c in offered if c["action"] not in ENDINGS] or offered)
        else:
            choice = concede if concede in offered else rng.choice(offered)
        answer = player.post(f"{url}commands/", {"command": choice}, format="json")
        assert answer.status_code == 201, answer.json()
        game = answer.json()["game"]
    assert game["result"]["ended_by"] in ("snitch", "concession", "no_seekers")
    assert player.get(f"{url}verify/").json()["ok"] is True

    events = player.get(f"{url}events/", {"limit": 500}).json()["results"]
    assert any(event["submitted"].get("bot") == "chaser" for event in events)
    for at in (0, 1, len(events) // 2, None):
        drawn = player.get(f"{url}board.svg/", {} if at is None else {"at": at})
        assert drawn.status_code == 200 and drawn["Content-Type"] == "image/svg+xml"
        assert ElementTree.fromstring(drawn.content).tag == SVG
    assert "Gryffindor" in drawn.content.decode()


def test_the_match_page_draws_the_board_as_its_table_in_the_readers_language(table):
    """Issue 29: the board with every player, numbered, in their colours; the commands in
    words; no picture, no JSON outside the plugin fold; a small page."""
    created = create(table, config={}, seats={"home": table.player.pk}, bots={"away": "chaser"})
    page = Client()
    page.force_login(table.player)
    html = page.get(f"/matches/{created.json()['id']}/", {"lang": "de"}).content.decode()
    assert 'class="ttq-board"' in html and "<img" not in html
    for side in ("home", "away"):
        assert len(re.findall(f'class="p {side}[^"]*" style="grid-area', html)) == 7
    assert "Wurf um die erste Phase" in html, "the bot's toss, narrated in German"
    assert "Heimteam" in html and "Home" not in html
    assert len(html) < 60_000


def test_a_refused_command_answers_422_with_a_message_for_the_player(table):
    """Away is the storyguide's, not a bot's: with a bot there, the server's dice once
    ended the match in the bot's opening moves ("The game is finished.") before the
    player's command was judged."""
    created = create(table, config={}, seats={"home": table.player.pk, "away": table.storyguide.pk})
    url = f"/api/matches/{created.json()['id']}/commands/"
    move = {"action": "move", "side": "home", "player": "home-chaser1", "to": [0, 0]}
    answer = table.client(table.player).post(url, {"command": move}, format="json")
    assert answer.status_code == 422
    assert answer.json()["detail"] == "That is not what the match waits for now."
    german = table.client(table.player).post(
        url, {"command": move}, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert german.json()["detail"] == "Darauf wartet das Spiel gerade nicht."
    away = {**move, "side": "away", "player": "away-chaser1"}
    answer = table.client(table.player).post(url, {"command": away}, format="json")
    assert answer.json()["detail"] == "You do not play that side."
    bad = create(table, config={"pitch": {"length": 10, "width": 10}})
    assert bad.status_code in (400, 422) and "pitch" in str(bad.json())


def test_the_storyguide_gives_no_command_of_a_side_nobody_holds(table):
    """``referee_relays`` is False: each player moves their own team; the text's referee
    only judges fouls, which the server does."""
    unheld = create(table, config={}, seats={"home": table.player.pk})
    assert (unheld.status_code, unheld.json()["code"]) == (400, "seat_unheld")
    created = create(table, config={}, seats={"home": table.player.pk}, bots={"away": "chaser"})
    game = table.client(table.storyguide).get(f"/api/matches/{created.json()['id']}/").json()
    assert game["allowed_commands"] == []
