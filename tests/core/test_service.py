"""The foundation: health, OpenAPI, token auth, CORS and the common error shape."""

import re
from unittest import mock

import pytest
from django.db import DatabaseError
from django.test import override_settings

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_health_reports_database_and_broker(api_client):
    response = api_client.get("/api/health/")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["broker"] in {"ok", "in-process"}


def test_health_is_503_when_the_database_is_unreachable(api_client):
    with mock.patch("core.views.connection.cursor", side_effect=DatabaseError("down")):
        response = api_client.get("/api/health/")
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "unavailable",
        "broker": mock.ANY,
    }


def test_schema_is_openapi_3(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/auth/token/" in schema["paths"]
    assert "/api/health/" in schema["paths"]


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_docs_pages_load_their_scripts_from_the_service_itself(client, path):
    """No CDN: every script and stylesheet the page names is a static file of ours that
    answers 200 (the browser test in tests/pages/ loads them with the network cut)."""
    page = client.get(path).content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page)
    assert assets, "the page names its scripts"
    for asset in assets:
        assert asset.startswith("/static/"), f"{asset} is not served by the service"
        assert b"".join(client.get(asset).streaming_content), asset


def test_token_login_then_use_then_revoke(api_client):
    user = UserFactory(username="plugin")
    response = api_client.post(
        "/api/auth/token/", {"username": "plugin", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert response.json()["user"]["username"] == user.username

    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.post("/api/auth/token/revoke/").status_code == 204
    response = api_client.post("/api/auth/token/revoke/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_tokens_are_stored_hashed(api_client):
    from knox.models import AuthToken

    UserFactory(username="bot")
    token = api_client.post(
        "/api/auth/token/", {"username": "bot", "password": PASSWORD}, format="json"
    ).json()["token"]
    from knox.crypto import hash_token

    stored = AuthToken.objects.get()
    assert stored.digest == hash_token(token)  # only a one-way hash is kept
    stored_row = str(AuthToken.objects.values().get())
    assert token not in stored_row


def test_revoke_all_ends_every_token(api_client):
    UserFactory(username="bot")
    tokens = [
        api_client.post(
            "/api/auth/token/", {"username": "bot", "password": PASSWORD}, format="json"
        ).json()["token"]
        for _ in range(2)
    ]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[0]}")
    assert api_client.post("/api/auth/token/revoke-all/").status_code == 204
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[1]}")
    assert api_client.post("/api/auth/token/revoke/").status_code == 401


def test_wrong_password_is_400_with_the_common_shape(api_client):
    UserFactory(username="plugin")
    response = api_client.post(
        "/api/auth/token/", {"username": "plugin", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "code": "authorization",
        "detail": "Unable to log in with provided credentials.",
    }


def test_malformed_json_is_400(api_client):
    response = api_client.post(
        "/api/auth/token/", data="{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert response.json()["detail"]


def test_wrong_content_type_is_415(api_client):
    response = api_client.post("/api/auth/token/", data="username=x", content_type="text/plain")
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


def test_wrong_field_type_is_400_naming_the_field(api_client):
    response = api_client.post(
        "/api/auth/token/", {"username": ["a", "list"], "password": {"x": 1}}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert set(body["errors"]) == {"username", "password"}


def test_unknown_api_url_is_json_404(api_client):
    response = api_client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"code": "not_found", "detail": "No such resource."}


@override_settings(DEBUG=False)
def test_unknown_api_url_is_json_404_without_debug(client):
    response = client.get("/api/still/nothing/here")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@override_settings(CORS_ALLOWED_ORIGINS=["https://vtt.example.org"])
def test_cors_allows_listed_origins_with_token_header(client):
    preflight = client.options(
        "/api/auth/token/",
        HTTP_ORIGIN="https://vtt.example.org",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type",
    )
    assert preflight["Access-Control-Allow-Origin"] == "https://vtt.example.org"
    assert "authorization" in preflight["Access-Control-Allow-Headers"].lower()

    other = client.get("/api/health/", HTTP_ORIGIN="https://evil.example.com")
    assert "Access-Control-Allow-Origin" not in other


def test_admin_login_page_answers(client):
    assert client.get("/admin/login/").status_code == 200


def test_the_schema_validates_without_warnings(tmp_path):
    from django.core.management import call_command

    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml")
    )
    assert (tmp_path / "schema.yml").read_text().startswith("openapi: 3")


def test_a_database_outage_is_503_with_retry_after(api_client):
    from django.db import OperationalError

    from tests.factories import UserFactory

    api_client.force_authenticate(UserFactory())
    with mock.patch("campaign.apis.selectors.campaigns_of", side_effect=OperationalError("down")):
        response = api_client.get("/api/campaigns/")
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert int(response["Retry-After"]) > 0
