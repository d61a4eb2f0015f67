"""Sending again what a receiver missed: one delivery, or everything since a moment.

A replay sends the same message with the same ``webhook-id`` (a receiver that
already has it drops it) on a fresh retry schedule; its earlier attempts stay
in the log. One delivery is replayed whatever its status; ``since`` replays
the endpoint's deliveries made from then on that were given up or are
failing, not those delivered. A disabled endpoint must be enabled first (422).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from campaign.selectors import require_storyguide_asking
from core.errors import RuleViolation, gettext_noop
from webhooks.models import Delivery, DeliveryStatus, Endpoint
from webhooks.tasks import send_soon

NOT_DELIVERED = (DeliveryStatus.FAILED, DeliveryStatus.GAVE_UP)


def delivery_replay(*, delivery: Delivery, now: datetime, by=None) -> Delivery:
    require_storyguide_asking(by, delivery.endpoint.campaign_id)
    _require_enabled(delivery.endpoint)
    with transaction.atomic():
        _queue(Delivery.objects.filter(pk=delivery.pk), now)
    delivery.refresh_from_db()
    return delivery


def deliveries_replay_since(*, endpoint: Endpoint, since: datetime, now: datetime, by=None) -> int:
    """Queue again the deliveries since ``since`` that did not arrive; how many."""
    require_storyguide_asking(by, endpoint.campaign_id)
    _require_enabled(endpoint)
    with transaction.atomic():
        return _queue(
            endpoint.deliveries.filter(created_at__gte=since, status__in=NOT_DELIVERED), now
        )


def _require_enabled(endpoint: Endpoint) -> None:
    if not endpoint.enabled:
        raise RuleViolation(
            "endpoint_disabled",
            gettext_noop("The endpoint is disabled: enable it first, then replay."),
        )


def _queue(deliveries, now: datetime) -> int:
    ids = list(deliveries.select_for_update().values_list("pk", flat=True))
    Delivery.objects.filter(pk__in=ids).update(
        status=DeliveryStatus.PENDING, attempts=0, next_attempt_at=now
    )
    transaction.on_commit(lambda: send_soon(ids))
    return len(ids)
