"""Joining a campaign by invitation (issue 18, "Joining"): make, hand out, accept, sign up,
revoke, leave; each refusal says why."""

from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from campaign.invitations import ALPHABET
from campaign.models import Character, Invitation, Membership, Role
from core.throttling import InvitationRateThrottle
from tests.support import Table

pytestmark = pytest.mark.django_db

STRONG = "Hippogriff-Feather-77"


@pytest.fixture
def table():
    return Table()


@pytest.fixture
def neville(table):
    return Character.objects.create(
        campaign=table.campaign, name="Neville", house=table.house(), attributes={}
    )


def invite(table, **body) -> dict:
    response = table.client(table.storyguide).post(
        "/api/invitations/", {"campaign": table.campaign.pk, **body}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def test_an_invitation_has_a_short_grouped_code_and_a_link_to_its_page(table):
    made = invite(table)
    code = made["code"]
    assert len(code) == 14 and code[4] == code[9] == "-"
    assert set(code.replace("-", "")) <= set(ALPHABET)
    assert made["link"] == f"http://testserver/join/{code}/"
    assert (made["role"], made["max_uses"], made["uses"], made["state"]) == ("player", 1, 0, "open")
    assert invite(table)["code"] != code


def test_anyone_holding_the_code_reads_what_it_offers_typed_loosely(table, neville):
    code = invite(table, character=neville.pk)["code"]
    typed = code.lower().replace("-", " ").replace("1", "l").replace("0", "o")
    response = table.client().get(f"/api/invitations/{typed}/")
    assert response.status_code == 200
    assert response.json() == {
        "campaign": "Test campaign",
        "role": "player",
        "character": "Neville",
        "allow_signup": True,
        "state": "open",
        "expires_at": None,
    }


def test_accepting_makes_you_a_member_with_its_role_and_its_character_yours(
    table, neville, user_factory
):
    newcomer = user_factory()
    code = invite(table, character=neville.pk)["code"]
    response = table.client(newcomer).post(f"/api/invitations/{code}/accept/")
    assert response.status_code == 201
    assert response.json()["membership"]["role"] == "player"
    assert response.json()["character"] == neville.pk
    assert Membership.objects.get(campaign=table.campaign, user=newcomer).role == Role.PLAYER
    neville.refresh_from_db()
    assert neville.player == newcomer


def test_a_spectator_invitation_for_many_people(table, user_factory):
    code = invite(table, role="spectator", max_uses=None)["code"]
    for _ in range(3):
        response = table.client(user_factory()).post(f"/api/invitations/{code}/accept/")
        assert response.status_code == 201
        assert response.json()["membership"]["role"] == "spectator"
    assert Invitation.objects.get().uses == 3


@pytest.mark.parametrize(
    ("change", "code", "says"),
    [
        ({"uses": 1}, "invitation_used_up", "This invitation has already been used."),
        (
            {"revoked_at": timezone.now()},
            "invitation_revoked",
            "The storyguide has withdrawn this invitation.",
        ),
        ({"expires_at": timezone.now()}, "invitation_expired", "This invitation expired on"),
    ],
)
def test_a_used_up_revoked_or_expired_invitation_says_so_with_410(
    table, user_factory, change, code, says
):
    typed = invite(table)["code"]
    Invitation.objects.update(**change)
    response = table.client(user_factory()).post(f"/api/invitations/{typed}/accept/")
    assert response.status_code == 410
    assert response.json()["code"] == code
    assert response.json()["detail"].startswith(says)
    assert table.client().get(f"/api/invitations/{typed}/").json()["state"] == code.removeprefix(
        "invitation_"
    )


def test_an_unknown_code_is_a_404_that_says_what_to_do(table, user_factory):
    response = table.client(user_factory()).post("/api/invitations/ZZZZ-ZZZZ-ZZZZ/accept/")
    assert response.status_code == 404
    assert response.json()["detail"] == (
        "No invitation has this code; check it with whoever gave it to you."
    )


def test_a_member_accepting_again_is_told_they_already_are(table):
    code = invite(table, role="spectator")["code"]
    response = table.client(table.player).post(f"/api/invitations/{code}/accept/")
    assert response.status_code == 409
    assert response.json()["detail"] == "You are already a member of Test campaign (player)."
    assert Invitation.objects.get().uses == 0


def test_sign_up_creates_the_account_joins_and_answers_a_working_token(table, neville):
    code = invite(table, character=neville.pk)["code"]
    response = table.client().post(
        f"/api/invitations/{code}/sign-up/",
        {"username": "longbottom", "password": STRONG, "email": "n@example.org"},
        format="json",
    )
    assert response.status_code == 201
    token = response.json()["token"]
    user = get_user_model().objects.get(username="longbottom")
    assert user.check_password(STRONG) and user.email == "n@example.org"
    neville.refresh_from_db()
    assert neville.player == user
    me = table.client()
    me.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert me.get(f"/api/campaigns/{table.campaign.pk}/").status_code == 200


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"username": "longbottom", "password": "123"}, "password", "This password is too short."),
        (
            {"username": "longbottom", "password": "password1"},
            "password",
            "This password is too common.",
        ),
        ({"username": "bad name!", "password": STRONG}, "username", "Enter a valid username."),
        ({"username": "TAKEN", "password": STRONG}, "username", "That username is taken;"),
    ],
)
def test_a_sign_up_refused_by_djangos_validators_writes_nothing(
    table, user_factory, body, field, message
):
    user_factory(username="taken")
    code = invite(table)["code"]
    users = get_user_model().objects.count()
    response = table.client().post(f"/api/invitations/{code}/sign-up/", body, format="json")
    assert response.status_code == 400
    assert any(text.startswith(message) for text in response.json()["errors"][field])
    assert get_user_model().objects.count() == users
    assert Invitation.objects.get().uses == 0


def test_an_invitation_for_existing_accounts_refuses_a_sign_up(table):
    code = invite(table, allow_signup=False)["code"]
    response = table.client().post(
        f"/api/invitations/{code}/sign-up/",
        {"username": "longbottom", "password": STRONG},
        format="json",
    )
    assert response.status_code == 403
    assert response.json()["code"] == "signup_not_allowed"
    assert not get_user_model().objects.filter(username="longbottom").exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"role": "storyguide"}, "role"),
        ({"role": "spectator", "character": "NEVILLE"}, "character"),
        ({"character": "NEVILLE", "max_uses": 3}, "max_uses"),
        ({"max_uses": 0}, "max_uses"),
        ({"expires_at": "2000-01-01T00:00:00Z"}, "expires_at"),
    ],
)
def test_an_invitation_that_could_not_work_is_refused_when_made(table, neville, body, field):
    body = {k: neville.pk if v == "NEVILLE" else v for k, v in body.items()}
    response = table.client(table.storyguide).post(
        "/api/invitations/", {"campaign": table.campaign.pk, **body}, format="json"
    )
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not Invitation.objects.exists()


def test_the_storyguide_lists_and_revokes_and_the_members_stay(table, user_factory):
    code = invite(table, role="spectator", max_uses=None)["code"]
    joined = user_factory()
    table.client(joined).post(f"/api/invitations/{code}/accept/")
    storyguide = table.client(table.storyguide)
    listed = storyguide.get(f"/api/invitations/?campaign={table.campaign.pk}").json()["results"]
    assert [(i["code"], i["uses"], i["state"]) for i in listed] == [(code, 1, "open")]
    revoked = storyguide.post(f"/api/invitations/{code}/revoke/")
    assert revoked.status_code == 200 and revoked.json()["state"] == "revoked"
    assert Membership.objects.filter(campaign=table.campaign, user=joined).exists()
    assert table.client(table.player).get("/api/invitations/").json()["results"] == []


def test_guessing_codes_is_rate_limited_per_address(table, user_factory):
    guesser = table.client(user_factory())
    with mock.patch.object(InvitationRateThrottle, "THROTTLE_RATES", {"invitations": "3/min"}):
        answers = [guesser.post(f"/api/invitations/AAAA-AAAA-AAA{i}/accept/") for i in range(3)] + [
            table.client().get("/api/invitations/AAAA-AAAA-AAA9/")
        ]
    assert [a.status_code for a in answers] == [404, 404, 404, 429]


def test_a_member_leaves_and_their_character_stays_without_a_player(table, neville):
    neville.player = table.player
    neville.save()
    response = table.client(table.player).post(f"/api/campaigns/{table.campaign.pk}/leave/")
    assert response.status_code == 204
    assert not Membership.objects.filter(campaign=table.campaign, user=table.player).exists()
    neville.refresh_from_db()
    assert neville.player is None and neville.campaign == table.campaign


def test_the_last_storyguide_cannot_leave(table):
    response = table.client(table.storyguide).post(f"/api/campaigns/{table.campaign.pk}/leave/")
    assert response.status_code == 422
    assert response.json()["detail"] == "A campaign needs at least one storyguide."
