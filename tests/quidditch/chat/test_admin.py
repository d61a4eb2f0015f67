"""The dashboard's games: a Chat-Quidditch match has no admin class of its own (the
platform's one game admin shows it); its table is on the game's page (test_pages)."""

import pytest
from django.utils import timezone

from skirmish.services import skirmish_create
from tests.support import dashboard_client

pytestmark = pytest.mark.django_db

ADMIN = "/admin/games/game"


def dashboard(user, path: str):
    return dashboard_client(user).get(f"{ADMIN}/{path}")


def test_the_change_page_shows_a_match_and_that_its_log_verifies(seated_table):
    game = seated_table.play(seated_table.create_match(), 60, seed=1)

    response = dashboard(seated_table.storyguide, f"{game.pk}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    assert game.title in html
    assert "The log verifies" in html


def test_the_dashboard_lists_games_of_every_ruleset_each_with_its_page(seated_table):
    match = seated_table.create_match()
    skirmish = skirmish_create(
        campaign=seated_table.campaign,
        participants=[{"name": "Peeves", "attributes": {"Dexterity": 6}, "health": 3}],
        created_by=seated_table.storyguide,
        now=timezone.now(),
        title="Peeves in the corridor",
    )

    html = dashboard(seated_table.storyguide, "").content.decode()

    assert match["title"] in html and skirmish.title in html
    assert f'<a href="/matches/{match["id"]}/">view</a>' in html
    assert f'<a href="/skirmishes/{skirmish.pk}/">view</a>' in html


def test_another_campaigns_match_is_not_on_the_dashboard(seated_table):
    match = seated_table.create_match()
    response = dashboard(seated_table.outsider, f"{match['id']}/change/")
    assert response.status_code == 302
