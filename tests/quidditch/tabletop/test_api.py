"""A match of Table Top Quidditch through the HTTP API: a person against the chaser bot,
played to its end by the commands the API offers; the log verifies and the board is drawn
as SVG at any point of it and shown on the match page."""

import random
from xml.etree import ElementTree

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}svg"
PLAYED = 120
"""Commands played before the person concedes, unless the snitch is caught first."""
ENDINGS = ("concede", "propose_end")


def test_a_match_played_through_the_api_verifies_and_its_board_renders(table):
    referee, player = table.client(table.storyguide), table.client(table.player)
    created = referee.post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "tabletop-quidditch",
            "config": {"teams": {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}},
            "seats": {"home": table.player.pk},
            "bots": {"away": "chaser"},
        },
        format="json",
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
    assert game["version"] >= PLAYED or game["result"]["ended_by"] == "snitch"
    assert game["result"]["ended_by"] in ("snitch", "concession")
    assert player.get(f"{url}verify/").json()["ok"] is True

    events = player.get(f"{url}events/", {"limit": 500}).json()["results"]
    assert any(event["submitted"].get("bot") == "chaser" for event in events)
    for at in (0, 1, len(events) // 2, None):
        drawn = player.get(f"{url}board.svg/", {} if at is None else {"at": at})
        assert drawn.status_code == 200 and drawn["Content-Type"] == "image/svg+xml"
        picture = ElementTree.fromstring(drawn.content)
        assert picture.tag == SVG
    assert "Gryffindor" in drawn.content.decode()
    page = Client()
    page.force_login(table.player)
    assert (
        f'<img src="{url}board.svg/"'
        in page.get(f"/matches/{created.json()['id']}/").content.decode()
    )


def test_a_refused_command_answers_422_with_a_message_for_the_player(table):
    referee = table.client(table.storyguide)
    created = referee.post(
        "/api/matches/",
        {"campaign": table.campaign.pk, "ruleset": "tabletop-quidditch", "config": {}},
        format="json",
    ).json()
    answer = referee.post(
        f"/api/matches/{created['id']}/commands/",
        {"command": {"action": "move", "side": "home", "player": "home-chaser1", "to": [0, 0]}},
        format="json",
    )
    assert answer.status_code == 422
    assert answer.json()["detail"] == "that is not what the match waits for now"
    bad = referee.post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "tabletop-quidditch",
            "config": {"pitch": {"length": 10, "width": 10}},
        },
        format="json",
    )
    assert bad.status_code in (400, 422) and "pitch" in str(bad.json())
