"""Discord's 429 honoured (issue 40, "Webhooks a developer can try"): a receiver that
answers 429 with ``Retry-After`` is tried again when it says, through the deliveries'
retries, and is not counted as failing."""

import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.utils import timezone

from tests.webhooks.support import award
from webhooks.delivery import send_due
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery, DeliveryStatus

pytestmark = pytest.mark.django_db


class RateLimited(BaseHTTPRequestHandler):
    """Discord's answer to a webhook posted too often: 429, ``Retry-After: 2.5``; then 204."""

    answered = 0

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        limited = RateLimited.answered == 0
        RateLimited.answered += 1
        self.send_response(429 if limited else 204)
        if limited:
            self.send_header("Retry-After", "2.5")
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"message": "You are being rate limited.", "retry_after": 2.5}')
        else:
            self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def discord(table, private_targets):
    RateLimited.answered = 0
    server = ThreadingHTTPServer(("127.0.0.1", 0), RateLimited)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield endpoint_create(
        campaign=table.campaign,
        url=f"http://127.0.0.1:{server.server_address[1]}/api/webhooks/1/token",
        event_types=["house_points"],
        format="discord",
        now=timezone.now(),
    )
    server.shutdown()
    server.server_close()


def test_a_429_is_tried_again_after_its_retry_after_and_is_not_a_failing_receiver(table, discord):
    award(table)
    before = timezone.now()
    send_due(now=before)
    delivery = Delivery.objects.get()
    assert delivery.status == DeliveryStatus.FAILED
    after = timezone.now()
    # 2.5 s after the try was recorded (not the 5 s of the first retry of the schedule).
    assert before + timedelta(seconds=2.5) <= delivery.next_attempt_at
    assert delivery.next_attempt_at <= after + timedelta(seconds=2.5)
    discord.refresh_from_db()
    assert discord.failing_since is None
    assert send_due(now=after) == 0  # not yet
    send_due(now=delivery.next_attempt_at)
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED
    assert RateLimited.answered == 2
