"""A game of the dice game through the HTTP API: one player against the sensible bot."""

import pytest

pytestmark = pytest.mark.django_db


def test_one_player_plays_a_whole_game_against_the_bot_and_the_log_verifies(members):
    referee, player = members.client(members.storyguide), members.client(members.player)
    created = referee.post(
        "/api/matches/",
        {
            "campaign": members.campaign.pk,
            "ruleset": "dice-quidditch",
            "config": {},
            "seats": {"red": members.player.pk},
            "bots": {"blue": "sensible"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    url = f"/api/matches/{created.json()['id']}/"
    game = player.get(url).json()
    assert game["bots"] == {"blue": "sensible"} and game["seats"] == {"red": members.player.pk}
    for _ in range(2_000):
        if game["status"] != "active":
            break
        offered = game["allowed_commands"]
        assert offered, "the bot has played its turn: the person always has something to do"
        answer = player.post(f"{url}commands/", {"command": offered[0]}, format="json")
        assert answer.status_code == 201, answer.json()
        game = answer.json()["game"]
    assert game["status"] == "finished"
    assert max(game["result"]["snitch"].values()) >= 5
    events = player.get(f"{url}events/", {"limit": 500}).json()["results"]
    assert any(event["submitted"].get("bot") == "sensible" for event in events)
    assert player.get(f"{url}verify/").json()["ok"] is True
