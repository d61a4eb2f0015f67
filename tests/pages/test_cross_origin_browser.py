"""A plugin in the browser, on another site (issue 40, "Done when": "a page served from
another origin with a campaign-scoped token plays a card game, retries a command with its
Idempotency-Key, and follows the stream across a reconnect later than 60 s after it
opened").

The table's site is a second server on loopback (its own port: another origin) with one
page and its script, as a Foundry module would be; the campaign allows that site, and the
player made a token for that campaign alone. The page reaches the API through a small
relay that can drop every connection, so that its `EventSource` reconnects on its own;
by then the signing clock is ten minutes on (once, a stream token lived 60 s).
"""

import contextlib
import functools
import http.server
import json
import socket
import threading
import time
from types import SimpleNamespace
from unittest import mock

import pytest
from django.core import signing
from django.utils import timezone

from campaign.origins import origin_allow
from core.services import token_issue
from games.models import GameEvent
from games.services import game_create
from tests.quidditch.cards import G, S
from tests.support import BROWSER_PATIENCE_MS, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A table's module</title>
<script src="plugin.js"></script></head><body><p>A table's module.</p></body></html>"""

#: The module: a stream token from its token, the game's stream, and a command it can send
#: with an Idempotency-Key of its choosing (each answer kept for the test to read).
PLUGIN = """
const asked = new URLSearchParams(location.search);
const api = asked.get("api"), game = asked.get("game");
const headers = {
  "Authorization": "Token " + asked.get("token"), "Content-Type": "application/json",
};
window.seen = []; window.opened = 0; window.answers = [];
window.play = async (command, key) => {
  const response = await fetch(`${api}/api/matches/${game}/commands/`, {
    method: "POST", headers: {...headers, "Idempotency-Key": key}, body: JSON.stringify({command}),
  });
  const body = await response.json();
  window.answers.push({status: response.status, seq: body.event ? body.event.seq : null});
};
(async () => {
  const asking = await fetch(`${api}/api/auth/stream-token/`, {method: "POST", headers});
  const granted = await asking.json();
  const stream = `${api}/api/matches/${game}/stream/?stream_token=${granted.stream_token}`;
  const source = new EventSource(stream);
  source.onopen = () => { window.opened += 1; };
  source.onmessage = (message) => { window.seen.push(Number(message.lastEventId)); };
})();
"""


class Relay:
    """A TCP relay on loopback to the service that can drop every connection it holds."""

    def __init__(self, port: int):
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target))
                self.held += [client, upstream]
                for source, sink in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source, sink):
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_RDWR)

    def drop_all(self):
        held, self.held = self.held, []
        for connection in held:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
                connection.close()

    def close(self):
        self.drop_all()
        self.listener.close()


@contextlib.contextmanager
def a_site(folder):
    """The table's own site: the page and its script, on a port of its own."""
    (folder / "index.html").write_text(PAGE)
    (folder / "plugin.js").write_text(PLUGIN)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def wait_until(page, check, what: str):
    deadline = time.monotonic() + BROWSER_PATIENCE_MS / 1000
    while not check():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(100)


def test_a_module_on_another_site_plays_retries_and_keeps_its_stream(
    live_service, chromium, tmp_path
):
    table = Table()
    game = game_create(
        campaign=table.campaign,
        ruleset="card-quidditch",
        config={},
        seats={S: table.player.pk},
        bots={G: "simple"},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    issued = token_issue(
        table.player, name="Foundry", campaigns=[table.campaign.pk], plays=True, lifetime=None
    )
    relay = Relay(int(live_service.url.rsplit(":", 1)[1]))
    with a_site(tmp_path) as site:
        origin_allow(campaign=table.campaign, address=site, by=table.storyguide)
        page = chromium.new_page()
        page.set_default_timeout(BROWSER_PATIENCE_MS)
        address = f"{site}/index.html?api=http://127.0.0.1:{relay.port}&game={game.pk}"
        page.goto(f"{address}&token={issued.token}")
        wait_until(page, lambda: page.evaluate("window.opened") == 1, "the stream opened")

        offered = table.client(table.player).get(f"/api/matches/{game.pk}/").json()
        command = offered["allowed_commands"][0]
        for _ in range(2):  # sent, then retried with the same key: one move
            page.evaluate("([command, key]) => window.play(command, key)", [command, "move-1"])
        wait_until(page, lambda: len(page.evaluate("window.answers")) == 2, "both answers")
        first, retry = page.evaluate("window.answers")
        assert first == retry and first["status"] == 201
        assert GameEvent.objects.filter(game=game, seq=first["seq"]).count() == 1
        wait_until(page, lambda: first["seq"] in page.evaluate("window.seen"), "the move streamed")

        ten_minutes_on = time.time() + 600
        with mock.patch.object(signing, "time", SimpleNamespace(time=lambda: ten_minutes_on)):
            relay.drop_all()  # the browser reconnects by itself, with the same address
            wait_until(page, lambda: page.evaluate("window.opened") == 2, "the stream reopened")
            version = table.client(table.player).get(f"/api/matches/{game.pk}/").json()
            command = version["allowed_commands"][0]
            page.evaluate("([command, key]) => window.play(command, key)", [command, "move-2"])
            wait_until(page, lambda: len(page.evaluate("window.answers")) == 3, "the answer")
            later = page.evaluate("window.answers")[2]
            assert later["status"] == 201, json.dumps(later)
            wait_until(page, lambda: later["seq"] in page.evaluate("window.seen"), "streamed after")
        seen = page.evaluate("window.seen")
        assert seen == sorted(set(seen)), "each event once, in order, across the reconnect"
        page.close()
    relay.close()
