"""Sending deliveries: claim what is due, try it once, write down what happened.

A try has three steps. *Claim*, in a short transaction: the due deliveries
are locked with ``SKIP LOCKED`` (two sweeps at once never take the same
one), their ``next_attempt_at`` is pushed ``WEBHOOKS_LEASE_SECONDS`` ahead
and an :class:`Attempt` is begun. *Send*, outside any transaction: the
target is checked again, the body signed and posted. *Record*, in a second
short transaction: the receiver's response, and what follows from it (delivered, the next
retry, given up, the endpoint disabled). A sender that dies between claim and
record leaves its attempt unfinished and the delivery due again when the lease
ends: it is sent again, with the same ``webhook-id``.

A 2xx response is a delivery; anything else, or none, is a failure. A 429
with a ``Retry-After`` (Discord's rate limit) is tried again when it says,
within the schedule's number of tries, and does not count as the receiver
failing.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

import httpx
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.errors import Invalid
from webhooks import guard, schedule, signing, transport
from webhooks.endpoints import endpoint_disable, signing_secrets
from webhooks.models import TO_SEND, Attempt, Delivery, DeliveryStatus, Endpoint, Format

BATCH = 100
GONE = 410
TOO_MANY = 429
ERROR_CHARACTERS = Attempt._meta.get_field("error").max_length


@dataclass(frozen=True)
class Outcome:
    latency_ms: int
    status_code: int | None = None
    excerpt: str = ""
    error: str = ""
    retry_after: float | None = None

    @property
    def delivered(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def send_due(*, now: datetime, ids: list[int] | None = None) -> int:
    """Try every delivery due at ``now`` (of ``ids`` only, if given), a batch at a time;
    how many were tried. Each try moves its delivery past ``now``, so this ends."""
    tried = 0
    while claimed := claim(now=now, ids=ids):
        for attempt in claimed:
            record(attempt, send(attempt.delivery))
        tried += len(claimed)
    return tried


def claim(*, now: datetime, ids: list[int] | None = None) -> list[Attempt]:
    with transaction.atomic():
        due = Delivery.objects.select_for_update(skip_locked=True, of=("self",)).filter(
            status__in=TO_SEND, next_attempt_at__lte=now, endpoint__enabled=True
        )
        if ids is not None:
            due = due.filter(pk__in=ids)
        deliveries = list(due.select_related("endpoint").order_by("next_attempt_at")[:BATCH])
        for delivery in deliveries:
            delivery.attempts += 1
            delivery.next_attempt_at = now + timedelta(seconds=settings.WEBHOOKS_LEASE_SECONDS)
        Delivery.objects.bulk_update(deliveries, ["attempts", "next_attempt_at"])
        return Attempt.objects.bulk_create(
            Attempt(delivery=delivery, started_at=now) for delivery in deliveries
        )


def send(delivery: Delivery) -> Outcome:
    endpoint = delivery.endpoint
    body = json.dumps(delivery.payload, separators=(",", ":"), ensure_ascii=False).encode()
    headers = {}
    if endpoint.format == Format.STANDARD:
        # The signature's timestamp is the moment of sending: receivers refuse old ones.
        sent_at = timezone.now()
        headers = signing.headers(
            signing_secrets(endpoint, sent_at),
            delivery.webhook_id,
            int(sent_at.timestamp()),
            body,
        )
    started = time.monotonic()

    def took() -> int:
        return round((time.monotonic() - started) * 1000)

    try:
        response = transport.post(guard.checked_target(endpoint.url), body, headers)
    except Invalid as refused:
        return Outcome(took(), error=refused.detail[:ERROR_CHARACTERS])
    except httpx.HTTPError as error:
        return Outcome(took(), error=f"{type(error).__name__}: {error}"[:ERROR_CHARACTERS])
    return Outcome(
        took(),
        status_code=response.status_code,
        excerpt=response.excerpt,
        retry_after=response.retry_after if response.status_code == TOO_MANY else None,
    )


def record(attempt: Attempt, outcome: Outcome) -> None:
    now = timezone.now()
    with transaction.atomic():
        delivery = Delivery.objects.select_for_update().filter(pk=attempt.delivery_id).first()
        if delivery is None:  # its endpoint was deleted meanwhile
            return
        endpoint = Endpoint.objects.select_for_update().get(pk=delivery.endpoint_id)
        attempt.finished_at = now
        attempt.latency_ms = outcome.latency_ms
        attempt.status_code = outcome.status_code
        attempt.response_excerpt = outcome.excerpt
        attempt.error = outcome.error
        attempt.save()
        if outcome.delivered:
            delivery.status, delivery.next_attempt_at = DeliveryStatus.DELIVERED, None
            endpoint.failing_since = None
            endpoint.save(update_fields=["failing_since"])
        else:
            retry_at = schedule.next_attempt_at(delivery.attempts, now)
            if retry_at and outcome.retry_after is not None:  # rate-limited: when it says
                retry_at = now + timedelta(seconds=outcome.retry_after)
            delivery.status = DeliveryStatus.FAILED if retry_at else DeliveryStatus.GAVE_UP
            delivery.next_attempt_at = retry_at
            if outcome.retry_after is None:
                failed(endpoint, outcome, now)
        delivery.save(update_fields=["status", "next_attempt_at"])


def failed(endpoint: Endpoint, outcome: Outcome, now: datetime) -> None:
    """A receiver that is gone, or has failed for days, is sent nothing more."""
    if endpoint.failing_since is None:
        endpoint.failing_since = now
        endpoint.save(update_fields=["failing_since"])
    days = settings.WEBHOOKS_DISABLE_AFTER_DAYS
    if not endpoint.enabled:
        return
    if outcome.status_code == GONE:
        endpoint_disable(endpoint=endpoint, reason="The receiver answered 410 Gone.", tell=True)
    elif now - endpoint.failing_since > timedelta(days=days):
        endpoint_disable(
            endpoint=endpoint,
            reason=f"Every delivery failed for more than {days:g} days.",
            tell=True,
        )
