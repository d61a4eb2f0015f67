"""Per-token rate limits on writes, announced in ``RateLimit`` headers.

Reads are cheap and cached by clients; writes change games and ledgers, so
each user (a token or a session) gets a budget of writes per window, and the
token login a budget per client address against password guessing. Every
limited answer carries ``RateLimit`` and ``RateLimit-Policy`` (the IETF
draft's fields) and a refused one ``Retry-After``. The rules of the games are
enforced by the database and the rules themselves, not by these limits.
"""

from __future__ import annotations

import math

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle


class AnnouncedRateThrottle(SimpleRateThrottle):
    """A throttle that leaves its figures on the request for the response headers."""

    def allow_request(self, request, view) -> bool:
        allowed = super().allow_request(request, view)
        if self.key is not None and self.rate is not None:
            reset = self.duration - (self.now - self.history[-1]) if self.history else 0
            remaining = max(self.num_requests - len(self.history), 0)
            request._request.rate_limit = (
                self.num_requests,
                remaining,
                math.ceil(reset),
                self.duration,
            )
        return allowed


class WriteRateThrottle(AnnouncedRateThrottle):
    """Writes per user; reads are not counted."""

    scope = "writes"

    def get_cache_key(self, request, view):
        if request.method in SAFE_METHODS:
            return None
        if request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"address-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class LoginRateThrottle(AnnouncedRateThrottle):
    """Token logins per client address."""

    scope = "login"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


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
    """Refuse request bodies larger than the limit before anything reads them (413)."""

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
            from core.errors import json_error

            return json_error(
                "request_too_large", f"The request body is over {self.limit} bytes.", 413
            )
        return self.get_response(request)
