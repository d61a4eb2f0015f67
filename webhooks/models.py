"""Where a campaign's webhooks go, what was sent, and every try.

An :class:`Endpoint` is a receiver the storyguide registered; a
:class:`Delivery` is one event for one endpoint, with the ``webhook-id`` it
keeps on every try, so a receiver can drop a second copy; an :class:`Attempt`
is one try, with what the receiver responded.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.activity import kind_choices
from campaign.models import Campaign

#: Each event of a game of the campaign, as a spectator sees it, with its narration.
GAME_EVENT = "game_event"


def event_types() -> list[tuple[str, str]]:
    """What an endpoint may ask for: each kind of activity the apps declare, and the
    campaign's games' events (name, label)."""
    return sorted([*kind_choices(), (GAME_EVENT, "Game event")])


class Format(models.TextChoices):
    STANDARD = "standard", "Standard Webhooks (signed JSON)"
    DISCORD = "discord", "Discord (the narration as a message)"


class Endpoint(models.Model):
    """A receiver of one campaign's events.

    ``secret`` signs every delivery; after a rotation ``previous_secret`` keeps
    signing too until ``previous_secret_expires_at``, so a receiver can switch
    keys without losing a message. Both are kept in clear: an HMAC needs the
    key itself. ``failing_since`` marks the first failure after the last
    success: an endpoint failing for too long is disabled.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    event_types = models.JSONField(help_text="The event types it wants (docs/webhooks.md).")
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.STANDARD)
    description = models.CharField(max_length=200, blank=True)
    enabled = models.BooleanField(default=True)
    disabled_reason = models.CharField(max_length=300, blank=True)
    secret = models.CharField(max_length=100, editable=False)
    previous_secret = models.CharField(max_length=100, blank=True, editable=False)
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True, editable=False)
    failing_since = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["campaign", "id"]
        verbose_name = _("webhook endpoint")
        verbose_name_plural = _("webhook endpoints")
        indexes = [models.Index(fields=["campaign", "enabled"])]

    def __str__(self) -> str:
        return self.url

    def wants(self, event_type: str) -> bool:
        return self.enabled and event_type in self.event_types


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    FAILED = "failed", "Failed, retry scheduled"
    DELIVERED = "delivered", "Delivered"
    GAVE_UP = "gave_up", "Gave up"


#: The statuses the sweep sends (when ``next_attempt_at`` has come).
TO_SEND = (DeliveryStatus.PENDING, DeliveryStatus.FAILED)


class Delivery(models.Model):
    """One event for one endpoint, tried until delivered or given up."""

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    webhook_id = models.CharField(max_length=40, unique=True)
    event_type = models.CharField(
        max_length=30,
        help_text="What it tells: a kind of the campaign's activity, or a game event.",
    )
    payload = models.JSONField(help_text="The body sent, in the endpoint's format.")
    status = models.CharField(
        max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text="Tries so far, in this schedule (a replay starts a new one)."
    )
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.webhook_id} ({self.event_type})"


class Attempt(models.Model):
    """One try of a delivery: begun when claimed, finished with the response or the error.

    An attempt never finished is one whose sender stopped (a worker killed): the
    delivery is tried again, with the same ``webhook-id``.
    """

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="tries")
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    latency_ms = models.PositiveIntegerField(null=True, blank=True)
    response_excerpt = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["delivery", "started_at", "id"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")

    def __str__(self) -> str:
        outcome = self.status_code or self.error or "unfinished"
        return f"{self.delivery.webhook_id} at {self.started_at:%Y-%m-%d %H:%M:%S}: {outcome}"
