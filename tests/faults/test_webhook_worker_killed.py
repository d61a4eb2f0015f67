"""A Celery worker killed with SIGKILL while it delivers a webhook (issue 19).

The receiver holds the first request without answering; the worker sending it
is killed meanwhile. The delivery was claimed (its attempt begun, its
``next_attempt_at`` a short lease ahead) but never recorded: after the lease
the next worker sends it again, with the same ``webhook-id``, and it ends
delivered; the receiver, which deduplicates by that id, sees one message.
"""

import threading
import uuid

import pytest
from django.utils import timezone

from tests.faults.support import (
    CeleryProcess,
    Producer,
    celery_env,
    redelivery_conf,
    wait_until,
)
from tests.support import Table
from tests.webhooks.support import Receiver, award
from webhooks import outbox
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery, DeliveryStatus

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.broker,
    pytest.mark.django_db(transaction=True),
]

SWEEP_TASK = "webhooks.tasks.sweep_deliveries"
VISIBILITY_TIMEOUT = 5
"""Seconds before Redis hands an unacknowledged message to another worker (production: 1 h)."""
LEASE_SECONDS = 3
"""A claimed delivery is due again this long after its claim (production: 60 s)."""


def test_a_worker_killed_mid_delivery_sends_again_with_the_same_webhook_id(
    tmp_path, private_redis, settings, monkeypatch
):
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    # The test process hands nothing to a broker: the workers' sweep finds the delivery.
    monkeypatch.setattr(outbox, "send_soon", lambda ids: None)
    answering = threading.Event()
    table = Table()
    queue = f"faults-{uuid.uuid4().hex}"
    env = {
        **celery_env(broker_url=private_redis.url, conf=redelivery_conf(VISIBILITY_TIMEOUT)),
        "WEBHOOKS_ALLOW_PRIVATE_TARGETS": "1",
        "WEBHOOKS_LEASE_SECONDS": str(LEASE_SECONDS),
        "WEBHOOKS_TIMEOUT_SECONDS": "60",  # the worker waits on the receiver till killed
    }
    producer = Producer(private_redis.url)
    first = CeleryProcess.worker("first", queue=queue, env=env, workdir=tmp_path)
    second = CeleryProcess.worker("second", queue=queue, env=env, workdir=tmp_path)
    with Receiver(hold=answering) as receiver:
        try:
            endpoint_create(
                campaign=table.campaign,
                url=receiver.url(),
                event_types=["house_points"],
                now=timezone.now(),
            )
            award(table)
            delivery = Delivery.objects.get()
            first.start().wait_ready()
            producer.send(queue, SWEEP_TASK)
            wait_until(lambda: len(receiver.received) == 1, timeout=60, what="the first request")
            first.kill()
            answering.set()  # its answer goes to a dead connection
            delivery.refresh_from_db()
            (interrupted,) = delivery.tries.all()
            assert interrupted.finished_at is None and interrupted.status_code is None
            assert delivery.status == DeliveryStatus.PENDING and delivery.attempts == 1

            second.start().wait_ready()  # gets the unacknowledged sweep after its timeout
            wait_until(
                lambda: Delivery.objects.get().status == DeliveryStatus.DELIVERED,
                timeout=120,
                what="the delivery delivered",
            )
        finally:
            first.stop()
            second.stop()
            producer.close()
    # Twice the same id: one message for a receiver that deduplicates by it.
    assert receiver.ids() == [delivery.webhook_id, delivery.webhook_id]
    delivery.refresh_from_db()
    assert delivery.attempts == 2
    assert [a.status_code for a in delivery.tries.all()] == [None, 200]
