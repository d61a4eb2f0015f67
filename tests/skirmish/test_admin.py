"""The dashboard's skirmishes (the one game admin, drawing the skirmish's board), and the demo."""

import re

import pytest
from django.utils import timezone

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign import demo as campaign_demo
from campaign.models import Campaign
from games.models import Game, GameStatus
from games.selectors import game_verify
from games.services import game_create
from skirmish import demo as skirmish_demo
from skirmish.rules.board import initiative_order

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


def test_the_change_page_shows_the_initiative_order(client, demo):
    storyguide, game = demo
    response = dashboard(client, storyguide, f"{game.pk}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Initiative order" in page and "The log verifies" in page
    table = page[page.index('id="initiative-order"') :]
    names = [game.state["participants"][key]["name"] for key in game.state["order"]]
    shown = [table.index(f"{name} <code>") for name in names]
    assert shown == sorted(shown), "the rows follow the order"
    first = game.state["order"][0]
    total = game.state["initiative"][first]["total"]
    assert re.search(rf"<td>1</td>\s*<td>[^<]*{names[0]}.*?</td>\s*<td>{total}", table, re.S)


def test_another_campaigns_skirmish_is_not_on_the_dashboard(client, demo, table):
    storyguide, _ = demo
    elsewhere = table.create_here()
    assert dashboard(client, storyguide, f"{elsewhere.pk}/change/").status_code == 302


def test_the_order_panel_marks_turn_dodgers_and_delayers(table):
    """Ch.7 ¶8 (who may still dodge), ¶9 (who is delaying), ¶6 (the initiator waits)."""
    state = {
        "participants": {key: {"name": key.upper(), "health": 5} for key in "abc"},
        "order": ["b", "a", "c"],
        "initiative": {"a": {"total": 12, "roll_offs": []}},
        "initiator": "c",
        "turn": "a",
        "yet_to_act": ["b", "a"],
        "delaying": ["b"],
        "re_entering": ["b"],
    }
    rows = initiative_order(state)
    assert [(row["place"], row["key"]) for row in rows] == [(1, "b"), (2, "a"), (3, "c")]
    assert [row["now"] for row in rows] == [
        "yet to act: may dodge; delaying; re-enters next",
        "their turn; yet to act: may dodge",
        "",
    ]
    assert rows[2]["initiator"] and rows[1]["turn"]
