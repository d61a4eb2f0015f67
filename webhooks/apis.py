"""A campaign's webhooks, for its storyguide only.

Every route lies under ``/api/campaigns/{campaign_pk}/webhooks/``: the
campaign's storyguide may do everything, its other members are refused (403)
and anyone else is told there is no such campaign (404), as everywhere in the
campaign API (``campaign.apis.require_storyguide``). Each nested id must belong
to the one before it, before anything else is read: a webhook of another
campaign, or a delivery of another webhook, is not found (404), never an empty
list.
"""

from __future__ import annotations

import django_filters
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.apis import require_storyguide
from campaign.models import Campaign
from core import idempotency
from core.errors import NotFound
from webhooks import endpoints, payload_schemas, ping, replay
from webhooks.models import Delivery, Endpoint, event_types
from webhooks.serializers import (
    CreatedEndpointSerializer,
    DeliverySerializer,
    EndpointSerializer,
    PingSerializer,
    ReplayedSerializer,
    ReplaySinceSerializer,
)


class StoryguideOnly:
    """Checks the caller is the storyguide of the campaign in the URL, before anything is
    read (a stranger finds no campaign, a member is refused); each write's service checks
    who asks again, as every service does (``by``)."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        require_storyguide(request, int(kwargs["campaign_pk"]))


class WebhookViewSet(
    StoryguideOnly,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """The campaign's webhook endpoints."""

    serializer_class = EndpointSerializer
    queryset = Endpoint.objects.none()  # for the schema; the real one is the campaign's

    def get_queryset(self):
        return Endpoint.objects.filter(campaign_id=self.kwargs["campaign_pk"]).order_by("id")

    @extend_schema(
        request=EndpointSerializer,
        parameters=[idempotency.PARAMETER],
        responses={201: CreatedEndpointSerializer},
    )
    def create(self, request, campaign_pk=None):
        """Register an endpoint; the answer holds its secret, shown this once (and to a
        retry with the same Idempotency-Key)."""

        def create():
            incoming = EndpointSerializer(data=request.data)
            incoming.is_valid(raise_exception=True)
            endpoint = endpoints.endpoint_create(
                campaign=Campaign.objects.get(pk=campaign_pk),
                now=timezone.now(),
                by=request.user,
                **incoming.validated_data,
            )
            return Response(CreatedEndpointSerializer(endpoint).data, status=201)

        return idempotency.created_once(request, create)

    def perform_update(self, serializer):
        serializer.instance = endpoints.endpoint_update(
            endpoint=serializer.instance, by=self.request.user, **serializer.validated_data
        )

    @extend_schema(request=None, responses={200: CreatedEndpointSerializer})
    @action(detail=True, methods=["post"], url_path="rotate-secret")
    def rotate_secret(self, request, campaign_pk=None, pk=None):
        """A new secret, shown this once; the old one keeps signing for a day (two
        signatures on every delivery meanwhile)."""
        endpoint = endpoints.secret_rotate(
            endpoint=self.get_object(), now=timezone.now(), by=request.user
        )
        return Response(CreatedEndpointSerializer(endpoint).data)

    @extend_schema(request=None, responses={200: EndpointSerializer})
    @action(detail=True, methods=["post"])
    def enable(self, request, campaign_pk=None, pk=None):
        """Send to it again (after a 410, days of failures, or ``disable``); its pending
        deliveries go out."""
        return Response(
            self.get_serializer(
                endpoints.endpoint_enable(endpoint=self.get_object(), by=request.user)
            ).data
        )

    @extend_schema(request=None, responses={200: EndpointSerializer})
    @action(detail=True, methods=["post"])
    def disable(self, request, campaign_pk=None, pk=None):
        """Send nothing to it for now; events meanwhile are not kept for it."""
        endpoint = endpoints.endpoint_disable(
            endpoint=self.get_object(), reason="Disabled by the storyguide.", by=request.user
        )
        return Response(self.get_serializer(endpoint).data)

    @extend_schema(request=None, responses={200: PingSerializer})
    @action(detail=True, methods=["post"])
    def ping(self, request, campaign_pk=None, pk=None):
        """Send a signed ``ping`` to the endpoint now, enabled or not, and answer with what
        its receiver answered (status, the start of its body, the time it took; a failure
        in words). Not kept, not retried."""
        answer = ping.endpoint_ping(endpoint=self.get_object(), now=timezone.now(), by=request.user)
        return Response(PingSerializer(answer).data)

    @extend_schema(request=ReplaySinceSerializer, responses={200: ReplayedSerializer})
    @action(detail=True, methods=["post"], url_path="replay")
    def replay_since(self, request, campaign_pk=None, pk=None):
        """Send again every delivery made since ``since`` that did not arrive (failing
        or given up), each with its ``webhook-id``."""
        endpoint = self.get_object()  # another campaign's is not found, whatever was sent
        incoming = ReplaySinceSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        queued = replay.deliveries_replay_since(
            endpoint=endpoint, now=timezone.now(), by=request.user, **incoming.validated_data
        )
        return Response(ReplayedSerializer({"queued": queued}).data)


class DeliveryFilter(django_filters.FilterSet):
    event_type = django_filters.ChoiceFilter(choices=event_types())

    class Meta:
        model = Delivery
        fields = ["status", "event_type"]


class DeliveryViewSet(
    StoryguideOnly, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """What was sent to one endpoint, newest first, each with every try."""

    serializer_class = DeliverySerializer
    queryset = Delivery.objects.none()  # for the schema; the real one is the endpoint's
    filterset_class = DeliveryFilter

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        # The webhook in the URL must be one of the campaign's: another campaign's (or
        # none) is not found, rather than a webhook with no deliveries.
        webhook = Endpoint.objects.filter(
            pk=kwargs["webhook_pk"], campaign_id=kwargs["campaign_pk"]
        )
        if not webhook.exists():
            raise NotFound()

    def get_queryset(self):
        return Delivery.objects.filter(
            endpoint_id=self.kwargs["webhook_pk"],
            endpoint__campaign_id=self.kwargs["campaign_pk"],
        ).prefetch_related("tries")

    @extend_schema(request=None, responses={200: DeliverySerializer})
    @action(detail=True, methods=["post"])
    def replay(self, request, campaign_pk=None, webhook_pk=None, pk=None):
        """Send this delivery again, whatever its status, with its ``webhook-id``."""
        delivery = replay.delivery_replay(
            delivery=self.get_object(), now=timezone.now(), by=request.user
        )
        return Response(self.get_serializer(delivery).data)


class PayloadSchemaView(APIView):
    """The JSON Schema of every webhook body, for anyone: it says what the events are, not
    what any campaign holds."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="webhooks_payload_schema",
        tags=["webhooks"],
        summary="The webhooks' payload schema",
        description="A JSON Schema (draft 2020-12) document with one definition per event "
        "type (`$defs`: each activity kind the campaign's apps record, `game_event`, `ping`) "
        "and a `oneOf` over them keyed by `type`: what a `standard` endpoint receives "
        "(docs/webhooks.md).",
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="A JSON Schema document.")
        },
    )
    def get(self, request):
        return Response(payload_schemas.payload_schema())
