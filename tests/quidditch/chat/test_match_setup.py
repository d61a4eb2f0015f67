"""Setting up a Chat-Quidditch match from houses and characters (§2, §4.1.1)."""

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db


def test_4_1_1_players_get_their_nicks_and_owners_their_seats(table):
    match = table.create_match()
    players = match["state"]["players"]
    assert sorted(players) == sorted(
        [
            "GHüter",
            "GSucher",
            "GJäger1",
            "GJäger2",
            "GJäger3",
            "GTreiber1",
            "GTreiber2",
            "SHüter",
            "SSucher",
            "SJäger1",
            "SJäger2",
            "SJäger3",
            "STreiber1",
            "STreiber2",
        ]
    )
    assert players["GSucher"]["name"] == "Gryffindor seeker 1"
    assert match["seats"] == {"GSucher": table.player.pk}
    assert match["title"] == "Gryffindor v Slytherin"


def test_a_player_may_command_only_their_own_nick(table):
    match = table.create_match()
    mine = table.client(table.player).get(f"/api/matches/{match['id']}/").json()
    assert all(command.get("player") in (None, "GSucher") for command in mine["allowed_commands"])
    assert (
        table.client(table.spectator).get(f"/api/matches/{match['id']}/").json()["allowed_commands"]
        == []
    )


def test_characters_must_belong_to_their_house(table):
    body = table.match_body()
    body["config"]["teams"][0]["players"][0]["character"] = table.teams["Slytherin"][0].pk
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 422
    assert response.json() == {
        "code": "invalid_config",
        "detail": "Slytherin keeper 0 does not play for this house.",
        "rule": "§2",
    }
    assert not Game.objects.exists()


def test_another_campaigns_houses_and_characters_are_not_offered(table):
    body = table.match_body(campaign=table.campaign.pk)
    body["config"]["teams"][1]["house"] = table.house(campaign=table.other_campaign).pk
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 422
    assert response.json()["detail"] == "Slytherin keeper 0 does not play for this house."
    assert not Game.objects.exists()


def test_2_a_team_without_a_keeper_is_refused_naming_the_rule(table):
    body = table.match_body()
    body["config"]["teams"][0]["players"] = body["config"]["teams"][0]["players"][1:]
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_config" and response.json()["rule"] == "§2"


def test_only_a_storyguide_sets_up_a_match(table):
    """Unless the campaign lets its players start friendly games (tests/games)."""
    response = table.client(table.player).post("/api/matches/", table.match_body(), format="json")
    assert response.status_code == 403


def test_2_a_config_without_teams_is_refused_naming_the_rule(table):
    body = {"campaign": table.campaign.pk, "ruleset": "chat-quidditch", "config": {}}
    response = table.client(table.storyguide).post("/api/matches/", body, format="json")
    assert response.status_code == 422
    assert response.json()["rule"] == "§2" and response.json()["code"] == "invalid_config"


def test_5_1_a_match_has_at_most_ten_rounds(table):
    response = table.client(table.storyguide).post(
        "/api/matches/", table.match_body(settings={"rounds": 400}), format="json"
    )
    assert response.status_code == 422
    assert response.json()["detail"] == "rounds must be a whole number from 1 to 10."
    assert response.json()["rule"] == "§5.1"
