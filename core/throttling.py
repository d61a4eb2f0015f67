"""Per-token rate limits on writes, announced in ``RateLimit`` headers.

Reads are cheap and cached by clients; writes change games and ledgers, so
each user (a token or a session) gets a budget of writes per window, and the
token login a budget per client address against password guessing. Every
limited answer carries ``RateLimit`` and ``RateLimit-Policy`` (the IETF
draft's fields) and a refused one ``Retry-After``. A client's address is what
``core.client_address`` says it is. The rules of the games are
enforced by the database and the rules themselves, not by these limits.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle

from core import cache
from core.client_address import client_address


class AnnouncedRateThrottle(SimpleRateThrottle):
    """A fixed-window counter that leaves its figures on the request for the headers.

    DRF's own throttle reads a history from the cache, appends to it and writes
    it back, so two workers counting at once can lose a request; the window's
    counter counts atomically instead (:func:`core.cache.count`: in Redis, one
    round trip; within one process for the in-memory cache).
    """

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        now = self.timer()
        window = f"{key}:{int(now // self.duration)}"
        ahead = self.read_ahead(request)
        if ahead:
            count, request._request.read_ahead = cache.count_and_read(window, self.duration, ahead)
        else:
            count = cache.count(window, self.duration)
        self.reset = math.ceil(self.duration - now % self.duration)
        request._request.rate_limit = (
            self.num_requests,
            max(self.num_requests - count, 0),
            self.reset,
            self.duration,
        )
        return count <= self.num_requests

    def wait(self) -> float:
        return self.reset

    def read_ahead(self, request) -> list[str]:
        """Entries of ``core.cache.kept`` the request will read, to be read in the count's
        round trip (``request.read_ahead``)."""
        return []

    def get_ident(self, request) -> str:
        """The client's address as ``core.client_address`` decides it, never DRF's reading
        of ``X-Forwarded-For``, which the client writes."""
        return client_address(request)

    def user_or_address(self, request) -> str:
        """Whom a budget is counted for: the signed-in user, else the client's address."""
        if request.user and request.user.is_authenticated:
            return f"user-{request.user.pk}"
        return f"address-{self.get_ident(request)}"


#: Keys of ``core.cache.kept`` entries of a user that a write of theirs reads (the
#: campaign's roles of the user: ``campaign.roles``), read in the write rate limit's round
#: trip to Redis rather than one of their own.
READ_WITH_A_WRITE: list[Callable[[int], str]] = []


class WriteRateThrottle(AnnouncedRateThrottle):
    """Writes per user; reads are not counted."""

    scope = "writes"

    def read_ahead(self, request) -> list[str]:
        user = request.user
        if not (user and user.is_authenticated):
            return []
        return [key(user.pk) for key in READ_WITH_A_WRITE]

    def get_cache_key(self, request, view):
        if request.method in SAFE_METHODS:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.user_or_address(request)}


class LoginRateThrottle(AnnouncedRateThrottle):
    """Token logins per client address."""

    scope = "login"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class InvitationRateThrottle(LoginRateThrottle):
    """Looking up, accepting and signing up with invitation codes, per client address:
    a code cannot be found by trying them."""

    scope = "invitations"


class VerifyRateThrottle(AnnouncedRateThrottle):
    """Audits of a game's log, which anyone may ask for and which cost time in proportion
    to the log: per user, or per client address for anonymous readers."""

    scope = "verify"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.user_or_address(request)}


class RateLimitHeadersMiddleware:
    """Writes the figures a throttle left on the request into the response headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        figures = getattr(request, "rate_limit", None)
        if figures is not None:
            limit, remaining, reset, window = figures
            response["RateLimit"] = f"limit={limit}, remaining={remaining}, reset={reset}"
            response["RateLimit-Policy"] = f"{limit};w={window}"
        return response


class BodySizeLimitMiddleware:
    """Refuse request bodies larger than the limit before anything reads them (413,
    ``core.errors.TooLarge``)."""

    def __init__(self, get_response):
        from django.conf import settings

        self.get_response = get_response
        self.limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if self.limit is not None and length > self.limit:
            from core.errors import TooLarge
            from core.responses import answer

            return answer(TooLarge(params={"limit": self.limit}), request)
        return self.get_response(request)


class NulQueryMiddleware:
    """Refuse a query string that holds a NUL character (``?search=%00``) before any view
    reads it (400): no text column stores one, so the database would refuse the query
    that carries it, as a failure of the server."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if any("\x00" in name or "\x00" in "".join(values) for name, values in request.GET.lists()):
            from core.errors import Invalid, gettext_noop
            from core.responses import answer

            refusal = Invalid(gettext_noop("A query string holds no NUL character."), code="nul")
            return answer(refusal, request)
        return self.get_response(request)
