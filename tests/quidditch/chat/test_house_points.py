"""§8.3 outside the cup (issue 38, "Games that count"): a match between two houses of the
campaign credits each house its team's points of the match (10 a goal, 50 the snitch, 100
the win, §7) at its end, attributed to the team's characters for Popularity; a cup game,
a friendly game and a team written out by name credit nobody here."""

import pytest
from django.utils import timezone

from campaign.demo import seed_characters
from campaign.models import HousePointEntry
from games.bots import EVERY_SEAT
from games.campaign_app import campaign_app
from games.models import Game
from games.ruleset import find_ruleset
from games.services import game_create
from quidditch.chat.manifest import MANIFEST
from tests.support import Table

pytestmark = pytest.mark.django_db

RULES = find_ruleset("chat-quidditch")


def played(table, django_capture_on_commit_callbacks, **config_and_options) -> Game:
    """A match between the campaign's first two houses, bots everywhere, to its end."""
    options = {k: config_and_options.pop(k) for k in ("friendly",) if k in config_and_options}
    roster = campaign_app().roster(table.campaign.pk)
    config = {**MANIFEST.cast.starting_config(MANIFEST.contract.example, roster), "rounds": 2}
    with django_capture_on_commit_callbacks(execute=True):
        game = game_create(
            campaign=table.campaign,
            ruleset="chat-quidditch",
            config={**config, "half_time_after": 1, **config_and_options},
            seats={},
            bots={EVERY_SEAT: "sensible"},
            created_by=table.storyguide,
            now=timezone.now(),
            **options,
        )
    game.refresh_from_db()
    assert game.status == "finished"
    return game


@pytest.fixture
def table():
    table = Table()
    seed_characters(table.campaign)
    return table


def test_8_3_each_house_is_credited_its_teams_points_at_the_end(
    table, django_capture_on_commit_callbacks
):
    game = played(table, django_capture_on_commit_callbacks)
    result = RULES.result(game.state)
    entries = HousePointEntry.objects.filter(game=game).order_by("id")
    expected = [(team["house"], team["points"]) for team in result["teams"] if team["points"]]
    assert [(e.house.name, e.amount) for e in entries] == expected
    assert all(e.credit_at == game.finished_at for e in entries), "at the end, not later"
    for scored, team in zip(result["teams"], game.config["teams"], strict=True):
        if scored["points"]:
            entry = entries.get(house__name=scored["house"])
            fielded = {player["character"] for player in team["players"]}
            assert {c.pk for c in entry.attributed_to.all()} == fielded, "for Popularity"


@pytest.mark.parametrize("outside", [{"cup_game": True}, {"friendly": True}])
def test_8_3_a_cup_game_or_a_friendly_game_credits_nothing_here(
    table, django_capture_on_commit_callbacks, outside
):
    game = played(table, django_capture_on_commit_callbacks, **outside)
    assert not HousePointEntry.objects.filter(campaign=table.campaign).exists(), game.config


def test_8_3_teams_written_out_by_name_credit_nobody(table, django_capture_on_commit_callbacks):
    teams = MANIFEST.contract.example["teams"]
    game = played(table, django_capture_on_commit_callbacks, teams=teams)
    assert game.config["teams"][0]["house"] == "Gryffindor"
    assert not HousePointEntry.objects.filter(campaign=table.campaign).exists()
