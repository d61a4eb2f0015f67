"""One error shape for the whole API.

Every error body is ``{"code": ..., "detail": ...}``: ``code`` is stable and
meant for programs, ``detail`` is for people. Field errors add ``errors``
(field name -> list of messages), rule errors add ``rule`` (the section of the
rules the command breaks), version conflicts add ``current_version``.
"""

from django.core.exceptions import PermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.dice import DiceError
from games.ruleset import RuleViolation

RETRY_AFTER_SECONDS = 5


class Conflict(exceptions.APIException):
    """The client acted on a stale version of an object."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "version_conflict"
    default_detail = "The object changed since you last read it."

    def __init__(self, detail=None, code=None, **extra):
        super().__init__(detail, code)
        self.extra = extra


class Unprocessable(exceptions.APIException):
    """A well-formed request that the rules of the game forbid."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "rule_violation"
    default_detail = "The rules do not allow this."

    def __init__(self, detail=None, code=None, rule=""):
        super().__init__(detail, code)
        self.rule = rule


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
    """DRF's handler, reshaped into the common error body."""
    if isinstance(exc, OperationalError | InterfaceError):
        # The database is down or restarting: a passing state, worth a retry.
        return Response(
            {"code": "database_unavailable", "detail": "The database cannot be reached; retry."},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    if isinstance(exc, RuleViolation):
        exc = Unprocessable(exc.message, exc.code, rule=exc.rule)
    elif isinstance(exc, DiceError):
        exc = Unprocessable(str(exc), DiceError.code)
    elif isinstance(exc, Http404):
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
    if isinstance(exc, Unprocessable):
        body["rule"] = exc.rule
    if isinstance(exc, Conflict):
        body.update(exc.extra)
    response.data = body
    return response


def json_error(code: str, detail: str, status_code: int) -> JsonResponse:
    return JsonResponse({"code": code, "detail": detail}, status=status_code)
