"""How an error is answered: one renderer for the API, the streams and the pages.

``answer`` is the one place that turns an error of the :mod:`core.errors`
family into what a client sees: under ``/api/`` (endpoints and streams) a JSON
body, elsewhere a page (``error.html``) drawn from the same fields, with the
same status, code and headers, its texts in the reader's language
(``core.languages``). Every body is ``{"code": ..., "detail": ...}``: ``code``
is stable and meant for programs, ``detail`` is for people. Field errors add
``errors`` (field name -> list of messages), rule errors add ``rule`` (the
section of the rules the command breaks), version conflicts add
``current_version``.

The errors DRF and Django raise while they read a request (a parse error, a
throttled client, ``Http404``, a database that is down) are first taken into the
family (``app_error``), so they are answered the same way. A refusal of a form's
submission is shown on that form (``add_to_form``, ``error_body``), in the same
words.
"""

from __future__ import annotations

import contextlib

from django import forms
from django.core.exceptions import PermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from rest_framework import exceptions
from rest_framework.views import set_rollback

from core import languages
from core.errors import (
    AppError,
    Forbidden,
    Invalid,
    NotAcceptable,
    NotAllowed,
    NotFound,
    ServerFault,
    TooManyRequests,
    Unauthenticated,
    Unavailable,
    UnsupportedMediaType,
    gettext_noop,
)

RETRY_AFTER_SECONDS = 5

#: The family member each of DRF's own exceptions is answered as (``ValidationError``:
#: ``Invalid``, with its fields).
FROM_DRF = {
    exceptions.ParseError: Invalid,
    exceptions.AuthenticationFailed: Unauthenticated,
    exceptions.NotAuthenticated: Unauthenticated,
    exceptions.PermissionDenied: Forbidden,
    exceptions.NotFound: NotFound,
    exceptions.MethodNotAllowed: NotAllowed,
    exceptions.NotAcceptable: NotAcceptable,
    exceptions.UnsupportedMediaType: UnsupportedMediaType,
    exceptions.Throttled: TooManyRequests,
}


# --- the one renderer -------------------------------------------------------------------


def error_body(error: AppError, language: str | None = None) -> dict:
    """The error's fields, its texts in ``language`` (else the active language)."""
    with translation.override(language) if language else contextlib.nullcontext():
        return error.to_json(translate=translation.gettext, language=translation.get_language())


def answer(
    error: AppError, request, *, default_language: str | None = None, page: bool | None = None
) -> HttpResponse:
    """The answer to ``request`` that refuses it with ``error``: JSON under ``/api/``, a
    page elsewhere (or as ``page`` says), from the same fields in the reader's language
    (``default_language``: the thing's own, a game's), with the error's status and
    headers."""
    language = _language(error, request, default_language)
    body = error_body(error, language)
    if page is None:
        page = not request.path.startswith("/api/")
    if page:
        response = HttpResponse(_page(error, body, request, language), status=error.status)
    else:
        response = JsonResponse(
            body, status=error.status, json_dumps_params={"ensure_ascii": False}
        )
    for name, value in error.headers.items():
        response[name] = value
    return response


def _language(error: AppError, request, default: str | None) -> str:
    if error.status < 500:
        return languages.answer_language(request, default)
    try:
        return languages.answer_language(request, default)
    except Exception:  # the preferences are in the database, which may be what failed
        request._preferred_language = None
        return languages.answer_language(request, default)


def _page(error: AppError, body: dict, request, language: str) -> str:
    """The error page: the site's frame with its reader's links, or for a failure of the
    server a frame that needs nothing (no session, no database, no static files)."""
    failed = error.status >= 500
    context = {
        **body,
        "status": error.status,
        "frame": "error_frame.html" if failed else "base.html",
    }
    with translation.override(language):
        return render_to_string("error.html", context, request=None if failed else request)


# --- what else is raised, taken into the family ---------------------------------------------


def database_unavailable() -> Unavailable:
    """The database is down or restarting: a passing state, worth a retry."""
    return Unavailable(
        gettext_noop("The database cannot be reached; retry."),
        code="database_unavailable",
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def app_error(exc: Exception) -> AppError | None:
    """``exc`` as a member of the family, or ``None`` for an unexpected exception (a
    failure of the server, answered as ``ServerFault`` by ``core.views``)."""
    if isinstance(exc, AppError):
        return exc
    if isinstance(exc, OperationalError | InterfaceError):
        return database_unavailable()
    if isinstance(exc, Http404):
        return NotFound()
    if isinstance(exc, PermissionDenied):
        return Forbidden()
    if not isinstance(exc, exceptions.APIException):
        return None
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    if isinstance(exc, exceptions.ValidationError):
        return _invalid(exc, headers)
    return _member(exc)(str(exc.detail), code=_first_code(exc.get_codes()), headers=headers)


def _member(exc: exceptions.APIException) -> type[AppError]:
    """The member a DRF exception is answered as: its own, unless DRF changed its status
    (an unauthenticated request to a view with no ``WWW-Authenticate`` is a 403), then
    the one of that status."""
    for drf, member in FROM_DRF.items():
        if isinstance(exc, drf) and member.status == exc.status_code:
            return member
    for member in FROM_DRF.values():
        if member.status == exc.status_code:
            return member
    return ServerFault if exc.status_code >= 500 else Invalid


def _invalid(exc: exceptions.ValidationError, headers: dict) -> Invalid:
    if _only_non_field(exc.detail):
        detail = "; ".join(_field_errors(exc.detail["non_field_errors"]))
        return Invalid(detail, code=_first_code(exc.get_codes()), headers=headers)
    if isinstance(exc.detail, dict):
        return Invalid(code="invalid", errors=_field_errors(exc.detail), headers=headers)
    detail = "; ".join(_field_errors(exc.detail))
    return Invalid(detail, code=_first_code(exc.get_codes()), headers=headers)


def _field_errors(detail) -> dict:
    if isinstance(detail, dict):
        return {key: _field_errors(value) for key, value in detail.items()}
    if isinstance(detail, list):
        flat = []
        for item in detail:
            flat.extend(item if isinstance(item, list) else [item])
        return [str(item) if not isinstance(item, dict) else _field_errors(item) for item in flat]
    return [str(detail)]


def _first_code(codes) -> str:
    if isinstance(codes, dict):
        codes = next(iter(codes.values()), "invalid")
    while isinstance(codes, list | dict):
        codes = (next(iter(codes.values())) if isinstance(codes, dict) else codes[0]) or "invalid"
    return str(codes)


def _only_non_field(detail) -> bool:
    return isinstance(detail, dict) and set(detail) == {"non_field_errors"}


def exception_handler(exc, context):
    """DRF's exception handler (settings ``EXCEPTION_HANDLER``): every error through
    ``answer``, in the reader's language, else the view's (a game's own)."""
    error = app_error(exc)
    if error is None:
        return None  # re-raised: a failure of the server (``core.views.internal_error``)
    if error is not exc and not isinstance(error, Unavailable):
        set_rollback()  # (as DRF's own handler does for its exceptions)
    request, view = context.get("request"), context.get("view")
    if request is None:
        return JsonResponse(error.to_json(), status=error.status)
    default = getattr(view, "answer_language", lambda: None)()
    return answer(error, request, default_language=default, page=False)


# --- on a form -------------------------------------------------------------------------------


def add_to_form(form: forms.BaseForm, error: AppError) -> None:
    """Show a service's refusal on the dashboard form, on the field it names.

    A name the form has no field for (a setting inside the rules, the
    attributes dict) goes before the message, on the form's ``refusal_field``
    or above the form; the name of the form's whole subject (its
    ``whole_field``, say ``rules``) is left out.
    """
    if not error.errors:
        form.add_error(None, error_body(error)["detail"])  # in the page's language
        return
    fallback = getattr(form, "refusal_field", None)
    for field, messages in error_body(error)["errors"].items():
        if field in form.fields:
            form.add_error(field, messages)
        else:
            prefix = "" if field == getattr(form, "whole_field", None) else f"{field}: "
            form.add_error(fallback, [f"{prefix}{message}" for message in messages])
