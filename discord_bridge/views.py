"""The interactions endpoint Discord posts to, and the API by which a storyguide connects
a campaign to a Discord application and binds its channels."""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.apis import require_storyguide
from campaign.models import Campaign
from core.errors import Invalid, NotFound, Unauthenticated, gettext_noop
from discord_bridge import services, signature
from discord_bridge.interactions import Interaction, respond
from discord_bridge.models import DiscordApplication, DiscordChannel
from discord_bridge.serializers import (
    ApplicationSerializer,
    ChannelSerializer,
    InteractionResponseSerializer,
    InteractionSerializer,
)

UNKNOWN_APPLICATION = gettext_noop("No campaign is connected to this Discord application.")


class InteractionsView(APIView):
    """Discord's HTTP interactions: every request is signed by the application's key,
    which is its only authentication (no session, no token, no CSRF)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=InteractionSerializer,
        responses={200: InteractionResponseSerializer},
        parameters=[
            OpenApiParameter(
                "X-Signature-Ed25519",
                str,
                OpenApiParameter.HEADER,
                required=True,
                description="Ed25519 signature of the timestamp and the body.",
            ),
            OpenApiParameter(
                "X-Signature-Timestamp",
                str,
                OpenApiParameter.HEADER,
                required=True,
                description="Seconds since the epoch; at most "
                "DISCORD_SIGNATURE_MAX_AGE_SECONDS old.",
            ),
        ],
        auth=[],
        summary="Discord interactions (signed by Discord)",
    )
    def post(self, request):
        """Answer a Discord interaction: 401 for a bad or stale signature, PONG to a PING,
        a message, a deferral (its answer follows up), or autocomplete choices."""
        received_at = timezone.now()
        body = request.body
        try:
            sent = json.loads(body)
            application_id = str(sent["application_id"])
        except (ValueError, KeyError, TypeError):
            raise Invalid(gettext_noop("Not an interaction.")) from None
        application = (
            DiscordApplication.objects.select_related("campaign")
            .filter(application_id=application_id)
            .first()
        )
        if application is None:
            raise Unauthenticated(UNKNOWN_APPLICATION, code="unknown_application")
        signature.verify(
            application.public_key,
            signature=request.headers.get("X-Signature-Ed25519", ""),
            timestamp=request.headers.get("X-Signature-Timestamp", ""),
            body=body,
            now=time.time(),
            max_age=settings.DISCORD_SIGNATURE_MAX_AGE_SECONDS,
        )
        interaction = Interaction(application, sent, received_at, request.build_absolute_uri("/"))
        return Response(respond(interaction))


class StoryguideOnly:
    """The storyguide of the campaign in the URL only (others: 403; strangers: 404)."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        require_storyguide(request, int(kwargs["campaign_pk"]))


class ApplicationView(StoryguideOnly, APIView):
    """The campaign's Discord application."""

    @extend_schema(responses={200: ApplicationSerializer})
    def get(self, request, campaign_pk):
        application = DiscordApplication.objects.filter(campaign_id=campaign_pk).first()
        if application is None:
            raise NotFound(gettext_noop("The campaign is connected to no Discord application."))
        return Response(ApplicationSerializer(application, context={"request": request}).data)

    @extend_schema(request=ApplicationSerializer, responses={200: ApplicationSerializer})
    def put(self, request, campaign_pk):
        """Connect the campaign (or change its connection); the bot's token is kept and
        never shown again."""
        incoming = ApplicationSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        application = services.application_connect(
            campaign=Campaign.objects.get(pk=campaign_pk),
            by=request.user,
            now=timezone.now(),
            **incoming.validated_data,
        )
        return Response(ApplicationSerializer(application, context={"request": request}).data)


class ChannelViewSet(
    StoryguideOnly,
    mixins.ListModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """The campaign's bound channels."""

    serializer_class = ChannelSerializer
    queryset = DiscordChannel.objects.none()
    pagination_class = None

    def get_queryset(self):
        return DiscordChannel.objects.filter(
            application__campaign_id=self.kwargs["campaign_pk"]
        ).order_by("id")

    @extend_schema(request=ChannelSerializer, responses={201: ChannelSerializer})
    def create(self, request, campaign_pk=None):
        """Bind a channel to a game of the campaign, or to the campaign (``game``: null)."""
        incoming = ChannelSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        channel = services.channel_bind(
            campaign=Campaign.objects.get(pk=campaign_pk),
            by=request.user,
            channel_id=data["channel_id"],
            game_id=data.get("game_id"),
            language=data["language"],
        )
        return Response(ChannelSerializer(channel).data, status=201)

    def perform_destroy(self, instance):
        services.channel_unbind(channel=instance, by=self.request.user)
