"""A house cup played by Draco Dormiens' quidditch rules: fixtures, standings, crediting.

The cup year names its ruleset; its games are RPG quidditch matches of the
houses' characters, the table reads their results in the cup's terms (goals,
goals conceded, the snitch, points), and the cup credits each game by §8.3,
not by the match's own margin.
"""

import pytest

from campaign.models import HousePointEntry
from league import selectors, services
from league.models import CupYear, Fixture
from tests.league.conftest import FEBRUARY, SEPTEMBER
from tests.support import play_out

pytestmark = pytest.mark.django_db


def roster(house):
    return {
        "house": house.pk,
        "players": [{"character": c.pk} for c in house.characters.order_by("id")],
    }


def test_a_cup_year_of_rpg_quidditch_plays_ranks_and_credits_its_games(cup):
    made = cup.client(cup.storyguide).post(
        "/api/cup-years/",
        {
            "campaign": cup.campaign.pk,
            "name": "RPG cup",
            "slug": "rpg-cup",
            "first_half_starts": SEPTEMBER.isoformat(),  # windows open: its games may start
            "second_half_starts": FEBRUARY.isoformat(),
            "ruleset": "rpg-quidditch",
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    year = CupYear.objects.get(pk=made.json()["id"])
    fixture = year.fixtures.order_by("window_starts", "id").first()
    started = cup.client(cup.storyguide).post(
        f"/api/fixtures/{fixture.pk}/start/",
        {"teams": [roster(fixture.home), roster(fixture.away)]},
        format="json",
    )
    assert started.status_code == 201, started.json()
    game = Fixture.objects.get(pk=fixture.pk).game
    assert game.ruleset == "rpg-quidditch" and game.config["cup_game"] is True

    play_out(game, now=fixture.window_starts)

    fixture.refresh_from_db()
    game.refresh_from_db()
    result = fixture.result
    assert [team["points"] for team in result["teams"]] == [
        game.state["score"]["home"],
        game.state["score"]["away"],
    ]
    table = selectors.cup_standings(year)
    played = {row.house: row.played for row in table.rows}
    assert played[fixture.home.name] == played[fixture.away.name] == 1
    services.credit_due_points(now=fixture.credit_due_at)
    credited = HousePointEntry.objects.filter(
        source="match", source_key__startswith=f"cup-{year.pk}:"
    )
    goals = {team["house"]: team["goals"] for team in fixture.named_result["teams"]}
    for house in (fixture.home, fixture.away):
        goal_points = sum(
            e.amount for e in credited.filter(house=house, source_key__endswith=":goals")
        )
        assert goal_points == 10 * goals[house.name], "§8.3: ten a goal"
    assert not HousePointEntry.objects.filter(reason__startswith="quidditch:").exists(), (
        "the match's own margin is not credited in a cup"
    )


def test_a_cup_year_names_a_ruleset_that_plays_cups(cup):
    refused = cup.client(cup.storyguide).post(
        "/api/cup-years/",
        {
            "campaign": cup.campaign.pk,
            "name": "Dice cup",
            "slug": "dice-cup",
            "first_half_starts": SEPTEMBER.replace(year=2030).isoformat(),
            "second_half_starts": FEBRUARY.replace(year=2031).isoformat(),
            "ruleset": "dice-quidditch",
        },
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "ruleset": ["A cup is played by chat-quidditch / rpg-quidditch, not dice-quidditch."]
    }
