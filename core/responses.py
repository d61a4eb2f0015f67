"""How an error is answered: the JSON error shape for the API, messages on the dashboard's forms.

The one place that turns the :mod:`core.errors` family (and the errors DRF and
Django raise while parsing a request) into what a client sees. Every error
body is ``{"code": ..., "detail": ...}``: ``code`` is stable and meant for
programs, ``detail`` is for people. Field errors add ``errors`` (field name ->
list of messages), rule errors add ``rule`` (the section of the rules the
command breaks), version conflicts add ``current_version``.
"""

from django import forms
from django.core.exceptions import PermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from django.utils import translation
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core import languages
from core.errors import AppError

RETRY_AFTER_SECONDS = 5


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
    """DRF's exception handler (settings ``EXCEPTION_HANDLER``): every error in the common body."""
    if isinstance(exc, AppError):
        return Response(_translated(exc, context), status=exc.status)
    if isinstance(exc, OperationalError | InterfaceError):
        # The database is down or restarting: a passing state, worth a retry.
        return Response(
            {"code": "database_unavailable", "detail": "The database cannot be reached; retry."},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError) and _only_non_field(exc.detail):
        body = {
            "code": _first_code(exc.get_codes()),
            "detail": "; ".join(_field_errors(exc.detail["non_field_errors"])),
        }
    elif isinstance(exc, exceptions.ValidationError):
        body = {
            "code": "invalid" if isinstance(exc.detail, dict) else _first_code(exc.get_codes()),
            "detail": "The request has invalid fields."
            if isinstance(exc.detail, dict)
            else "; ".join(_field_errors(exc.detail)),
        }
        if isinstance(exc.detail, dict):
            body["errors"] = _field_errors(exc.detail)
    else:
        body = {"code": _first_code(exc.get_codes()), "detail": str(exc.detail)}
    response.data = body
    return response


def _translated(error: AppError, context) -> dict:
    """The error's body in the reader's language, else the view's (a game's own)."""
    request, view = context.get("request"), context.get("view")
    if request is None:
        return error.to_json()
    default = getattr(view, "answer_language", lambda: None)()
    with translation.override(languages.answer_language(request, default)):
        return error.to_json(translate=translation.gettext)


def add_to_form(form: forms.BaseForm, error: AppError) -> None:
    """Show a service's refusal on the dashboard form, on the field it names.

    A name the form has no field for (a setting inside the rules, the
    attributes dict) goes before the message, on the form's ``refusal_field``
    or above the form; the name of the form's whole subject (its
    ``whole_field``, say ``rules``) is left out.
    """
    if not error.errors:
        form.add_error(None, error.detail)
        return
    fallback = getattr(form, "refusal_field", None)
    for field, messages in error.errors.items():
        if field in form.fields:
            form.add_error(field, messages)
        else:
            prefix = "" if field == getattr(form, "whole_field", None) else f"{field}: "
            form.add_error(fallback, [f"{prefix}{message}" for message in messages])


def json_error(code: str, detail: str, status_code: int) -> JsonResponse:
    return JsonResponse({"code": code, "detail": detail}, status=status_code)
