"""The webhooks' two tasks: send what was just written, and sweep what is due.

Both only claim deliveries whose ``next_attempt_at`` has come, under ``SKIP
LOCKED`` (``webhooks.delivery``): run twice or at once, each delivery is sent
once per due time. Retries are never queued with a countdown on the broker;
the database holds when each is due and the beat's sweep finds it.
"""

import logging

from celery import shared_task
from django.utils import timezone

from config.celery import IdempotentTask
from webhooks import delivery

log = logging.getLogger(__name__)


@shared_task(base=IdempotentTask)
def send_deliveries(delivery_ids: list[int]) -> int:
    """Send these new deliveries now, if no sweep took them first."""
    return delivery.send_due(now=timezone.now(), ids=delivery_ids)


@shared_task(base=IdempotentTask)
def sweep_deliveries() -> int:
    """Send every delivery that is due; beat runs it every few seconds."""
    return delivery.send_due(now=timezone.now())


def send_soon(ids: list[int]) -> None:
    """Hand freshly committed deliveries to a worker; if the broker is away, the sweep
    sends them (they are due already)."""
    try:
        send_deliveries.apply_async((ids,), retry=False)
    except Exception:
        log.warning("Webhook deliveries %s left to the sweep", ids, exc_info=True)
