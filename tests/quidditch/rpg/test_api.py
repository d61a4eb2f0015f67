"""A Draco Dormiens quidditch match through the HTTP API, written back to the campaign.

Gryffindor's seven characters against Slytherin's: the storyguide chooses for
Gryffindor's beaters and seeker, sensible bots for Slytherin's. At the end the
winning house has earned the difference of the scores once, attributed in the
ledger to all seven of its players, whose Popularity moves by the whole gain
(QUIDDITCH: "This gain is attributed to all of the team's players for purposes
of affecting Popularity"), every Health lost is on the sheets, and the log
verifies.
"""

import pytest

from campaign.models import Character, HousePointEntry
from tests.league.conftest import CupTable

pytestmark = pytest.mark.django_db


def test_a_match_of_characters_is_played_through_the_api_and_credited_to_the_winners():
    table = CupTable()
    houses = {name: table.house(name) for name in ("Gryffindor", "Slytherin")}
    health_before = dict(Character.objects.values_list("pk", "health"))
    referee = table.client(table.storyguide)
    body = {
        "campaign": table.campaign.pk,
        "ruleset": "rpg-quidditch",
        "config": {
            "teams": [
                {
                    "house": house.pk,
                    "players": [{"character": c.pk} for c in house.characters.all()],
                }
                for house in houses.values()
            ]
        },
        "bots": {seat: "sensible" for seat in ("away.beater1", "away.beater2", "away.seeker")},
    }
    created = referee.post("/api/matches/", body, format="json")
    assert created.status_code == 201, created.json()
    url = f"/api/matches/{created.json()['id']}/"
    game = created.json()
    for _ in range(3_000):
        if game["status"] != "active":
            break
        mine = [c for c in game["allowed_commands"] if c["action"] in ("aim", "seek")]
        answer = referee.post(f"{url}commands/", {"command": mine[0]}, format="json")
        assert answer.status_code == 201, answer.json()
        game = answer.json()["game"]
    assert game["status"] == "finished"
    result = game["result"]
    assert result["winner"] in ("home", "away", None)
    assert referee.get(f"{url}verify/").json()["ok"] is True

    lost = {int(pk): n for pk, n in result["health_lost"].items()}
    for pk, before in health_before.items():
        assert Character.objects.get(pk=pk).health == max(0, before - lost.get(pk, 0))
    if result["winner"] is None:
        assert not HousePointEntry.objects.exists()
        return
    house = houses["Gryffindor" if result["winner"] == "home" else "Slytherin"]
    (entry,) = HousePointEntry.objects.all()
    assert (entry.house, entry.character) == (house, None)
    assert (
        entry.amount
        == result["house_points"]
        == abs(result["score"]["home"] - result["score"]["away"])
    )
    assert set(entry.attributed_to.all()) == set(house.characters.all())
    # Popularity moves by the whole gain, one step per 50 points (docs/rules/campaign.md).
    for character in house.characters.all():
        sheet = referee.get(f"/api/characters/{character.pk}/").json()
        assert sheet["popularity"] == character.popularity_base + entry.amount // 50


def test_the_rulesets_description_says_the_defended_base_is_a_reading():
    """Issue 30: "the defended difficulty's base (10 by default) is a reading, not in the
    text; /api/rulesets/ ... show[s] it": the setting, its default, and where the reading is
    written down."""
    table = CupTable()
    described = table.client(table.storyguide).get("/api/rulesets/rpg-quidditch/").json()
    base = described["config_schema"]["properties"]["defended_difficulty_base"]
    assert base["default"] == 10
    assert "A reading, not in the text" in base["description"]
    assert "docs/rules/rpg-quidditch.md" in base["description"]


def test_the_example_config_is_accepted_as_it_stands():
    table = CupTable()
    referee = table.client(table.storyguide)
    example = referee.get("/api/rulesets/rpg-quidditch/").json()["example_config"]
    created = referee.post(
        "/api/matches/",
        {"campaign": table.campaign.pk, "ruleset": "rpg-quidditch", "config": example},
        format="json",
    )
    assert created.status_code == 201, created.json()
    assert created.json()["title"] == "Gryffindor v Slytherin"
