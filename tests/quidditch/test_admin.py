"""The dashboard's matches: matches only, each linking to the referee's page with a state panel."""

import pytest
from django.test import Client
from django.utils import timezone

from campaign.demo import storyguide_group
from quidditch.models import Match
from skirmish.services import skirmish_create

# The referee's page must be reachable for the link (see test_pages.urlpatterns).
pytestmark = pytest.mark.django_db

ADMIN = "/admin/quidditch/match"


def dashboard(user, path: str):
    user.is_staff = True
    user.save()
    user.groups.add(storyguide_group())
    client = Client()
    client.force_login(user)
    return client.get(f"{ADMIN}/{path}")


def test_the_change_page_links_to_the_referees_page_and_shows_score_round_possession(
    seated_table,
):
    game = seated_table.play(seated_table.create_match(), 60, seed=1)
    state = game.state

    response = dashboard(seated_table.storyguide, f"{game.pk}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    panel = html[html.index('id="match-state"') : html.index("Verification")]
    assert f'<a href="/matches/{game.pk}/">' in panel
    assert f"Round {state['round']} of {state['last_round']}" in panel
    possession = state["teams"][state["possession"]]["house"]
    assert f"Quaffle: {possession}" in panel
    for team, goals, points in zip(state["teams"], state["goals"], state["score"], strict=True):
        assert f"<td>{team['house']}</td><td>{goals}</td><td>{points}</td>" in panel
    assert "The log verifies" in html


def test_the_dashboard_lists_matches_only_each_with_its_page(seated_table):
    match = seated_table.create_match()
    skirmish = skirmish_create(
        campaign=seated_table.campaign,
        participants=[{"name": "Peeves", "attributes": {"Dexterity": 6}, "health": 3}],
        created_by=seated_table.storyguide,
        now=timezone.now(),
        title="Peeves in the corridor",
    )
    assert list(Match.objects.all()) == [Match.objects.get(pk=match["id"])]

    html = dashboard(seated_table.storyguide, "").content.decode()

    assert match["title"] in html and skirmish.title not in html
    assert f'<a href="/matches/{match["id"]}/">view</a>' in html


def test_another_campaigns_match_is_not_on_the_dashboard(seated_table):
    match = seated_table.create_match()
    response = dashboard(seated_table.outsider, f"{match['id']}/change/")
    assert response.status_code == 302
