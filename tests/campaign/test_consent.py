"""Nobody becomes a member, or a character's player, without consenting (issue 27, finding
4): naming a person makes an invitation addressed to them, which they alone accept or
decline; an import invites the people it names. The answer never tells whether a name
has an account (docs/rules/campaign.md, "Members")."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from campaign.invitations import invitation_address
from campaign.models import Campaign, Character, Invitation, Membership, Role
from campaign.rules.sheet import SheetRules
from campaign.transfer import campaign_export
from tests.factories import PASSWORD, UserFactory
from tests.support import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return Table()


def invite(table, username, role="spectator", user=None):
    return table.client(user or table.storyguide).post(
        f"/api/campaigns/{table.campaign.pk}/members/",
        {"username": username, "role": role},
        format="json",
    )


def members(campaign) -> set[str]:
    return set(campaign.memberships.values_list("user__username", flat=True))


def test_naming_a_person_invites_them_and_makes_nobody_a_member(table):
    before = members(table.campaign)
    response = invite(table, table.outsider.username)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["addressed_to"], body["role"], body["state"]) == (
        table.outsider.username,
        "spectator",
        "open",
    )
    assert members(table.campaign) == before


def test_the_answer_is_the_same_whether_the_name_has_an_account_or_not(table):
    """A storyguide cannot learn which usernames exist: same status, same fields, and
    nothing but the name (and the invitation's own id, code and time) differs."""
    real = invite(table, table.outsider.username)
    ghost = invite(table, "nobody-has-this-name")
    assert real.status_code == ghost.status_code == 201
    own = {"id", "code", "link", "addressed_to", "created_at"}
    first, second = real.json(), ghost.json()
    assert set(first) == set(second)
    assert {k: v for k, v in first.items() if k not in own} == {
        k: v for k, v in second.items() if k not in own
    }
    assert "exist" not in ghost.content.decode()


def test_only_the_person_named_sees_and_accepts_it(table):
    code = invite(table, table.outsider.username, role="storyguide").json()["code"]
    mine = table.client(table.outsider).get("/api/invitations/mine/").json()
    assert [(i["code"], i["campaign_name"], i["role"]) for i in mine] == [
        (code, table.campaign.name, "storyguide")
    ]
    assert table.client(table.player).get("/api/invitations/mine/").json() == []
    stranger = UserFactory()
    refused = table.client(stranger).post(f"/api/invitations/{code}/accept/")
    assert (refused.status_code, refused.json()["code"]) == (403, "addressed_to_someone_else")
    assert not Membership.objects.filter(user=stranger).exists()
    accepted = table.client(table.outsider).post(f"/api/invitations/{code}/accept/")
    assert accepted.status_code == 201, accepted.json()
    assert Membership.objects.get(campaign=table.campaign, user=table.outsider).role == (
        Role.STORYGUIDE
    )
    assert table.client(table.outsider).get("/api/invitations/mine/").json() == []


def test_the_person_named_may_decline_and_nobody_else(table):
    code = invite(table, table.outsider.username).json()["code"]
    assert table.client(table.storyguide).post(f"/api/invitations/{code}/decline/").status_code == (
        403
    )
    declined = table.client(table.outsider).post(f"/api/invitations/{code}/decline/")
    assert declined.status_code == 200
    assert table.client(table.outsider).get("/api/invitations/mine/").json() == []
    late = table.client(table.outsider).post(f"/api/invitations/{code}/accept/")
    assert (late.status_code, late.json()["code"]) == (410, "invitation_declined")
    listed = table.client(table.storyguide).get(f"/api/invitations/?campaign={table.campaign.pk}")
    assert [i["state"] for i in listed.json()["results"]] == ["declined"]


def test_naming_a_member_says_to_change_their_role_instead(table):
    response = invite(table, table.player.username, role="spectator")
    assert (response.status_code, response.json()["code"]) == (409, "already_member")
    assert "/api/memberships/" in response.json()["detail"]
    assert Membership.objects.get(campaign=table.campaign, user=table.player).role == Role.PLAYER


def test_naming_a_person_again_replaces_the_open_invitation(table):
    first = invite(table, table.outsider.username, role="spectator").json()["code"]
    second = invite(table, table.outsider.username, role="player").json()["code"]
    mine = table.client(table.outsider).get("/api/invitations/mine/").json()
    assert [(i["code"], i["role"]) for i in mine] == [(second, "player")]
    assert table.client(table.outsider).post(f"/api/invitations/{first}/accept/").status_code == (
        410
    )


def test_only_a_storyguide_invites_by_name(table):
    assert invite(table, table.outsider.username, user=table.player).status_code == 403
    assert not Invitation.objects.exists()


@pytest.fixture
def played(table):
    """Our campaign with Harry, played by our player, exported."""
    attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
    Character.objects.create(
        campaign=table.campaign, name="Harry", player=table.player, attributes=attributes
    )
    document = campaign_export(table.campaign)
    document["campaign"]["slug"] = "copy"
    document["members"].append({"username": "nobody-has-this-name", "role": "player"})
    return document


def test_an_import_invites_the_people_it_names_and_gives_nobody_a_character(table, played):
    importer = UserFactory()
    response = table.client(importer).post("/api/campaigns/import/", played, format="json")
    assert response.status_code == 201, response.json()
    copy = Campaign.objects.get(slug="copy")
    assert members(copy) == {importer.username}
    harry = copy.characters.get(name="Harry")
    assert harry.player is None
    invited = {
        (i.addressed_to, i.role, i.character.name if i.character else None)
        for i in copy.invitations.all()
    }
    assert invited == {
        (table.storyguide.username, "storyguide", None),
        (table.player.username, "player", "Harry"),
        (table.other_player.username, "player", None),
        (table.spectator.username, "spectator", None),
        ("nobody-has-this-name", "player", None),
    }
    (code,) = [i["code"] for i in table.client(table.player).get("/api/invitations/mine/").json()]
    assert table.client(table.player).post(f"/api/invitations/{code}/accept/").status_code == 201
    harry.refresh_from_db()
    assert harry.player == table.player
    assert Membership.objects.get(campaign=copy, user=table.player).role == Role.PLAYER


def test_an_operator_restoring_a_backup_puts_the_members_back(table, played, tmp_path):
    import json

    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(played))
    call_command("import_campaign", str(path), "--restore-members")
    copy = Campaign.objects.get(slug="copy")
    assert members(copy) == members(table.campaign)
    assert copy.characters.get(name="Harry").player == table.player
    assert not copy.invitations.exists()


def test_my_campaigns_page_shows_my_invitations_to_accept_or_decline(table):
    invitation_address(
        campaign=table.campaign,
        username=table.outsider.username,
        role=Role.PLAYER,
        created_by=table.storyguide,
        now=timezone.now(),
    )
    browser = Client()
    assert browser.login(username=table.outsider.username, password=PASSWORD)
    page = browser.get("/me/").content.decode()
    assert "Invitations for you" in page and table.campaign.name in page
    invitation = Invitation.objects.get(addressed_to=table.outsider.username)
    accept = f'action="/join/{invitation.code}/"'
    assert accept in page and f'action="/join/{invitation.code}/decline/"' in page
    answer = browser.post(f"/join/{invitation.code}/")
    assert answer.status_code == 302 and answer["Location"] == "/me/"
    assert Membership.objects.filter(campaign=table.campaign, user=table.outsider).exists()
    assert "Invitations for you" not in browser.get("/me/").content.decode()
