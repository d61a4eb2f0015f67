"""One HTTP POST to a checked target: to its address, under its name, briefly.

The request goes to the address ``webhooks.guard`` checked, with the name in
the ``Host`` header and in TLS's SNI (so certificates are verified against the
name); it follows no redirect (a redirect could point anywhere) and waits
``WEBHOOKS_TIMEOUT_SECONDS`` at most for each step. Only the first bytes of
the receiver's response are read: enough for the delivery log.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import httpx
from django.conf import settings

from webhooks.guard import DEFAULT_PORTS, Target

EXCERPT_BYTES = 500
USER_AGENT = "storyguide-webhooks/1"
#: The longest a receiver's ``Retry-After`` is waited (longer: the retry schedule's).
LONGEST_RETRY_AFTER = 3600.0


@dataclass(frozen=True)
class ReceiverResponse:
    """What the receiver said: its status and the first bytes of its body."""

    status_code: int
    excerpt: str
    retry_after: float | None = None
    """Seconds to wait, from a ``Retry-After`` in seconds (Discord's 429), if any."""


def post(target: Target, body: bytes, headers: dict[str, str]) -> ReceiverResponse:
    """POST ``body``; :class:`httpx.HTTPError` when no response came."""
    parts = urlsplit(target.url)
    address, host = bracketed(str(target.address)), bracketed(target.host)
    default = target.port == DEFAULT_PORTS[target.scheme]
    host_header = host if default else f"{host}:{target.port}"
    by_address = urlunsplit(
        (parts.scheme, f"{address}:{target.port}", parts.path or "/", parts.query, "")
    )
    timeout = settings.WEBHOOKS_TIMEOUT_SECONDS
    client = httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False)
    request = client.stream(
        "POST",
        by_address,
        content=body,
        headers={
            **headers,
            "Host": host_header,
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
        },
        extensions={"sni_hostname": target.host},
    )
    with client, request as response:
        first = next(response.iter_bytes(EXCERPT_BYTES), b"")
        return ReceiverResponse(
            response.status_code,
            first[:EXCERPT_BYTES].decode(errors="replace"),
            seconds(response.headers.get("Retry-After")),
        )


def seconds(retry_after: str | None) -> float | None:
    """A ``Retry-After`` of seconds (Discord's, which may be fractional), at most
    :data:`LONGEST_RETRY_AFTER`; ``None`` for none, or a date (left to the schedule)."""
    try:
        wait = float(retry_after) if retry_after else None
    except ValueError:
        return None
    return None if wait is None or wait < 0 else min(wait, LONGEST_RETRY_AFTER)


def bracketed(host: str) -> str:
    """An IPv6 address as a URL or a ``Host`` header writes it."""
    return f"[{host}]" if ":" in host else host
