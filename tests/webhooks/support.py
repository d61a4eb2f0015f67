"""What the webhook tests share: a receiver on 127.0.0.1 and events to send it."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.utils import timezone

from campaign.services import house_points_award


def award(table, amount=10, reason="a tidy dormitory"):
    """House points to Gryffindor: a ``house_points`` event."""
    return house_points_award(
        house=table.house(),
        amount=amount,
        reason=reason,
        awarded_by=table.storyguide,
        now=timezone.now(),
    )


def later(seconds: float):
    return timezone.now() + timedelta(seconds=seconds)


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    """A webhook receiver in a thread: it keeps every request and answers with the
    statuses it is given, in order (then 200)."""

    def __init__(self, answers: list[int] | None = None, *, hold: threading.Event | None = None):
        self.answers = list(answers or [])
        self.received: list[Received] = []
        self.hold = hold  # while set, every request waits before it is answered
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    receiver.received.append(
                        Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                    status = receiver.answers.pop(0) if receiver.answers else 200
                if receiver.hold is not None:
                    receiver.hold.wait(timeout=60)
                self.send_response(status)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                self.wfile.write(f"answered {status}".encode())

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.hold is not None:
            self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def ids(self) -> list[str]:
        return [r.headers.get("webhook-id") for r in self.received]
