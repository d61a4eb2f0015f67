"""A module in the browser (issue 40): the preflight allows the headers the API documents
and the answers expose the ones a module reads; a storyguide allows their table's site for
their campaign, and a token used from any other site's page is refused for it; a stream
token lives as long as the token it came from, so an ``EventSource`` keeps reconnecting."""

import time
from types import SimpleNamespace
from unittest import mock

import pytest
from django.core import signing
from rest_framework.test import APIClient

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign.models import AllowedOrigin
from core.services import token_create, token_issue
from tests.support import Table, with_a_long_tally

pytestmark = pytest.mark.django_db

OPERATORS = "https://plugins.example"
FOUNDRY = "https://foundry.example:30000"
ELSEWHERE = "https://elsewhere.example"


@pytest.fixture(autouse=True)
def operators_origin(settings):
    settings.CORS_ALLOWED_ORIGINS = [OPERATORS]


@pytest.fixture
def table():
    table = Table()
    return with_a_long_tally(table)


def preflight(origin: str, headers: str) -> dict:
    response = APIClient().options(
        "/api/matches/1/commands/",
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS=headers,
    )
    return {key.lower(): value for key, value in response.headers.items()}


def test_the_preflight_allows_the_headers_the_api_documents():
    """Issue 40: "The preflight allows the headers the API documents (Idempotency-Key,
    Last-Event-ID, If-None-Match)" beside the defaults."""
    asked = "authorization, content-type, idempotency-key, last-event-id, if-none-match"
    answered = preflight(OPERATORS, asked)
    assert answered["access-control-allow-origin"] == OPERATORS
    allowed = {h.strip() for h in answered["access-control-allow-headers"].split(",")}
    assert {
        "authorization", "content-type", "idempotency-key", "last-event-id", "if-none-match"
    } <= allowed  # fmt: skip


def test_an_answer_exposes_retry_after_etag_and_the_rate_limit_headers():
    response = APIClient().get("/api/rulesets/", HTTP_ORIGIN=OPERATORS)
    exposed = {h.strip() for h in response.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"Retry-After", "ETag", "RateLimit", "RateLimit-Policy"} <= exposed


def test_a_site_no_campaign_allows_gets_no_cors_answer():
    assert "access-control-allow-origin" not in preflight(ELSEWHERE, "idempotency-key")


def test_a_storyguide_allows_their_tables_site_from_the_api(table):
    storyguide = APIClient()
    storyguide.credentials(HTTP_AUTHORIZATION=f"Token {token_create(table.storyguide)}")
    url = f"/api/campaigns/{table.campaign.pk}/origins/"
    made = storyguide.post(url, {"origin": "HTTPS://Foundry.example:30000/"}, format="json")
    assert made.status_code == 201
    assert made.json()["origin"] == FOUNDRY
    assert preflight(FOUNDRY, "idempotency-key")["access-control-allow-origin"] == FOUNDRY
    again = storyguide.post(url, {"origin": FOUNDRY}, format="json")
    assert again.status_code == 409
    path = storyguide.post(url, {"origin": "https://foundry.example/world"}, format="json")
    assert path.status_code == 400 and path.json()["code"] == "not_an_origin"
    gone = storyguide.delete(f"{url}{made.json()['id']}/")
    assert gone.status_code == 204
    assert "access-control-allow-origin" not in preflight(FOUNDRY, "idempotency-key")


def scoped_client(table, origin: str) -> APIClient:
    token = token_issue(
        table.player, name="Foundry", campaigns=[table.campaign.pk], plays=True, lifetime=None
    ).token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}", HTTP_ORIGIN=origin)
    return client


def test_a_token_from_a_site_its_campaign_allows_plays(table):
    AllowedOrigin.objects.create(campaign=table.campaign, origin=FOUNDRY)
    client = scoped_client(table, FOUNDRY)
    roll = {"command": {"action": "roll", "sides": 6, "count": 1}}
    answered = client.post(f"/api/matches/{table.game.pk}/commands/", roll, format="json")
    assert answered.status_code == 201
    assert answered.headers["Access-Control-Allow-Origin"] == FOUNDRY


def test_a_token_from_a_site_its_campaign_does_not_allow_is_refused(table):
    """Another campaign allows the site, so the browser may read the answer: a 403 that
    says which campaign refuses which site, and who can allow it."""
    AllowedOrigin.objects.create(campaign=table.other_campaign, origin=FOUNDRY)
    client = scoped_client(table, FOUNDRY)
    for response in (
        client.get(f"/api/campaigns/{table.campaign.pk}/"),
        client.get(f"/api/matches/{table.game.pk}/"),
    ):
        assert response.status_code == 403
        assert response.json()["code"] == "origin_not_allowed"
        assert response.json()["detail"] == (
            f"Campaign {table.campaign.pk} does not allow requests from pages of {FOUNDRY}; "
            "its storyguide can allow that address on the Plugins page."
        )


def test_the_operators_sites_and_the_site_itself_reach_every_campaign(table):
    for origin in (OPERATORS, "http://testserver"):
        response = scoped_client(table, origin).get(f"/api/campaigns/{table.campaign.pk}/")
        assert response.status_code == 200, origin


# --- stream tokens ------------------------------------------------------------------


def later(seconds: float):
    """The signing clock ``seconds`` ahead: a stream token then is that old."""
    moment = time.time() + seconds
    return mock.patch.object(signing, "time", SimpleNamespace(time=lambda: moment))


def test_a_stream_token_opens_streams_long_after_a_minute_while_its_token_lives(table):
    """Issue 40: the credential in a stream's URL "lives as long as the token it came from
    and ends when that token ... ends": ten minutes on (once 60 s), it opens the stream;
    once its token is revoked, it opens nothing."""
    token = token_create(table.player)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    granted = client.post("/api/auth/stream-token/").json()["stream_token"]
    stream = f"/api/matches/{table.game.pk}/stream/?stream_token={granted}"
    with later(600):
        assert APIClient().get(stream).status_code == 200
    assert client.post("/api/auth/token/revoke/").status_code == 204
    refused = APIClient().get(stream)
    assert refused.status_code == 401
    assert refused.json()["code"] == "not_authenticated"


def test_a_sessions_stream_token_lives_as_long_as_a_session(table, settings):
    client = APIClient()
    client.force_login(table.player)
    granted = client.post("/api/auth/stream-token/").json()
    assert granted["expires_in"] == settings.SESSION_COOKIE_AGE
    stream = f"/api/matches/{table.game.pk}/stream/?stream_token={granted['stream_token']}"
    with later(600):
        assert APIClient().get(stream).status_code == 200
    with later(settings.SESSION_COOKIE_AGE + 1):
        assert APIClient().get(stream).status_code == 401


def test_a_streams_429_says_when_to_retry(table, settings):
    settings.STREAMS_PER_USER = 0
    settings.STREAM_HEARTBEAT_SECONDS = 15
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(table.player)}")
    refused = client.get(f"/api/matches/{table.game.pk}/stream/")
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "45"
