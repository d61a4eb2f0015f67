"""Issue 31, "who may, in the services": the house cup's permission decisions are its
services' own, and no default ruleset names a game.

The cup is public (anyone reads its table and fixtures), so a service refuses anyone
but a storyguide of the campaign (or, for a fixture, the referee of its game) with
``Forbidden``: an outsider is refused as a member without the role is, not answered 404
(``tests/api/test_authorization_matrix.py``).
"""

from __future__ import annotations

import ast
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
from django.test import override_settings
from django.utils import timezone

from core.errors import Forbidden
from games.ruleset import ruleset_names
from league import services
from league.cups import cup_rulesets, default_cup_ruleset
from league.models import CupYear, Offence
from tests.factories import UserFactory
from tests.league.conftest import FEBRUARY, SEPTEMBER
from tests.support import dashboard_client

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ONLY_A_STORYGUIDE = "Only a storyguide of the campaign may do this."
ONLY_THE_REFEREE = "Only the referee or a storyguide of the campaign may do this."


def first_fixture(cup):
    return cup.cup.fixtures.order_by("window_starts", "id").first()


#: Each cup service a person asks for, by ``by``, with the refusal it answers.
CUP_WRITES = {
    "cup_year_create": (
        lambda cup, by: services.cup_year_create(
            campaign=cup.campaign,
            name="Next",
            slug="next",
            first_half_starts=SEPTEMBER + timedelta(days=365),
            second_half_starts=FEBRUARY + timedelta(days=365),
            by=by,
        ),
        ONLY_A_STORYGUIDE,
    ),
    "cup_year_rename": (
        lambda cup, by: services.cup_year_rename(cup_year=cup.cup, name="Renamed", by=by),
        ONLY_A_STORYGUIDE,
    ),
    "cup_draw_lots": (
        lambda cup, by: services.cup_draw_lots(cup_year=cup.cup, now=timezone.now(), by=by),
        ONLY_A_STORYGUIDE,
    ),
    "cup_schedule_finals": (
        lambda cup, by: services.cup_schedule_finals(cup_year=cup.cup, by=by),
        ONLY_A_STORYGUIDE,
    ),
    "fixture_set_date": (
        lambda cup, by: services.fixture_set_date(
            fixture=first_fixture(cup),
            date=first_fixture(cup).window_starts + timedelta(days=10),
            now=first_fixture(cup).window_starts,
            by=by,
        ),
        ONLY_THE_REFEREE,
    ),
    "fixture_postpone": (
        lambda cup, by: services.fixture_postpone(fixture=first_fixture(cup), reason="r", by=by),
        ONLY_THE_REFEREE,
    ),
    "fixture_abandon": (
        lambda cup, by: services.fixture_abandon(
            fixture=first_fixture(cup), reason="r", now=timezone.now(), by=by
        ),
        ONLY_THE_REFEREE,
    ),
    "fixture_start": (
        lambda cup, by: services.fixture_start(
            fixture=first_fixture(cup),
            rosters=cup.rosters(first_fixture(cup)),
            settings={},
            created_by=by,
            now=first_fixture(cup).window_starts + timedelta(days=1),
            by=by,
        ),
        ONLY_THE_REFEREE,
    ),
    "fraud_record": (
        lambda cup, by: services.fraud_record(
            fixture=first_fixture(cup),
            character=first_fixture(cup).home.characters.first(),
            offence=Offence.DICE_FRAUD,
            recorded_by=by,
            now=timezone.now(),
            by=by,
        ),
        ONLY_THE_REFEREE,
    ),
}


@pytest.mark.parametrize("name", CUP_WRITES)
@pytest.mark.parametrize("who", ["player", "spectator", "outsider"])
def test_only_a_storyguide_or_the_referee_may_and_the_service_says_so(cup, name, who):
    write, refusal = CUP_WRITES[name]
    fixtures = list(cup.cup.fixtures.values_list("pk", "status", "date"))
    with pytest.raises(Forbidden) as refused:
        write(cup, getattr(cup, who))
    assert refused.value.detail == refusal
    assert list(cup.cup.fixtures.values_list("pk", "status", "date")) == fixtures


@pytest.mark.parametrize(
    "name", ["cup_year_create", "cup_year_rename", "fixture_set_date", "fixture_start"]
)
def test_the_storyguide_may(cup, name):
    CUP_WRITES[name][0](cup, cup.storyguide)


def test_the_referee_of_a_cup_game_may_act_on_its_fixture(cup):
    fixture = services.fixture_start(
        fixture=first_fixture(cup),
        rosters=cup.rosters(first_fixture(cup)),
        settings={},
        created_by=cup.storyguide,
        now=first_fixture(cup).window_starts + timedelta(days=1),
    )
    referee = UserFactory()
    fixture.game.referee = referee
    fixture.game.save(update_fields=["referee"])
    character = fixture.home.characters.first()
    services.fraud_record(
        fixture=fixture,
        character=character,
        offence=Offence.DICE_FRAUD,
        recorded_by=referee,
        now=timezone.now(),
        by=referee,
    )


def test_the_api_answers_the_services_refusal_from_the_one_error_family(cup):
    fixture = first_fixture(cup)
    response = cup.client(cup.player).post(
        f"/api/fixtures/{fixture.pk}/postpone/", {"reason": "rain"}, format="json"
    )
    assert response.status_code == 403
    assert response.json() == {"code": "permission_denied", "detail": ONLY_THE_REFEREE}


@pytest.fixture
def dashboard(cup):
    return dashboard_client(cup.storyguide)


def test_renaming_a_cup_year_in_the_dashboard_goes_through_its_service(cup, dashboard):
    with mock.patch.object(services, "cup_year_rename", wraps=services.cup_year_rename) as spy:
        response = dashboard.post(f"/admin/league/cupyear/{cup.cup.pk}/change/", {"name": "1996"})
    assert response.status_code == 302
    assert spy.call_count == 2  # asked when the form is cleaned (rolled back), then written
    assert spy.call_args.kwargs["by"] == cup.storyguide
    assert CupYear.objects.get(pk=cup.cup.pk).name == "1996"


def test_the_dashboards_fixture_writes_are_asked_as_the_storyguide(cup, dashboard):
    fixture = first_fixture(cup)
    with mock.patch.object(services, "fixture_postpone", wraps=services.fixture_postpone) as spy:
        dashboard.post(f"/admin/league/fixture/{fixture.pk}/change/", {"postpone_because": "flu"})
    assert spy.call_args.kwargs["by"] == cup.storyguide


# No default ruleset names a game.


def test_a_cup_year_that_names_no_ruleset_takes_the_first_cup_game_of_the_list(cup):
    made = services.cup_year_create(
        campaign=cup.campaign,
        name="Next",
        first_half_starts=SEPTEMBER + timedelta(days=365),
        second_half_starts=FEBRUARY + timedelta(days=365),
    )
    assert made.ruleset == default_cup_ruleset() == "chat-quidditch"
    assert CupYear().ruleset == default_cup_ruleset()  # the model's default is the same


def test_the_default_follows_the_list_of_games_not_a_name(settings):
    games = list(settings.GAMES)
    games.remove("quidditch.rpg")
    with override_settings(GAMES=["quidditch.rpg", *games]):
        assert default_cup_ruleset() == "rpg-quidditch"
    with override_settings(GAMES=[g for g in games if g != "quidditch.chat"]):
        assert default_cup_ruleset() in cup_rulesets()


def test_the_model_field_defaults_to_the_registry_and_says_so():
    field = CupYear._meta.get_field("ruleset")
    assert field.default is default_cup_ruleset
    assert "plays cups" in str(field.help_text)


def test_the_api_takes_the_default_and_documents_it(cup):
    response = cup.client(cup.storyguide).post(
        "/api/cup-years/",
        {
            "campaign": cup.campaign.pk,
            "name": "Later",
            "first_half_starts": "2030-09-01T00:00:00Z",
            "second_half_starts": "2031-02-01T00:00:00Z",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["ruleset"] == default_cup_ruleset()
    schema = cup.client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    field = schema["components"]["schemas"]["CupYear"]["properties"]["ruleset"]
    assert "plays cups" in field["description"]


@pytest.mark.parametrize(
    "path", ["league/models.py", "league/apis.py", "league/services.py", "league/admin.py"]
)
def test_no_league_module_names_a_game_as_a_default(path):
    tree = ast.parse((ROOT / path).read_text())
    names = set(ruleset_names())
    named = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
    ]
    assert named == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Das darf nur der Schiedsrichter oder eine Spielleitung der Kampagne."),
        ("fr", "Seul l'arbitre ou un meneur de jeu de la campagne peut faire cela."),
    ],
)
def test_the_cups_refusals_are_said_in_the_callers_language(cup, language, said):
    """The cup's refusals are in the catalogues as every other app's are (issue 29, "Three
    languages"): a German or French caller reads them in their language."""
    fixture = first_fixture(cup)
    response = cup.client(cup.player).post(
        f"/api/fixtures/{fixture.pk}/postpone/?lang={language}", {"reason": "rain"}, format="json"
    )
    assert response.status_code == 403
    assert response.json() == {"code": "permission_denied", "detail": said}


def test_a_refusal_with_values_fills_them_in_in_the_detail_and_on_the_field(cup):
    """§8.1: a cup is played by a ruleset that plays cups; the refusal names them, on the
    field at fault too, in the caller's language."""
    response = cup.client(cup.storyguide).post(
        "/api/cup-years/?lang=de",
        {
            "campaign": cup.campaign.pk,
            "name": "Pokal 1996/97",
            "first_half_starts": "2026-09-01T00:00:00Z",
            "second_half_starts": "2027-01-01T00:00:00Z",
            "ruleset": "card-quidditch",
        },
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["detail"].startswith("Ein Pokal wird nach ")
    assert body["detail"].endswith(", nicht nach card-quidditch.")
    assert body["errors"] == {"ruleset": [body["detail"]]}
