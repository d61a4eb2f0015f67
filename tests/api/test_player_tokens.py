"""Tokens a player makes (issue 40, "Tokens a player makes"): named, limited to campaigns
and to reading or playing, with an expiry; listed without the secret; revoked one by
one; and the scope held on every path (reads, commands, streams, webhooks)."""

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from knox.models import AuthToken
from rest_framework.test import APIClient

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign.models import Role
from core.models import TokenScope
from core.services import token_create
from tests.api.world import PUBLIC_HOOK
from tests.factories import MembershipFactory
from tests.support import Table, with_a_long_tally

pytestmark = pytest.mark.django_db


@contextmanager
def freeze_time(moment: str):
    """Django's clock (knox's expiry, the services') stopped at ``moment``."""
    stopped = datetime.fromisoformat(moment).astimezone(UTC)
    with mock.patch("django.utils.timezone.now", lambda: stopped):
        yield


@pytest.fixture
def table():
    """The storyguide runs the table's campaign and plays in another one."""
    table = Table()
    MembershipFactory(campaign=table.other_campaign, user=table.storyguide, role=Role.PLAYER)
    return with_a_long_tally(table)


def client_with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def password_client(user) -> APIClient:
    return client_with(token_create(user))


def make_token(table, *, access="play", campaigns=None, days=30) -> dict:
    body = {
        "name": "Foundry world",
        "campaigns": campaigns or [table.campaign.pk],
        "access": access,
        "expires_in_days": days,
    }
    response = password_client(table.storyguide).post("/api/auth/tokens/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_player_makes_a_named_scoped_token_and_sees_it_once(table):
    made = make_token(table, access="read", days=7)
    assert made["name"] == "Foundry world"
    assert made["campaigns"] == [table.campaign.pk]
    assert made["access"] == "read"
    assert made["token"].startswith("sg_")
    listed = password_client(table.storyguide).get("/api/auth/tokens/").json()
    mine = [t for t in listed if t["id"] == made["id"]]
    assert len(mine) == 1
    assert "token" not in mine[0]
    assert mine[0]["last_used_at"] is None
    assert set(mine[0]) == {
        "id", "name", "created", "expiry", "last_used_at", "campaigns", "access"
    }  # fmt: skip


def test_the_expiry_is_the_days_chosen(table):
    with freeze_time("2030-01-01T12:00:00Z"):
        made = make_token(table, days=7)
    assert made["expiry"].startswith("2030-01-08T12:00:00")


def test_an_expired_token_is_refused(table):
    with freeze_time("2030-01-01T12:00:00Z"):
        made = make_token(table, days=1)
    with freeze_time("2030-01-02T12:00:01Z"):
        response = client_with(made["token"]).get(f"/api/campaigns/{table.campaign.pk}/")
    assert response.status_code == 401


def test_a_token_for_a_campaign_not_yours_is_refused(table):
    body = {"name": "x", "campaigns": [table.other_campaign.pk + 1000], "access": "read"}
    response = password_client(table.storyguide).post("/api/auth/tokens/", body, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["campaigns"]


def test_last_use_is_noted(table):
    made = make_token(table)
    client_with(made["token"]).get(f"/api/campaigns/{table.campaign.pk}/")
    assert TokenScope.objects.get(pk=made["id"]).last_used_at is not None


def test_revoking_one_token_leaves_the_others(table):
    first, second = make_token(table), make_token(table)
    owner = password_client(table.storyguide)
    assert owner.delete(f"/api/auth/tokens/{first['id']}/").status_code == 204
    campaign = f"/api/campaigns/{table.campaign.pk}/"
    assert client_with(first["token"]).get(campaign).status_code == 401
    assert client_with(second["token"]).get(campaign).status_code == 200
    assert owner.delete(f"/api/auth/tokens/{first['id']}/").status_code == 404


def test_someone_elses_token_cannot_be_revoked(table):
    made = make_token(table)
    response = password_client(table.player).delete(f"/api/auth/tokens/{made['id']}/")
    assert response.status_code == 404
    assert AuthToken.objects.filter(scope__pk=made["id"]).exists()


def test_a_limited_token_manages_no_tokens(table):
    """A token limited to campaigns could otherwise make itself a wider one: 403."""
    limited = client_with(make_token(table)["token"])
    body = {"name": "wider", "campaigns": [table.other_campaign.pk], "access": "play"}
    for response in (
        limited.get("/api/auth/tokens/"),
        limited.post("/api/auth/tokens/", body, format="json"),
        limited.post("/api/auth/token/revoke-all/"),
    ):
        assert response.status_code == 403
        assert response.json()["code"] == "limited_token"


def test_a_password_made_token_keeps_full_scope(table):
    client = password_client(table.storyguide)
    assert client.get(f"/api/campaigns/{table.other_campaign.pk}/").status_code == 200
    listed = client.get("/api/auth/tokens/").json()
    assert [(t["name"], t["campaigns"], t["access"]) for t in listed] == [("", None, "play")]


# --- the scope on every path ----------------------------------------------------------------


def paths(table):
    """(what, method, path, body) of each kind of path a token takes."""
    roll = {"command": {"action": "roll", "sides": 6, "count": 1}}
    hook = {"url": PUBLIC_HOOK, "event_types": ["game_event"]}
    theirs, ours, game = table.other_campaign.pk, table.campaign.pk, table.game.pk
    return {
        "read of another campaign": ("get", f"/api/campaigns/{theirs}/", None),
        "read of its campaign": ("get", f"/api/campaigns/{ours}/", None),
        "list of campaigns": ("get", "/api/campaigns/", None),
        "command": ("post", f"/api/matches/{game}/commands/", roll),
        "stream of another campaign": ("get", f"/api/campaigns/{theirs}/stream/", None),
        "stream of its game": ("get", f"/api/matches/{game}/stream/", None),
        "webhooks of its campaign": ("post", f"/api/campaigns/{ours}/webhooks/", hook),
        "webhooks of another campaign": ("get", f"/api/campaigns/{theirs}/webhooks/", None),
        "stream token": ("post", "/api/auth/stream-token/", None),
    }


#: The status each path answers to a token limited to the table's campaign that plays,
#: and to one that only reads. Another campaign is not there (404, as for a stranger;
#: the storyguide plays in it); a reading token sends no command or change (403).
SCOPES = {
    "read of another campaign": (404, 404),
    "read of its campaign": (200, 200),
    "list of campaigns": (200, 200),
    "command": (201, 403),
    "stream of another campaign": (404, 404),
    "stream of its game": (200, 200),
    "webhooks of its campaign": (201, 403),
    "webhooks of another campaign": (404, 404),
    "stream token": (201, 201),
}


@pytest.mark.parametrize("access", ["play", "read"])
def test_a_tokens_scope_holds_on_every_path(table, access):
    token = make_token(table, access=access)["token"]
    statuses = {}
    for what, (method, path, body) in paths(table).items():
        response = getattr(client_with(token), method)(path, body, format="json")
        statuses[what] = response.status_code
        if response.status_code == 403:
            assert response.json()["code"] == "read_only_token"
            assert "only read" in response.json()["detail"]
    column = 0 if access == "play" else 1
    assert statuses == {what: expected[column] for what, expected in SCOPES.items()}


def test_the_list_of_campaigns_holds_only_the_tokens(table):
    token = make_token(table, access="read")["token"]
    listed = client_with(token).get("/api/campaigns/").json()
    assert [c["id"] for c in listed["results"]] == [table.campaign.pk]


def test_a_stream_token_made_from_a_scoped_token_carries_its_scope(table):
    token = make_token(table, access="read")["token"]
    granted = client_with(token).post("/api/auth/stream-token/").json()["stream_token"]
    reader = APIClient()
    theirs = reader.get(f"/api/campaigns/{table.other_campaign.pk}/stream/?stream_token={granted}")
    assert theirs.status_code == 404
    ours = reader.get(f"/api/campaigns/{table.campaign.pk}/stream/?stream_token={granted}")
    assert ours.status_code == 200


def test_a_reading_token_may_revoke_itself(table):
    made = make_token(table, access="read")
    assert client_with(made["token"]).post("/api/auth/token/revoke/").status_code == 204
    assert not TokenScope.objects.filter(pk=made["id"]).exists()


def test_the_expiry_of_a_stream_token_is_its_tokens(table):
    with freeze_time("2030-01-01T12:00:00Z"):
        token = make_token(table, days=2)["token"]
        answered = client_with(token).post("/api/auth/stream-token/").json()
    assert answered["expires_in"] == int(timedelta(days=2).total_seconds())
