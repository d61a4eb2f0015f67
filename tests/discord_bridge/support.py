"""Helpers of the Discord tests: a test key pair that signs interactions as Discord does,
a fake Discord API on loopback that records what it is sent, and linked players."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.test import Client
from django.utils import timezone
from nacl.signing import SigningKey

from discord_bridge.models import DiscordLink
from discord_bridge.services import application_connect, channel_bind

URL = "/api/discord/interactions/"
APPLICATION_ID = "1100000000000000001"
CHANNEL_ID = "1200000000000000001"
KEY = SigningKey(b"storyguide discord test key....."[:32])
"""The application's key pair, fixed so that every run signs alike."""


def connect(table, *, game=None, channel_id=CHANNEL_ID, language="en"):
    """The table's campaign connected to the test application, a channel bound to ``game``."""
    application = application_connect(
        campaign=table.campaign,
        by=table.storyguide,
        application_id=APPLICATION_ID,
        public_key=KEY.verify_key.encode().hex(),
        bot_token="bot-token-never-shown",
        now=timezone.now(),
    )
    channel_bind(
        campaign=table.campaign,
        by=table.storyguide,
        channel_id=channel_id,
        game_id=game.pk if game is not None else None,
        language=language,
    )
    return application


def link(user, discord_user_id: str) -> None:
    DiscordLink.objects.update_or_create(
        discord_user_id=discord_user_id, defaults={"user": user, "linked_at": timezone.now()}
    )


def signed(body: dict, *, at: float | None = None, key: SigningKey = KEY) -> dict:
    """The raw body and the headers Discord would send it with."""
    raw = json.dumps(body).encode()
    stamp = str(int(time.time() if at is None else at))
    return {
        "data": raw,
        "content_type": "application/json",
        "HTTP_X_SIGNATURE_ED25519": key.sign(stamp.encode() + raw).signature.hex(),
        "HTTP_X_SIGNATURE_TIMESTAMP": stamp,
    }


def interaction(
    name: str | None,
    *,
    user: str,
    options: dict | None = None,
    kind: int = 2,
    locale: str = "en-US",
    channel: str = CHANNEL_ID,
    focused: str | None = None,
):
    """An interaction's body: a slash command (2), or its autocomplete (4)."""
    body = {
        "type": kind,
        "id": "1300000000000000001",
        "application_id": APPLICATION_ID,
        "token": "interaction-token",
        "channel_id": channel,
        "locale": locale,
        "member": {"user": {"id": user, "username": f"user{user}"}},
    }
    if name is not None:
        body["data"] = {
            "name": name,
            "options": [
                {"name": k, "value": v, "type": 3, **({"focused": True} if k == focused else {})}
                for k, v in (options or {}).items()
            ],
        }
    return body


def send(body: dict, **signing) -> dict:
    response = Client().post(URL, **signed(body, **signing))
    assert response.status_code == 200, response.content
    return response.json()


class FakeDiscord:
    """Discord's API on loopback: records each request (method, path, JSON body, headers)
    and answers 200 with ``{}``, or what ``script`` holds next (status, headers, body)."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.script: list[tuple[int, dict, dict]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                fake.requests.append(
                    {
                        "method": self.command,
                        "path": self.path,
                        "json": json.loads(raw) if raw else None,
                        "authorization": self.headers.get("Authorization"),
                        "at": time.monotonic(),
                    }
                )
                status, headers, body = fake.script.pop(0) if fake.script else (200, {}, None)
                payload = json.dumps(
                    body if body is not None else (json.loads(raw) if raw else {})
                ).encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v10"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeDiscord:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def sent(self, method: str, fragment: str = "") -> list[dict]:
        return [r for r in self.requests if r["method"] == method and fragment in r["path"]]
