"""Issue 31, "who may, in the services": every permission decision of the campaign is the
service's (or the selector's) own, as in ``games``.

Each service a person asks for takes them as ``by``: someone outside the campaign sees
404 (``NotFound``), a member without the role 403 (``Forbidden``), whoever calls it
(the API, the dashboard, a script). The views parse, call and serialize; the dashboard's
forms write through the same services; and no view, form or admin of the campaign and
the league writes a row or refuses with DRF's ``PermissionDenied`` itself (the scan at
the end, which grows with the code).
"""

from __future__ import annotations

import ast
from pathlib import Path
from unittest import mock

import pytest
from django.utils import timezone

from campaign import invitations, selectors, services
from campaign.forms import group_line
from campaign.models import Character, HousePointEntry, Invitation, Membership, Role
from core.errors import Forbidden, NotFound
from tests.factories import MembershipFactory, UserFactory
from tests.support import Table, dashboard_client

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def table(db):
    table = Table()
    table.harry = services.character_save(
        character=Character(campaign=table.campaign),
        name="Harry",
        house=table.house("Gryffindor"),
        player=table.player,
        attributes={name: 5 for name in table.campaign.sheet_rules.attributes},
    )
    return table


def entry_of(table) -> HousePointEntry:
    return services.house_points_award(
        house=table.house(), amount=5, reason="tidy", awarded_by=None, now=timezone.now()
    )


def invitation_of(table) -> Invitation:
    return invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )


#: Each storyguide-only service, asked by ``by`` of the table ``t``.
STORYGUIDE_ONLY = {
    "campaign_update": lambda t, by: services.campaign_update(
        campaign=t.campaign, name="Renamed", by=by
    ),
    "campaign_rename": lambda t, by: services.campaign_rename(
        campaign=t.campaign, name="Renamed", slug="renamed", by=by
    ),
    "campaign_set_rules": lambda t, by: services.campaign_set_rules(
        campaign=t.campaign, rules={}, by=by
    ),
    "membership_set": lambda t, by: services.membership_set(
        campaign=t.campaign, user=UserFactory(), role=Role.PLAYER, by=by
    ),
    "membership_remove": lambda t, by: services.membership_remove(
        membership=Membership.objects.get(campaign=t.campaign, user=t.other_player), by=by
    ),
    "house_create": lambda t, by: services.house_create(
        campaign=t.campaign, name="Durmstrang", initial="D", by=by
    ),
    "house_update": lambda t, by: services.house_update(house=t.house(), name="Lions", by=by),
    "house_points_award": lambda t, by: services.house_points_award(
        house=t.house(), amount=5, reason="r", awarded_by=by, now=timezone.now(), by=by
    ),
    "house_points_reverse": lambda t, by: services.house_points_reverse(
        entry=entry_of(t), reason="r", reversed_by=by, now=timezone.now(), by=by
    ),
    "popularity_adjust": lambda t, by: services.popularity_adjust(
        character=t.harry, amount=1, reason="r", adjusted_by=by, now=timezone.now(), by=by
    ),
    "character_delete": lambda t, by: services.character_delete(character=t.harry, by=by),
    "invitation_create": lambda t, by: invitations.invitation_create(
        campaign=t.campaign, created_by=by, now=timezone.now(), by=by
    ),
    "invitation_address": lambda t, by: invitations.invitation_address(
        campaign=t.campaign,
        username="newcomer",
        role=Role.PLAYER,
        created_by=by,
        now=timezone.now(),
        by=by,
    ),
    "invitation_revoke": lambda t, by: invitations.invitation_revoke(
        invitation=invitation_of(t), now=timezone.now(), by=by
    ),
    "export (selector)": lambda t, by: selectors.run_by_storyguide(t.campaign, by=by),
}


@pytest.mark.parametrize("name", STORYGUIDE_ONLY)
@pytest.mark.parametrize("member", ["player", "spectator"])
def test_a_member_without_the_role_is_forbidden_by_the_service(table, name, member):
    with pytest.raises(Forbidden) as refused:
        STORYGUIDE_ONLY[name](table, getattr(table, member))
    assert refused.value.detail == "Only the campaign's storyguide may do this."


@pytest.mark.parametrize("name", STORYGUIDE_ONLY)
def test_someone_outside_the_campaign_finds_nothing(table, name):
    with pytest.raises(NotFound):
        STORYGUIDE_ONLY[name](table, table.outsider)


@pytest.mark.parametrize("name", STORYGUIDE_ONLY)
def test_the_storyguide_may(table, name):
    STORYGUIDE_ONLY[name](table, table.storyguide)


@pytest.mark.parametrize("name", ["house_create", "membership_set", "campaign_rename"])
def test_a_superuser_runs_every_campaign_as_on_the_dashboard(table, name):
    STORYGUIDE_ONLY[name](table, UserFactory(is_superuser=True))


def test_a_refused_write_leaves_nothing(table):
    houses, ledger = table.campaign.houses.count(), HousePointEntry.objects.count()
    for by in (table.player, table.outsider):
        with pytest.raises((Forbidden, NotFound)):
            STORYGUIDE_ONLY["house_create"](table, by)
        with pytest.raises((Forbidden, NotFound)):
            STORYGUIDE_ONLY["house_points_award"](table, by)
    assert (table.campaign.houses.count(), HousePointEntry.objects.count()) == (houses, ledger)


def new_character(table, by, **fields):
    return services.character_save(
        character=Character(),
        campaign=table.campaign,
        name="Neville",
        attributes={name: 4 for name in table.campaign.sheet_rules.attributes},
        by=by,
        **fields,
    )


class TestCharacters:
    def test_a_player_creates_their_own(self, table):
        neville = new_character(table, table.player)
        assert neville.player == table.player

    def test_a_spectator_creates_none_and_an_outsider_finds_no_campaign(self, table):
        with pytest.raises(Forbidden) as refused:
            new_character(table, table.spectator)
        assert refused.value.detail == "Only the storyguide and players create characters."
        with pytest.raises(NotFound):
            new_character(table, table.outsider)

    def test_the_storyguide_creates_one_for_anyone(self, table):
        assert new_character(table, table.storyguide, player=table.other_player).player == (
            table.other_player
        )

    def test_its_player_and_the_storyguide_change_it_nobody_else(self, table):
        services.character_save(character=table.harry, year=4, by=table.player)
        services.character_save(character=table.harry, year=5, by=table.storyguide)
        for member in (table.other_player, table.spectator):
            with pytest.raises(Forbidden):
                services.character_save(character=table.harry, year=6, by=member)
        with pytest.raises(NotFound):
            services.character_save(character=table.harry, year=6, by=table.outsider)
        table.harry.refresh_from_db()
        assert table.harry.year == 5

    def test_its_player_checks_it_another_player_may_not(self, table):
        check = {"character": table.harry, "attribute": "Wits", "now": timezone.now()}
        services.character_check(user=table.player, by=table.player, **check)
        with pytest.raises(Forbidden):
            services.character_check(user=table.other_player, by=table.other_player, **check)
        with pytest.raises(NotFound):
            services.character_check(user=table.outsider, by=table.outsider, **check)

    def test_its_player_may_not_delete_it(self, table):
        with pytest.raises(Forbidden):
            services.character_delete(character=table.harry, by=table.player)
        assert Character.objects.filter(pk=table.harry.pk).exists()


def test_the_service_itself_is_by_none(table):
    """The demo, an import, a task: no person asks, nothing is refused."""
    services.house_create(campaign=table.campaign, name="Durmstrang", initial="D")
    services.campaign_rename(campaign=table.campaign, name="Plain", slug="plain")


def test_the_api_answers_what_the_service_decides(table):
    """The view no longer decides: the service's refusal is the answer, 403 and 404."""
    body = {"campaign": table.campaign.pk, "name": "Durmstrang", "initial": "D", "colour": "black"}
    player = table.client(table.player).post("/api/houses/", body, format="json")
    outsider = table.client(table.outsider).post("/api/houses/", body, format="json")
    assert player.status_code == 403
    assert player.json()["detail"] == "Only the campaign's storyguide may do this."
    assert outsider.status_code == 404


def test_the_api_passes_the_caller_to_the_service(table):
    with mock.patch.object(services, "house_create", wraps=services.house_create) as spy:
        response = table.client(table.storyguide).post(
            "/api/houses/",
            {
                "campaign": table.campaign.pk,
                "name": "Durmstrang",
                "initial": "D",
                "colour": "black",
            },
            format="json",
        )
    assert response.status_code == 201
    assert spy.call_args.kwargs["by"] == table.storyguide


@pytest.fixture
def dashboard(table):
    return dashboard_client(table.storyguide)


def campaign_form(campaign, **changes) -> dict:
    rules = campaign.sheet_rules
    groups = "\n".join(group_line(group) for group in rules.attribute_groups)
    return {
        "name": campaign.name,
        "slug": campaign.slug,
        "die_size": rules.die_size,
        "lowest": rules.attribute_range[0],
        "highest": rules.attribute_range[1],
        "attribute_groups": groups,
        "classes": "\n".join(rules.classes),
        "house_points_per_popularity": rules.house_points_per_popularity,
        "memberships-TOTAL_FORMS": 0,
        "memberships-INITIAL_FORMS": 0,
        "memberships-MIN_NUM_FORMS": 0,
        "memberships-MAX_NUM_FORMS": 1000,
        **changes,
    }


def test_renaming_a_campaign_in_the_dashboard_goes_through_campaign_rename(table, dashboard):
    with mock.patch.object(services, "campaign_rename", wraps=services.campaign_rename) as spy:
        response = dashboard.post(
            f"/admin/campaign/campaign/{table.campaign.pk}/change/",
            campaign_form(table.campaign, name="Hogwarts 1996", slug="hogwarts-1996"),
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert spy.call_count == 2  # asked when the form is cleaned (rolled back), then written
    assert spy.call_args.kwargs | {"campaign": None} == {
        "campaign": None,
        "name": "Hogwarts 1996",
        "slug": "hogwarts-1996",
        "by": table.storyguide,
    }
    table.campaign.refresh_from_db()
    assert (table.campaign.name, table.campaign.slug) == ("Hogwarts 1996", "hogwarts-1996")


def test_the_dashboards_member_changes_are_asked_as_the_storyguide(table, dashboard):
    newcomer = UserFactory(username="luna")
    body = campaign_form(
        table.campaign,
        **{
            "memberships-TOTAL_FORMS": 1,
            "memberships-0-id": "",
            "memberships-0-campaign": table.campaign.pk,
            "memberships-0-user": "luna",
            "memberships-0-role": Role.SPECTATOR,
        },
    )
    with mock.patch.object(services, "membership_set", wraps=services.membership_set) as spy:
        response = dashboard.post(f"/admin/campaign/campaign/{table.campaign.pk}/change/", body)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert spy.call_args.kwargs["by"] == table.storyguide
    assert table.campaign.memberships.get(user=newcomer).role == Role.SPECTATOR


def test_a_storyguide_who_is_a_player_elsewhere_is_refused_there_by_the_service(table):
    """The dashboard offers a storyguide only their campaigns; were a form to name another
    (a stale page, a forged post), the service refuses it, not the form."""
    MembershipFactory(campaign=table.other_campaign, user=table.storyguide, role=Role.PLAYER)
    with pytest.raises(Forbidden):
        services.campaign_rename(
            campaign=table.other_campaign, name="Mine", slug="mine", by=table.storyguide
        )


# The scan: views, forms and admins parse, call and serialize; they write nothing and
# refuse nothing themselves.

WRITERS = {"save", "delete", "update", "create", "bulk_create", "get_or_create"}
WRITERS |= {"update_or_create", "bulk_update"}
SCANNED = [
    "campaign/apis.py",
    "campaign/forms.py",
    "campaign/admin.py",
    "league/apis.py",
    "league/admin.py",
]
DECIDING_IN_VIEWS = {"role_in", "require_role", "PermissionDenied"}


def direct_writes(path: str) -> list[str]:
    tree = ast.parse((ROOT / path).read_text())
    found = []
    for node in ast.walk(tree):
        call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        if call and node.func.attr in WRITERS:
            found.append(f"{path}:{node.lineno} .{node.func.attr}(")
        names = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [alias.asname or alias.name for alias in node.names]
        found += [f"{path}:{node.lineno} {name}" for name in names if name == "PermissionDenied"]
    return found


@pytest.mark.parametrize("path", SCANNED)
def test_no_view_form_or_admin_writes_or_refuses_itself(path):
    assert direct_writes(path) == []


@pytest.mark.parametrize("path", ["campaign/apis.py", "league/apis.py"])
def test_no_view_reads_a_role_to_decide(path):
    tree = ast.parse((ROOT / path).read_text())
    named = {
        node.id if isinstance(node, ast.Name) else node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Name | ast.Attribute)
    }
    assert named & (DECIDING_IN_VIEWS | {"Role", "CampaignRolePermission"}) == set()


def test_the_scan_finds_what_it_looks_for(tmp_path, monkeypatch):
    """The scan is not vacuous: a view that saves or refuses itself is found."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from rest_framework.exceptions import PermissionDenied\n"
        "def view(obj):\n    obj.save(update_fields=['name'])\n    X.objects.create(a=1)\n"
    )
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert len(direct_writes("bad.py")) == 3


@pytest.mark.parametrize("path", ["webhooks/", "members/", "export/"])
def test_a_campaign_id_beyond_any_key_is_nobodys_campaign_not_a_failure(table, path):
    """The services ask the database who may; an id no row can have names no campaign:
    404, as for any campaign not among the caller's (the fuzzer found a 500)."""
    answer = table.client(table.storyguide).get(f"/api/campaigns/{10**30}/{path}")
    assert answer.status_code == 404, answer.content
