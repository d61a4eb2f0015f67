"""Players start friendly games themselves where their campaign allows it (issue 28,
"Starting a game": "A campaign setting lets players start friendly games themselves (one
person against bots, or two players); the storyguide decides. A friendly game never
touches the cup or house points unless the storyguide says so.")
"""

import pytest

from campaign.models import Role
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db


def start(table, user, **extra):
    body = {
        "campaign": table.campaign.pk,
        "ruleset": "high-card",
        "config": {},
        "seats": {"north": user.pk},
        "bots": {"south": "random"},
        **extra,
    }
    return table.client(user).post("/api/matches/", body, format="json")


def allow(table, allowed=True):
    response = table.client(table.storyguide).patch(
        f"/api/campaigns/{table.campaign.pk}/", {"players_start_games": allowed}, format="json"
    )
    assert response.status_code == 200 and response.json()["players_start_games"] is allowed


def test_a_player_starts_no_game_unless_the_storyguide_allows_it(table):
    response = start(table, table.player)
    assert response.status_code == 403
    assert response.json()["detail"] == "Only the campaign's storyguide starts games here."


def test_where_allowed_a_player_starts_a_game_against_bots_and_it_is_friendly(table):
    allow(table)
    response = start(table, table.player, friendly=False)
    assert response.status_code == 201, response.json()
    assert response.json()["friendly"] is True, "a player's game is always friendly"


def test_two_players_may_play_each_other(table):
    allow(table)
    response = start(
        table,
        table.player,
        seats={"north": table.player.pk, "south": table.other_player.pk},
        bots={},
    )
    assert response.status_code == 201, response.json()


def test_a_player_starts_no_game_that_does_not_seat_them_or_seats_three(table):
    allow(table)
    response = start(table, table.player, seats={"north": table.other_player.pk})
    assert (response.status_code, response.json()["code"]) == (400, "starter_unseated")


def test_a_spectator_starts_nothing_even_where_players_may(table):
    allow(table)
    spectator = MembershipFactory(campaign=table.campaign, role=Role.SPECTATOR).user
    assert start(table, spectator).status_code == 403


def test_the_storyguides_game_counts_unless_they_call_it_friendly(table):
    counted = start(table, table.storyguide)
    friendly = start(table, table.storyguide, friendly=True)
    assert (counted.json()["friendly"], friendly.json()["friendly"]) == (False, True)
