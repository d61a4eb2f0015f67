"""An ASGI server in a thread of the test process, for tests that open live streams.

Django's live server speaks WSGI, which cannot hold a stream open; uvicorn
serves ``config.asgi`` on the same test database (the tests that use it are
transactional, so what they write is committed and seen by the server).
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager

import httpx
import uvicorn
from httpx_sse import connect_sse


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class InFlight:
    """An ASGI wrapper that counts the requests being answered, streams left out, so that
    a test can wait for the last command a page posted before its database is emptied
    (PostgreSQL's TRUNCATE and a command's transaction, each holding a lock the other
    waits for, end in a deadlock, and the flush fails)."""

    def __init__(self) -> None:
        self.app, self.count, self._lock = None, 0, threading.Lock()

    async def __call__(self, scope, receive, send):
        counted = scope["type"] == "http" and not _is_stream(scope)
        if counted:
            with self._lock:
                self.count += 1
        try:
            await self.app(scope, receive, send)
        finally:
            if counted:
                with self._lock:
                    self.count -= 1

    def settle(self, timeout: float = 20.0) -> None:
        """Returns once no request is being answered (or after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while self.count and time.monotonic() < deadline:
            time.sleep(0.02)


def _is_stream(scope) -> bool:
    return any(
        name == b"accept" and b"text/event-stream" in value for name, value in scope["headers"]
    ) or scope["path"].endswith("/stream/")


@contextmanager
def asgi_server(*, static: bool = False, in_flight: InFlight | None = None):
    """``config.asgi`` under uvicorn on a free port; ``static``: with the static files
    served from the apps' folders, as ``runserver`` and Django's live server do;
    ``in_flight``: the counter the application is served through."""
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from config.asgi import application

    port = free_port()
    app = ASGIStaticFilesHandler(application) if static else application
    if in_flight:
        in_flight.app, app = app, in_flight
    # As deployed, the server leaves the connection's address alone: the service decides
    # who the client is (core.client_address).
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", lifespan="off", proxy_headers=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the ASGI test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def read_stream(url: str, *, headers: dict, until, timeout: float = 20.0) -> list:
    """The SSE messages of ``url`` until ``until(messages)`` is true (or the stream ends)."""
    messages = []
    with (
        httpx.Client(timeout=timeout) as client,
        connect_sse(client, "GET", url, headers=headers) as source,
    ):
        for sse in source.iter_sse():
            messages.append(sse)
            if until(messages):
                break
    return messages
