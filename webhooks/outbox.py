"""The outbox: a delivery for each endpoint that wants an event, written with the event.

The receivers run inside the transaction that records the activity or appends
the game event, so an event and its deliveries commit together or not at all:
nothing is sent for a write that rolled back, and nothing committed is lost
if the process dies right after. Once committed, the new deliveries are handed
to a worker at once; if that fails (no broker for a moment), the sweep finds
them anyway, from ``next_attempt_at``.

Which endpoints a campaign has is kept in the cache: a game command, the
service's hot path, costs no query here (issue 20). Every change of an endpoint
clears its campaign's entry, at once and again when the change commits, so a
new endpoint gets the next event. (The services never change an endpoint and
record an event in one transaction, which is what could cache a list that then
rolled back.)
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from core.cache import forget
from webhooks import discord, messages
from webhooks.models import GAME_EVENT, Delivery, Endpoint, Format
from webhooks.signing import new_webhook_id
from webhooks.tasks import send_soon


def activity_recorded(sender, activity, **kwargs) -> None:
    standard, chats = by_format(wanting(activity.campaign_id, activity.kind))
    if standard:
        write(standard, messages.of_activity(activity))
    if chats:
        write(chats, discord.of_activity(activity))


def event_appended(sender, game, event, **kwargs) -> None:
    """Each event for the standard endpoints; a write's moments, at its last event, for
    the Discord ones (``webhooks.discord``)."""
    standard, chats = by_format(wanting(game.campaign_id, GAME_EVENT))
    if standard:
        write(standard, messages.of_game_event(game, event))
    if chats and (message := discord.of_game_event(game, event)) is not None:
        write(chats, message)


def by_format(endpoints: list[Endpoint]) -> tuple[list[Endpoint], list[Endpoint]]:
    """The standard endpoints, and the Discord ones."""
    standard = [endpoint for endpoint in endpoints if endpoint.format == Format.STANDARD]
    return standard, [endpoint for endpoint in endpoints if endpoint.format == Format.DISCORD]


ENDPOINTS_CACHE_SECONDS = 300


def wanting(campaign_id: int, event_type: str) -> list[Endpoint]:
    # Few endpoints per campaign: the type is checked here, as JSON lists are not
    # searchable on every database.
    return [endpoint for endpoint in enabled(campaign_id) if endpoint.wants(event_type)]


def enabled(campaign_id: int) -> list[Endpoint]:
    key = _cache_key(campaign_id)
    endpoints = cache.get(key)
    if endpoints is None:
        # What the outbox needs, not the secrets: they stay out of the cache.
        endpoints = list(
            Endpoint.objects.filter(campaign_id=campaign_id, enabled=True).only(
                "id", "campaign_id", "format", "event_types", "enabled"
            )
        )
        cache.set(key, endpoints, timeout=ENDPOINTS_CACHE_SECONDS)
    return endpoints


def _cache_key(campaign_id: int) -> str:
    return f"webhooks:endpoints:{campaign_id}"


@receiver([post_save, post_delete], sender=Endpoint)
def forget_endpoints(sender, instance, **kwargs) -> None:
    forget(_cache_key(instance.campaign_id))


def write(endpoints: list[Endpoint], message: messages.Message) -> None:
    deliveries = [
        Delivery(
            endpoint=endpoint,
            webhook_id=new_webhook_id(),
            event_type=message.type,
            payload=message.body,
            next_attempt_at=message.at,
            created_at=message.at,
        )
        for endpoint in endpoints
    ]
    Delivery.objects.bulk_create(deliveries)
    ids = [delivery.pk for delivery in deliveries]
    if ids:
        transaction.on_commit(lambda: send_soon(ids))
