"""The dashboard's skirmishes (the one game admin), and the demo."""

import pytest
from django.utils import timezone

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign import demo as campaign_demo
from campaign.models import Campaign
from games.models import Game, GameStatus
from games.selectors import game_verify
from games.services import game_create
from skirmish import demo as skirmish_demo

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    storyguide = campaign_demo.seed()
    return storyguide, skirmish_demo.seed(storyguide)


def dashboard(client, storyguide, path):
    client.force_login(storyguide)
    return client.get(f"/admin/games/game/{path}")


def test_the_demo_skirmish_is_finished_and_its_log_verifies(demo):
    _, game = demo
    assert game.status == GameStatus.FINISHED and game.state["round"] == 2
    report = game_verify(game)
    assert report.ok and report.seed_revealed and report.rolls_checked == game.next_nonce > 0
    kinds = {item["type"] for event in game.events.all() for item in event.events}
    assert {"delayed", "re_entering", "action", "health_changed", "skirmish_ended"} <= kinds


def test_seeding_the_demo_again_changes_nothing(demo):
    storyguide, game = demo
    assert skirmish_demo.seed(storyguide) == game
    assert Game.objects.filter(kind="skirmish").count() == 1
    assert Game.objects.get(pk=game.pk).version == game.version


def test_the_dashboard_filters_games_by_kind(client, demo):
    storyguide, game = demo
    game_create(
        campaign=Campaign.objects.get(slug=campaign_demo.DEMO_CAMPAIGN_SLUG),
        ruleset="tally",
        config={},
        title="A tally, not a skirmish",
        created_by=storyguide,
        now=timezone.now(),
    )
    response = dashboard(client, storyguide, "?kind__exact=skirmish")
    assert response.status_code == 200
    page = response.content.decode()
    assert game.title in page and "A tally, not a skirmish" not in page


def test_another_campaigns_skirmish_is_not_on_the_dashboard(client, demo, table):
    storyguide, _ = demo
    elsewhere = table.create_here()
    assert dashboard(client, storyguide, f"{elsewhere.pk}/change/").status_code == 302
