"""Shapes of endpoints and deliveries. A secret appears in one answer only: the one
that made it (:class:`CreatedEndpointSerializer`)."""

from __future__ import annotations

from rest_framework import serializers

from core.serializers import StrictTextModelSerializer
from webhooks.models import Attempt, Delivery, Endpoint, event_types


class EndpointSerializer(StrictTextModelSerializer):
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=event_types()),
        allow_empty=False,
        help_text="The event types to send (docs/webhooks.md).",
    )

    class Meta:
        model = Endpoint
        fields = [
            "id",
            "url",
            "event_types",
            "format",
            "description",
            "enabled",
            "disabled_reason",
            "failing_since",
            "previous_secret_expires_at",
            "created_at",
        ]
        read_only_fields = ["enabled", "disabled_reason", "failing_since", "created_at"]
        extra_kwargs = {
            "previous_secret_expires_at": {
                "help_text": "Until then the secret before the last rotation signs too."
            }
        }


class CreatedEndpointSerializer(EndpointSerializer):
    secret = serializers.CharField(
        read_only=True, help_text="Shown this once: keep it to verify the signatures."
    )

    class Meta(EndpointSerializer.Meta):
        fields = [*EndpointSerializer.Meta.fields, "secret"]


class AttemptSerializer(serializers.ModelSerializer):
    class Meta:
        model = Attempt
        fields = [
            "started_at",
            "finished_at",
            "status_code",
            "error",
            "latency_ms",
            "response_excerpt",
        ]


class DeliverySerializer(serializers.ModelSerializer):
    event_type = serializers.ChoiceField(choices=event_types(), read_only=True)
    history = AttemptSerializer(
        source="tries", many=True, read_only=True, help_text="Every try, oldest first."
    )

    class Meta:
        model = Delivery
        fields = [
            "id",
            "webhook_id",
            "event_type",
            "payload",
            "status",
            "attempts",
            "next_attempt_at",
            "created_at",
            "history",
        ]


class ReplaySinceSerializer(serializers.Serializer):
    since = serializers.DateTimeField(
        help_text="Replay the deliveries made from then on that did not arrive."
    )


class ReplayedSerializer(serializers.Serializer):
    queued = serializers.IntegerField(help_text="How many deliveries will be sent again.")


class PingSerializer(serializers.Serializer):
    """What a test delivery's receiver answered."""

    webhook_id = serializers.CharField(help_text="The ping's webhook-id.")
    delivered = serializers.BooleanField(help_text="Whether it answered 2xx.")
    status_code = serializers.IntegerField(allow_null=True, help_text="null: no answer came.")
    excerpt = serializers.CharField(
        allow_blank=True, help_text="The first 500 bytes of the receiver's answer."
    )
    elapsed_ms = serializers.IntegerField(help_text="From sending to its answer (or failure).")
    said = serializers.CharField(help_text="How it went, in words.")
