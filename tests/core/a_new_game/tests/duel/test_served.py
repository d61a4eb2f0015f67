"""The duel, served by the platform with no code of its own: the API, the pages, the New
game page, the verification."""

import pytest
from django.test import Client

from tests.support import Table

pytestmark = pytest.mark.django_db


def test_the_duel_is_served_like_every_game():
    table = Table()
    api = table.client(table.storyguide)
    assert "seeker-duel" in [ruleset["name"] for ruleset in api.get("/api/rulesets/").json()]
    created = api.post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "seeker-duel",
            "config": {},
            "seats": {"gryffindor": table.player.pk},
            "bots": {"slytherin": "seeker"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    player = table.client(table.player)
    game = player.get(f"/api/matches/{created.json()['id']}/").json()
    while game["status"] == "active":
        [roll] = game["allowed_commands"]
        game = player.post(
            f"/api/matches/{game['id']}/commands/", {"command": roll}, format="json"
        ).json()["game"]
    assert game["result"]["winner"] in ("gryffindor", "slytherin")
    assert player.get(f"/api/matches/{game['id']}/verify/").json()["ok"]
    page = Client()
    page.force_login(table.player)
    assert '<ul id="duel">' in page.get(f"/matches/{game['id']}/").content.decode()
    assert "Everything checks out." in page.get(f"/matches/{game['id']}/verify/").content.decode()
    page.force_login(table.storyguide)
    new_game = page.get(f"/campaigns/{table.campaign.slug}/games/new/").content.decode()
    assert f"/campaigns/{table.campaign.slug}/games/new/seeker-duel/" in new_game
