"""The project's one family of application errors.

Services, tasks, rules modules and their adapters raise these; nothing below
the HTTP layer raises a DRF exception. Each error carries what a client needs:
a stable ``code`` for programs, a ``detail`` written for a person (no Python
values, no internal names), the HTTP ``status`` it is answered with, and for a
rule the ``rule`` reference (the section of the text it breaks). ``errors``
names the fields at fault, ``extra`` carries what a kind of error adds (the
current version on a conflict).

This module is pure Python, so that the pure rules modules can raise
:class:`RuleViolation` without importing Django; ``core.responses`` maps the
family to the JSON error shape for the API and to messages on the dashboard's
forms, in one place.
"""

from __future__ import annotations

from typing import ClassVar


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the translation catalogues without translating it here.

    ``makemessages`` finds strings passed to a function of this name, so a pure
    rules module can mark its texts without importing Django; the message is
    translated where it is answered, in the language of that answer.
    """
    return message


class AppError(Exception):
    """Base of the family: what went wrong, for a program and for a person."""

    status: ClassVar[int] = 400
    default_code: ClassVar[str] = "invalid"
    default_detail: ClassVar[str] = "The request cannot be taken."

    def __init__(
        self,
        detail: str | None = None,
        *,
        code: str | None = None,
        rule: str = "",
        errors: dict[str, list[str]] | None = None,
        params: dict | None = None,
        **extra,
    ) -> None:
        self.template = detail or self.default_detail
        self.params = params or {}
        self.detail = self.template % self.params if self.params else self.template
        self.code = code or self.default_code
        self.rule = rule
        self.errors = errors
        self.extra = extra
        super().__init__(self.detail)

    def to_json(self, translate=None) -> dict:
        """The common error body, its detail through ``translate`` (a gettext) if given."""
        detail = self.detail
        if translate is not None:
            text = translate(self.template)
            detail = text % self.params if self.params else text
        body = {"code": self.code, "detail": detail}
        if self.errors:
            body["errors"] = self.errors
        if self.rule or self.status == RuleViolation.status:
            body["rule"] = self.rule
        return {**body, **self.extra}


class Invalid(AppError):
    """Malformed input or fields that do not fit: 400, with ``errors`` per field."""

    status = 400
    default_code = "invalid"
    default_detail = "The request has invalid fields."

    @classmethod
    def field(cls, name: str, message: str, *, code: str | None = None) -> Invalid:
        """One field at fault, with its message as the detail too."""
        return cls(message, code=code, errors={name: [message]})


class Forbidden(AppError):
    """The caller's role does not allow this: 403."""

    status = 403
    default_code = "permission_denied"
    default_detail = "Your role does not allow this."


class NotFound(AppError):
    """No such object, or none the caller may see: 404."""

    status = 404
    default_code = "not_found"
    default_detail = "No such resource."


class Conflict(AppError):
    """The caller acted on a stale version: 409, with ``current_version``."""

    status = 409
    default_code = "version_conflict"
    default_detail = "The object changed since you last read it."


class Gone(AppError):
    """It existed but can no longer be used (an expired or revoked invitation): 410."""

    status = 410
    default_code = "gone"
    default_detail = "This can no longer be used."


class RuleViolation(AppError):
    """A well-formed request the rules forbid: 422, naming the rule it breaks.

    Rules modules raise it as ``RuleViolation(code, message, rule="§5.5.4")``, or
    with a translatable template: ``RuleViolation(code, gettext_noop("… %(nick)s"),
    rule, params={"nick": nick})``.
    """

    status = 422
    default_code = "rule_violation"
    default_detail = "The rules do not allow this."

    def __init__(
        self, code: str, message: str, rule: str = "", *, params: dict | None = None, **extra
    ) -> None:
        super().__init__(message, code=code, rule=rule, params=params, **extra)

    @property
    def message(self) -> str:
        return self.detail


class Unavailable(AppError):
    """Something the service needs cannot be reached for a moment: 503."""

    status = 503
    default_code = "unavailable"
    default_detail = "The service cannot answer for a moment; retry."
