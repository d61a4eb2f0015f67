"""The outbox: a delivery for each endpoint that wants an event, written with the event.

The receivers run inside the transaction that records the activity or appends
the game event, so an event and its deliveries commit together or not at all:
nothing is sent for a write that rolled back, and nothing committed is lost
if the process dies right after. Once committed, the new deliveries are handed
to a worker at once; if that fails (no broker for a moment), the sweep finds
them anyway, from ``next_attempt_at``.

Which endpoints a campaign has is kept in the cache: a game command, the
service's hot path, costs no query here (issue 20), and shares its one round trip to
Redis with the other listeners of its write (``games.signals.kept_for_writes``).
Every change of an endpoint moves its campaign's entry on
(``core.cache.forget``), at once and again when the change commits, so a new
endpoint gets the next event and a list read across the change is read again.
(The services never change an endpoint and record an event in one transaction,
so what a write reads of them is committed.)
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from core.cache import forget, kept
from games.signals import KEPT_FOR_WRITES_SECONDS, kept_for_writes
from webhooks import discord, messages
from webhooks.models import GAME_EVENT, Delivery, Endpoint, Format
from webhooks.signing import new_webhook_id
from webhooks.tasks import send_soon


def activity_recorded(sender, activity, **kwargs) -> None:
    standard, chats = by_format(wanting(enabled(activity.campaign_id), activity.kind))
    if standard:
        write(standard, messages.of_activity(activity))
    if chats:
        write(chats, discord.of_activity(activity))


def event_appended(sender, game, event, **kwargs) -> None:
    """Each event for the standard endpoints; a write's moments, at its last event, for
    the Discord ones (``webhooks.discord``)."""
    standard, chats = by_format(wanting(enabled_for_the_write(game), GAME_EVENT))
    if standard:
        write(standard, messages.of_game_event(game, event))
    if chats and (message := discord.of_game_event(game, event)) is not None:
        write(chats, message)


def by_format(endpoints: list[Endpoint]) -> tuple[list[Endpoint], list[Endpoint]]:
    """The standard endpoints, and the Discord ones."""
    standard = [endpoint for endpoint in endpoints if endpoint.format == Format.STANDARD]
    return standard, [endpoint for endpoint in endpoints if endpoint.format == Format.DISCORD]


def wanting(endpoints: list[Endpoint], event_type: str) -> list[Endpoint]:
    # Few endpoints per campaign: the type is checked here, as JSON lists are not
    # searchable on every database.
    return [endpoint for endpoint in endpoints if endpoint.wants(event_type)]


def enabled(campaign_id: int) -> list[Endpoint]:
    """The campaign's enabled endpoints, from the cache (else one query)."""
    return kept(*_enabled(campaign_id), KEPT_FOR_WRITES_SECONDS, unwritten_here=True)


def _enabled(campaign_id: int) -> tuple[str, Callable[[], list[Endpoint]]]:
    """The campaign's enabled endpoints: their key in the cache, and how to read them."""

    def read() -> list[Endpoint]:
        # What the outbox needs, not the secrets: they stay out of the cache.
        return list(
            Endpoint.objects.filter(campaign_id=campaign_id, enabled=True).only(
                "id", "campaign_id", "format", "event_types", "enabled"
            )
        )

    return _cache_key(campaign_id), read


#: The endpoints of a game's campaign, read once for each write to the game.
enabled_for_the_write = kept_for_writes(lambda game: _enabled(game.campaign_id))


def _cache_key(campaign_id: int) -> str:
    # Kept with its stamp, under a name of its own: a process of an earlier release, which
    # kept a bare list under "webhooks:endpoints:", never reads this shape.
    return f"webhooks:enabled:{campaign_id}"


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
