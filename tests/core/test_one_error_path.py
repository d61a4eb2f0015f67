"""One error path (issue 31): every error the service answers, streams and pages included, is
a member of ``core.errors``, rendered by ``core.responses.answer`` from the same fields, as
JSON for the API and as a page for the pages; nothing is defined that is never raised."""

import html
import json
import re
from pathlib import Path
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client, RequestFactory
from rest_framework import exceptions

from core import errors
from core.errors import AppError, ServerFault, TooManyStreams
from core.responses import FROM_DRF, answer, app_error, error_body
from core.throttling import InvitationRateThrottle
from core.views import bad_request, csrf_failure, forbidden, internal_error
from tests.factories import UserFactory
from tests.support import Table

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
UNKNOWN_CODE = "ZZZZ-ZZZZ-ZZZZ"
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def family() -> list[type[AppError]]:
    found, todo = [], [AppError]
    while todo:
        for subclass in todo.pop().__subclasses__():
            todo.append(subclass)
            if subclass.__module__ == errors.__name__:
                found.append(subclass)
    return found


def project_source() -> str:
    """The project's own code: every module but ``core.errors`` itself and the tests."""
    return "\n".join(
        path.read_text()
        for path in ROOT.rglob("*.py")
        if not {".venv", "tests", "node_modules"} & set(path.relative_to(ROOT).parts)
        and path != ROOT / "core" / "errors.py"
    )


def page_of(response) -> dict:
    """The status, code and detail an error page shows."""
    page = response.content.decode()
    code = re.search(r'data-code="([^"]*)"', page).group(1)
    detail = re.search(r'<p class="error">(.*?)</p>', page, re.S).group(1)
    return {"status": response.status_code, "code": code, "detail": html.unescape(detail)}


def json_of(response) -> dict:
    body = json.loads(response.content)
    return {"status": response.status_code, "code": body["code"], "detail": body["detail"]}


# --- nothing is defined that is never raised ----------------------------------------------


def test_the_family_is_every_error_the_http_layer_answers():
    assert {member.__name__ for member in family()} >= {
        "Unauthenticated",
        "CsrfRefused",
        "NotFound",
        "TooManyRequests",
        "TooManyStreams",
        "ServerFault",
        "Unavailable",
    }


@pytest.mark.parametrize("member", family(), ids=lambda member: member.__name__)
def test_every_member_of_the_family_is_raised_somewhere(member):
    """Constructed by name in the project's code (``raise NotFound(...)``, ``return
    Gone(...)``), or what one of DRF's own exceptions is answered as (``FROM_DRF``)."""
    name = re.escape(member.__name__)
    constructed = re.compile(rf"(?<![\w.]){name}\(|\berrors\.{name}\(|\bstreams\.{name}\(")
    assert constructed.search(project_source()) or member in FROM_DRF.values(), (
        f"{member.__name__} is defined in core.errors and never raised: raise it or delete it"
    )


@pytest.mark.parametrize(
    "raised",
    [
        exceptions.ParseError(),
        exceptions.AuthenticationFailed(),
        exceptions.NotAuthenticated(),
        exceptions.PermissionDenied(),
        exceptions.NotFound(),
        exceptions.MethodNotAllowed("PATCH"),
        exceptions.NotAcceptable(),
        exceptions.UnsupportedMediaType("text/plain"),
        exceptions.Throttled(wait=7),
    ],
    ids=lambda raised: type(raised).__name__,
)
def test_each_of_drfs_exceptions_is_answered_as_a_member_with_its_status_and_code(raised):
    error = app_error(raised)
    assert isinstance(error, FROM_DRF[type(raised)])
    assert (error.status, error.code) == (raised.status_code, raised.get_codes())


def test_every_mapped_drf_exception_is_tested_above():
    assert set(FROM_DRF) == {
        exceptions.ParseError,
        exceptions.AuthenticationFailed,
        exceptions.NotAuthenticated,
        exceptions.PermissionDenied,
        exceptions.NotFound,
        exceptions.MethodNotAllowed,
        exceptions.NotAcceptable,
        exceptions.UnsupportedMediaType,
        exceptions.Throttled,
    }


# --- the same refusal to an API client and to a page reader -----------------------------------


def test_an_unknown_invitation_code_is_the_same_refusal_for_the_api_and_the_page():
    api = Client().get(f"/api/invitations/{UNKNOWN_CODE}/", **GERMAN)
    page = Client().get(f"/join/{UNKNOWN_CODE}/", **GERMAN)
    assert api["Content-Type"].startswith("application/json")
    assert page["Content-Type"].startswith("text/html")
    assert json_of(api) == page_of(page)
    assert json_of(api)["status"] == 404 and json_of(api)["code"] == "not_found"
    assert "Einladung" in json_of(api)["detail"]  # in German, as the reader asked


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_missing_page_and_a_missing_endpoint_say_the_same_in_the_readers_language(language):
    api = Client().get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE=language)
    page = Client().get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    assert json_of(api) == page_of(page)
    assert json_of(api)["detail"] != "No such resource."


def test_too_many_tries_is_the_same_refusal_for_the_api_and_the_page():
    with mock.patch.object(InvitationRateThrottle, "THROTTLE_RATES", {"invitations": "1/min"}):
        Client().get(f"/join/{UNKNOWN_CODE}/")
        page = Client().get(f"/join/{UNKNOWN_CODE}/", **GERMAN)
        api = Client().get(f"/api/invitations/{UNKNOWN_CODE}/", **GERMAN)
    assert page_of(page)["status"] == json_of(api)["status"] == 429
    assert page_of(page)["code"] == json_of(api)["code"] == "throttled"
    assert page["Retry-After"] and api["Retry-After"]
    assert "Versuche" in page_of(page)["detail"]


def test_a_refused_csrf_check_is_a_member_as_json_and_as_a_page():
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(UserFactory())
    page = browser.post("/me/language/", {"language": "de"}, **GERMAN)
    assert (page_of(page)["status"], page_of(page)["code"]) == (403, "csrf_failed")
    api = csrf_failure(RequestFactory().post("/api/campaigns/", **GERMAN), reason="no cookie")
    body = json.loads(api.content)
    assert (api.status_code, body["code"], body["reason"]) == (403, "csrf_failed", "no cookie")
    assert body["detail"] == page_of(page)["detail"]


def test_a_failure_of_the_server_is_a_member_as_json_and_as_a_page():
    api = internal_error(RequestFactory().get("/api/campaigns/", **GERMAN))
    page = internal_error(RequestFactory().get("/me/", **GERMAN))
    assert json_of(api) == page_of(page)
    assert (json_of(api)["status"], json_of(api)["code"]) == (500, "server_error")
    assert json_of(api) == {"status": 500, **error_body(ServerFault(), "de")}


@pytest.mark.parametrize(
    ("handler", "status", "code"),
    [(forbidden, 403, "permission_denied"), (bad_request, 400, "invalid")],
)
def test_djangos_own_refusals_outside_the_api_are_members_as_json_and_as_a_page(
    handler, status, code
):
    """``handler403`` and ``handler400``: a refusal Django makes before or outside DRF."""
    api = handler(RequestFactory().get("/api/campaigns/", **GERMAN))
    page = handler(RequestFactory().get("/me/", **GERMAN))
    assert json_of(api) == page_of(page)
    assert (json_of(api)["status"], json_of(api)["code"]) == (status, code)


def test_a_database_that_cannot_be_reached_is_unavailable_on_a_page_too():
    try:
        raise OperationalError("down")
    except OperationalError:  # (Django calls its handler500 while it handles the exception)
        page = internal_error(RequestFactory().get("/me/"))
    assert (page_of(page)["status"], page_of(page)["code"]) == (503, "database_unavailable")
    assert int(page["Retry-After"]) > 0


# --- a stream's refusal carries the fields of an API error ------------------------------------


def test_an_anonymous_streams_refusal_is_the_apis(settings):
    table = Table()
    stream = Client().get(f"/api/campaigns/{table.campaign.pk}/stream/", **GERMAN)
    api = Client().get("/api/campaigns/", **GERMAN)
    assert stream["Content-Type"] == api["Content-Type"]
    assert stream.json() == api.json()
    assert (stream.status_code, stream.json()["code"]) == (401, "not_authenticated")
    assert "Anmelde" in stream.json()["detail"]


def test_a_refused_stream_token_is_refused_in_the_readers_language():
    table = Table()
    refused = Client().get(
        f"/api/campaigns/{table.campaign.pk}/stream/", {"stream_token": "forged"}, **GERMAN
    )
    assert refused.status_code == 401
    assert refused.json() == {
        "code": "not_authenticated",
        "detail": "Das Stream-Token ist ungültig oder abgelaufen; hol dir ein neues.",
    }


def test_too_many_streams_is_answered_as_every_error_is(settings):
    settings.STREAMS_PER_USER = 0
    table = Table()
    browser = Client()
    browser.force_login(table.player)
    refused = browser.get(f"/api/campaigns/{table.campaign.pk}/stream/", **GERMAN)
    assert refused.status_code == 429
    assert refused.json() == error_body(TooManyStreams(), "de")
    assert refused.json()["detail"] != TooManyStreams.default_detail
    request = RequestFactory().get("/api/campaigns/", **GERMAN)
    assert answer(TooManyStreams(), request).content == refused.content
