"""The little of Discord's HTTP API the bridge speaks, as its bot: editing a deferred
answer and following it up (the interaction's webhook, by its token), posting to a
channel, and registering the slash commands.

Its base URL is a setting (``DISCORD_API_URL``), so tests point it at a fake Discord on
loopback. Discord limits each route; an answer 429 says how long to wait
(``Retry-After``, seconds, or ``retry_after`` in its body), and the request is sent
again after that wait, unless the wait is longer than ``DISCORD_RETRY_AFTER_MAX_SECONDS``:
then it is given up (a moment's message is not worth a worker held for minutes).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache

import httpx
from django.conf import settings

#: How many times a request limited by 429 is sent again, at most.
RETRIES = 3


class DiscordError(Exception):
    """Discord refused a request (other than a 429 waited out)."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"Discord answered {status}: {body[:200]}")
        self.status = status


class Discord:
    """Requests to Discord's API with a bot token (``None``: the interaction's webhook,
    which its token authenticates)."""

    def __init__(
        self, bot_token: str | None = None, *, sleep: Callable[[float], None] = time.sleep
    ):
        self.bot_token = bot_token
        self.sleep = sleep

    def request(
        self, method: str, path: str, body: dict | list | None = None
    ) -> dict | list | None:
        headers = {"User-Agent": "storyguide (discord_bridge, 1.0)"}
        if self.bot_token:
            headers["Authorization"] = f"Bot {self.bot_token}"
        url = settings.DISCORD_API_URL.rstrip("/") + path
        for _attempt in range(RETRIES + 1):
            response = _pool().request(
                method, url, json=body, headers=headers, timeout=settings.DISCORD_TIMEOUT_SECONDS
            )
            if response.status_code != 429:
                break
            wait = retry_after(response)
            if wait is None or wait > settings.DISCORD_RETRY_AFTER_MAX_SECONDS:
                break
            self.sleep(wait)
        if response.status_code >= 400:
            raise DiscordError(response.status_code, response.text)
        return response.json() if response.content else None

    # -- the routes --------------------------------------------------------------------

    def edit_answer(self, application_id: str, token: str, message: dict) -> None:
        """Put the answer in place of a deferred one ("… is thinking")."""
        self.request("PATCH", f"/webhooks/{application_id}/{token}/messages/@original", message)

    def follow_up(self, application_id: str, token: str, message: dict) -> None:
        """Another message answering the same interaction."""
        self.request("POST", f"/webhooks/{application_id}/{token}", message)

    def post(self, channel_id: str, message: dict) -> None:
        """A message to a channel, as the bot."""
        self.request("POST", f"/channels/{channel_id}/messages", message)

    def register(self, application_id: str, commands: list[dict]) -> list:
        """Overwrite the application's global slash commands with ``commands``."""
        return self.request("PUT", f"/applications/{application_id}/commands", commands)


@cache
def _pool() -> httpx.Client:
    """One connection pool for the process (httpx's client is safe across threads): a
    client made per request loads the system's certificates anew each time, tens of
    milliseconds, and opens a new connection to Discord for every follow-up."""
    return httpx.Client()


def retry_after(response: httpx.Response) -> float | None:
    """How long a 429 asks to wait, in seconds: its ``Retry-After`` header, else the
    ``retry_after`` of its JSON body."""
    header = response.headers.get("Retry-After")
    try:
        if header is not None:
            return float(header)
        return float(response.json()["retry_after"])
    except (ValueError, KeyError, TypeError):
        return None
