"""The cup's future on the cup year (issue 33): computed by a task when a result is published,
stored, served from the stored figures (GET /api/cup-years/{id}/projections/ and the cup
year page), pushed on the cup year's stream. §8.1, §8.2, §8.3."""

import math

import pytest

from campaign.models import Activity, House
from games.ruleset import Ruleset
from league import selectors, services, tasks
from league.activity_kinds import CupNews
from league.cups import cup_rulesets
from league.models import Projection
from tests.league.conftest import SEPTEMBER
from tests.league.test_pages import record, settle, year_url
from tests.league.test_services import play

pytestmark = pytest.mark.django_db

SEASONS = 500


def projections_changed(cup):
    return Activity.objects.filter(
        campaign=cup.campaign, kind=CupNews.PROJECTIONS_CHANGED, data__cup_year=cup.cup.pk
    )


def test_publishing_a_result_computes_the_projections_once_and_tells_the_stream(
    cup, django_capture_on_commit_callbacks
):
    """§8.3: a finished cup game's result is published; once that commits, the task
    computes the year's projections, stores them and says so on the activity line."""
    first = cup.cup.fixtures.order_by("window_starts", "id").first()
    with django_capture_on_commit_callbacks(execute=True):
        play(cup, first)
    stored = Projection.objects.get(cup_year=cup.cup)
    assert (stored.games_played, stored.games_remaining) == (1, 11)
    assert stored.seasons == services.SEASONS
    news = projections_changed(cup).get()
    assert news.data == {
        "cup_year": cup.cup.pk,
        "name": cup.cup.name,
        "projection": stored.pk,
        "seed": stored.seed,
        "games_played": 1,
    }

    assert tasks.project_cup_year(cup.cup.pk) == stored.pk, "nothing new: nothing computed"
    assert Projection.objects.filter(cup_year=cup.cup).count() == 1
    assert projections_changed(cup).count() == 1


def test_the_projections_are_served_from_the_stored_figures_until_computed_again(cup, client):
    """§8.2: a result written without its task leaves the stored figures as they were."""
    settle(cup)
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    fixture.result = None
    fixture.save()
    stored = services.cup_year_project(cup_year=cup.cup, now=SEPTEMBER, seasons=SEASONS)
    assert stored.games_played == 11
    record(fixture, 4, 1)  # published, its task not run yet
    answer = client.get(f"/api/cup-years/{cup.cup.pk}/projections/").json()
    assert (answer["games_played"], answer["seed"]) == (11, stored.seed)
    again = services.cup_year_project(cup_year=cup.cup, now=SEPTEMBER, seasons=SEASONS)
    assert again.pk != stored.pk and again.seed != stored.seed
    assert client.get(f"/api/cup-years/{cup.cup.pk}/projections/").json()["games_played"] == 12


def test_8_2_anyone_reads_the_marks_with_their_reasons_and_the_odds_with_their_seed(cup, client):
    """Every game played, G ahead of H, R and S on points: G and H play the cup final,
    R and S for third place, whatever the finals bring."""
    settle(cup)
    answer = client.get(f"/api/cup-years/{cup.cup.pk}/projections/")
    assert answer.status_code == 200
    body = answer.json()
    stored = selectors.latest_projection(cup.cup)
    assert (body["seed"], body["seasons"], body["cup_year"]) == (
        stored.seed,
        services.SEASONS,
        cup.cup.pk,
    )
    assert (body["games_played"], body["games_remaining"]) == (12, 0)
    houses = {house["house"]: house for house in body["houses"]}
    assert list(houses) == ["Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin"]
    assert houses["Gryffindor"]["marks"] == [
        {
            "target": "cup_final",
            "status": "clinched",
            "tiebreak": None,
            "sentence": "Gryffindor are in the cup final whatever happens.",
        },
        {
            "target": "third_place_final",
            "status": "eliminated",
            "tiebreak": None,
            "sentence": "Gryffindor can no longer reach the third-place final.",
        },
    ]
    assert houses["Ravenclaw"]["marks"][0]["sentence"] == (
        "Ravenclaw can no longer finish in the top two."
    )
    for house in houses.values():
        assert math.isclose(sum(house["places"]), 1.0)
        assert math.isclose(sum(house["house_points_places"]), 1.0)
    assert sum(houses["Gryffindor"]["places"][:2]) == 1.0
    assert houses["Ravenclaw"]["cup"] == 0.0 and houses["Slytherin"]["cup"] == 0.0
    assert math.isclose(houses["Gryffindor"]["cup"] + houses["Hufflepuff"]["cup"], 1.0)
    assert houses["Gryffindor"]["expected_points"] == 6 * 140  # 4 goals and the win, 6 times
    assert body["model"]["games"] == 12


def test_a_renamed_house_keeps_its_figures_under_its_new_name(cup, client):
    """§8.1: houses are kept by id; the figures follow a house renamed in mid-season."""
    settle(cup)
    before = client.get(f"/api/cup-years/{cup.cup.pk}/projections/").json()
    lions = cup.campaign.houses.get(name="Gryffindor")
    lions.name = "Lions"
    lions.save()
    after = client.get(f"/api/cup-years/{cup.cup.pk}/projections/").json()
    assert after["seed"] == before["seed"]
    first = after["houses"][0]
    assert (first["house"], first["house_id"]) == ("Lions", lions.pk)
    assert first["cup"] == before["houses"][0]["cup"]
    assert first["marks"][0]["sentence"] == "Lions are in the cup final whatever happens."


def test_a_house_founded_after_the_projections_shows_without_figures_until_they_are_new(
    cup, client
):
    """§8.1: a new house plays no game of this year; the stored figures do not name it."""
    settle(cup)
    services.cup_year_project(cup_year=cup.cup, now=SEPTEMBER, seasons=SEASONS)
    House.objects.create(campaign=cup.campaign, name="Durmstrang", initial="D", colour="brown")
    assert client.get(year_url(cup)).status_code == 200
    answer = client.get(f"/api/cup-years/{cup.cup.pk}/projections/").json()
    assert "Durmstrang" not in [house["house"] for house in answer["houses"]]


def test_the_cup_year_page_shows_the_marks_beside_the_houses_and_the_odds(cup, client):
    """§8.2: the marks stand under their houses in the cup table; the odds follow."""
    settle(cup)
    html = client.get(year_url(cup)).content.decode()
    standings = html[html.index('<table id="standings">') : html.index("</table>")]
    assert "Gryffindor are in the cup final whatever happens." in standings
    assert "Slytherin can no longer finish in the top two." in standings
    assert '<table id="odds">' in html
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="odds"' in html
    seed = selectors.latest_projection(cup.cup).seed
    assert f"seed {seed}" in html


def test_cup_rulesets_take_part_in_the_league_protocol_and_the_platform_knows_no_cups():
    """Issue 31: the base Ruleset has no league hooks; the league finds the rulesets that
    implement its protocol (cup_config, cup_result, cup_score_bounds)."""
    assert cup_rulesets() == ["chat-quidditch", "rpg-quidditch"]
    for hook in ("plays_cups", "cup_config", "cup_result", "cup_score_bounds"):
        assert not hasattr(Ruleset, hook)


def test_before_any_place_is_certain_the_page_says_no_mark_yet_and_names_both_points(
    cup, client, django_capture_on_commit_callbacks
):
    """Issue 38: the page promised marks beside the houses while none stood there, and
    showed cup points beside house points with no word on which is which. After one game
    of twelve no place is certain (§8.2): the page says so, and names and explains both."""
    first = cup.cup.fixtures.order_by("window_starts", "id").first()
    with django_capture_on_commit_callbacks(execute=True):
        play(cup, first)
    html = client.get(year_url(cup)).content.decode()
    assert 'class="mark ' not in html
    assert "Marks beside the houses are proofs" not in html
    assert (
        "No house's place is certain yet: a mark appears beside a house once the 11 games "
        "still to play cannot change it (§8.2)." in html
    )
    standings = html[html.index('<table id="standings">') : html.index("</table>")]
    assert '<th class="n" scope="col">Cup points</th>' in standings
    assert "Cup points are won in this cup's games and decide the cup (§8.2)." in html


def test_once_a_place_is_certain_the_marks_are_told_as_proofs(cup, client):
    settle(cup)
    html = client.get(year_url(cup)).content.decode()
    assert "Marks beside the houses are proofs" in html
    assert "No house's place is certain yet" not in html
