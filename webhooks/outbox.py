"""The outbox: a delivery for each endpoint that wants an event, written with the event.

The receivers run inside the transaction that records the activity or appends
the game event, so an event and its deliveries commit together or not at all:
nothing is sent for a write that rolled back, and nothing committed is lost
if the process dies right after. Once committed, the new deliveries are handed
to a worker at once; if that fails (no broker for a moment), the sweep finds
them anyway, from ``next_attempt_at``.

A game command with no endpoint of its campaign wanting game events costs one
small query here.
"""

from __future__ import annotations

from django.db import transaction

from webhooks import messages
from webhooks.models import GAME_EVENT, Delivery, Endpoint
from webhooks.signing import new_webhook_id
from webhooks.tasks import send_soon


def activity_recorded(sender, activity, **kwargs) -> None:
    endpoints = wanting(activity.campaign_id, activity.kind)
    if endpoints:
        write(endpoints, messages.of_activity(activity))


def event_appended(sender, game, event, **kwargs) -> None:
    endpoints = wanting(game.campaign_id, GAME_EVENT)
    if endpoints:
        write(endpoints, messages.of_game_event(game, event))


def wanting(campaign_id: int, event_type: str) -> list[Endpoint]:
    # Few endpoints per campaign: the type is checked here, as JSON lists are not
    # searchable on every database.
    enabled = Endpoint.objects.filter(campaign_id=campaign_id, enabled=True)
    return [endpoint for endpoint in enabled if endpoint.wants(event_type)]


def write(endpoints: list[Endpoint], message: messages.Message) -> None:
    deliveries = [
        Delivery(
            endpoint=endpoint,
            webhook_id=new_webhook_id(),
            event_type=message.type,
            payload=body,
            next_attempt_at=message.at,
            created_at=message.at,
        )
        for endpoint in endpoints
        if (body := message.body(endpoint.format)) is not None
    ]
    Delivery.objects.bulk_create(deliveries)
    ids = [delivery.pk for delivery in deliveries]
    if ids:
        transaction.on_commit(lambda: send_soon(ids))
