"""The project's one family of application errors.

Services, tasks, rules modules and their adapters raise these; nothing below
the HTTP layer raises a DRF exception. Each error carries what a client needs:
a stable ``code`` for programs, a ``detail`` written for a person (no Python
values, no internal names), the HTTP ``status`` it is answered with, and for a
rule the ``rule`` reference (the section of the text it breaks). ``errors``
names the fields at fault, ``extra`` carries what a kind of error adds (the
current version on a conflict), ``headers`` what its answer says besides
(``Retry-After``).

Every error the service answers is one of these, the HTTP layer's own too (a
missing page, a refused CSRF check, a throttled client, a refused stream, a
failure of the server): ``core.responses.answer`` renders any of them, as JSON
for the API and streams and as a page for the pages, from the same fields.
Every class here is raised somewhere (``tests/core/test_one_error_path.py``).

This module is pure Python, so that the pure rules modules can raise
:class:`RuleViolation` without importing Django.
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


class Localized:
    """A message's parameter spelled differently in each language: a Chat-Quidditch nick is
    ``GHüter`` in German, ``GKeeper`` in English and ``GGardien`` in French (issue 39).

    The rules know the spellings but not the reader's language, so they hand the error
    all of them; the error is written in the reader's language where it is answered
    (:meth:`AppError.to_json`). As a plain string (``detail``, a log) it reads as
    ``fallback``: the spelling of the messages' own language, English.
    """

    def __init__(self, spellings: dict[str, str], fallback: str) -> None:
        self.spellings = spellings
        self.fallback = fallback

    def in_language(self, language: str | None) -> str:
        """The spelling of ``language`` (``de`` for ``de-at`` too), else the fallback."""
        base = (language or "").split("-")[0].lower()
        return self.spellings.get(base, self.fallback)

    def __str__(self) -> str:
        return self.fallback

    def __repr__(self) -> str:
        return f"Localized({self.spellings!r}, {self.fallback!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Localized) and (self.spellings, self.fallback) == (
            other.spellings,
            other.fallback,
        )

    __hash__ = None


def _in_language(params: dict, language: str | None) -> dict:
    """``params`` with each :class:`Localized` value spelled for ``language``."""
    return {
        name: value.in_language(language) if isinstance(value, Localized) else value
        for name, value in params.items()
    }


class AppError(Exception):
    """Base of the family: what went wrong, for a program and for a person."""

    status: ClassVar[int] = 400
    default_code: ClassVar[str] = "invalid"
    default_detail: ClassVar[str] = gettext_noop("The request cannot be taken.")

    def __init__(
        self,
        detail: str | None = None,
        *,
        code: str | None = None,
        rule: str = "",
        errors: dict[str, list[str]] | None = None,
        params: dict | None = None,
        headers: dict[str, str] | None = None,
        **extra,
    ) -> None:
        self.template = detail or self.default_detail
        self.params = params or {}
        self.detail = self.template % self.params if self.params else self.template
        self.code = code or self.default_code
        self.rule = rule
        self.errors = errors
        self.extra = extra
        self.headers = headers or {}
        super().__init__(self.detail)

    def to_json(self, translate=None, language: str | None = None) -> dict:
        """The common error body, its detail and the fields' messages through ``translate``
        (a gettext) if given, its :class:`Localized` parameters spelled for ``language``."""
        translate = translate or (lambda text: text)
        text = translate(self.template)
        detail = text % _in_language(self.params, language) if self.params else text
        body = {"code": self.code, "detail": detail}
        if self.errors:
            # A field's message that is the error's own detail (``Invalid.field``) reads
            # as the detail does, its parameters filled in.
            body["errors"] = _translated(
                self.errors, lambda said: detail if said == self.template else translate(said)
            )
        if self.rule:
            body["rule"] = self.rule
        return {**body, **self.extra}


def _translated(errors, translate):
    """The fields' messages (nested as a serializer nests them) through ``translate``."""
    if isinstance(errors, dict):
        return {field: _translated(said, translate) for field, said in errors.items()}
    if isinstance(errors, list):
        return [_translated(said, translate) for said in errors]
    return translate(errors) if isinstance(errors, str) and errors else errors


class Invalid(AppError):
    """Malformed input or fields that do not fit: 400, with ``errors`` per field."""

    status = 400
    default_code = "invalid"
    default_detail = gettext_noop("The request has invalid fields.")

    @classmethod
    def field(
        cls, name: str, message: str, *, code: str | None = None, params: dict | None = None
    ) -> Invalid:
        """One field at fault, with its message as the detail too."""
        return cls(message, code=code, errors={name: [message]}, params=params)


class Unauthenticated(AppError):
    """No credentials, or ones that are not (or no longer) valid: 401."""

    status = 401
    default_code = "not_authenticated"
    default_detail = gettext_noop("Authentication credentials were not provided.")


class Forbidden(AppError):
    """The caller's role does not allow this: 403."""

    status = 403
    default_code = "permission_denied"
    default_detail = gettext_noop("Your role does not allow this.")


class CsrfRefused(Forbidden):
    """A form or a session's write without a valid CSRF token: 403, with Django's
    ``reason`` (English, for programs and logs)."""

    default_code = "csrf_failed"
    default_detail = gettext_noop(
        "The request was refused: its security check failed. Reload the page and try again."
    )


class AccessRevoked(Forbidden):
    """A stream's reader lost the access they opened it with (sent as its last message)."""

    default_code = "access_revoked"
    default_detail = gettext_noop(
        "You may no longer read this stream as you opened it; reconnect to be let in "
        "again if you may."
    )


class NotFound(AppError):
    """No such object, or none the caller may see: 404."""

    status = 404
    default_code = "not_found"
    default_detail = gettext_noop("No such resource.")


class NotAllowed(AppError):
    """The resource does not answer this HTTP method: 405."""

    status = 405
    default_code = "method_not_allowed"
    default_detail = gettext_noop("This method is not allowed here.")


class NotAcceptable(AppError):
    """The client accepts no format the resource can answer in: 406."""

    status = 406
    default_code = "not_acceptable"
    default_detail = gettext_noop("The answer cannot be given in a format you accept.")


class Conflict(AppError):
    """The caller acted on a stale version: 409, with ``current_version``."""

    status = 409
    default_code = "version_conflict"
    default_detail = gettext_noop("The object changed since you last read it.")


class Gone(AppError):
    """It existed but can no longer be used (an expired or revoked invitation): 410."""

    status = 410
    default_code = "gone"
    default_detail = gettext_noop("This can no longer be used.")


class TooLarge(AppError):
    """A request body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, refused unread: 413."""

    status = 413
    default_code = "request_too_large"
    default_detail = gettext_noop("The request body is over %(limit)s bytes.")


class UnsupportedMediaType(AppError):
    """A body in a format the endpoint does not read: 415."""

    status = 415
    default_code = "unsupported_media_type"
    default_detail = gettext_noop("The request body is in a format this does not read.")


class RuleViolation(AppError):
    """A well-formed request the rules forbid: 422, naming the rule it breaks.

    Rules modules raise it as ``RuleViolation(code, message, rule="§5.5.4")``, or
    with a translatable template: ``RuleViolation(code, gettext_noop("… %(nick)s"),
    rule, params={"nick": nick})``.
    """

    status = 422
    default_code = "rule_violation"
    default_detail = gettext_noop("The rules do not allow this.")

    def __init__(
        self, code: str, message: str, rule: str = "", *, params: dict | None = None, **extra
    ) -> None:
        super().__init__(message, code=code, rule=rule, params=params, **extra)

    @property
    def message(self) -> str:
        return self.detail


class TooManyRequests(AppError):
    """Over a rate limit (writes, logins, invitation codes): 429, with ``Retry-After``."""

    status = 429
    default_code = "throttled"
    default_detail = gettext_noop("Too many requests; wait a moment and try again.")


class TooManyStreams(TooManyRequests):
    """A user (or an anonymous address) already holds ``STREAMS_PER_USER`` streams."""

    default_code = "too_many_streams"
    default_detail = gettext_noop("You have too many streams open; close one first.")


class ServerFault(AppError):
    """The server failed (a bug, logged): 500."""

    status = 500
    default_code = "server_error"
    default_detail = gettext_noop(
        "The server failed; the error is logged and nothing was half-saved. Try again in a moment."
    )


class Unavailable(AppError):
    """Something the service needs (the database) cannot be reached for a moment: 503,
    with ``Retry-After``."""

    status = 503
    default_code = "unavailable"
    default_detail = gettext_noop("The service cannot answer for a moment; retry.")
