"""Campaign resources: campaigns and members, houses, characters, checks, the ledger.

Every queryset is limited to the caller's campaigns (``campaign.selectors``), so
another campaign's ids answer 404; what the caller's role allows is decided by the
service each write calls (``by=request.user``), as in ``games``: the views parse,
call and serialize.
"""

from __future__ import annotations

import functools

from django.core.exceptions import ObjectDoesNotExist
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.generics import get_object_or_404
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import activity as campaign_activity
from campaign import counting, invitations, selectors, services, transfer
from campaign.models import Campaign, Character, House, HousePointEntry, Membership
from campaign.roles import campaign_roles, forget_campaign_roles
from campaign.serializers import (
    ActivityPageSerializer,
    ActivitySerializer,
    AddresseeSerializer,
    AwardSerializer,
    CampaignSerializer,
    CharacterSerializer,
    CheckResultSerializer,
    CheckSerializer,
    GameCountingSerializer,
    GameCountsSerializer,
    HouseSerializer,
    InvitationForYouSerializer,
    InvitationPreviewSerializer,
    InvitationSerializer,
    JoinedSerializer,
    LedgerEntrySerializer,
    MembershipSerializer,
    MeSerializer,
    PopularitySerializer,
    PopularityStepSerializer,
    ReasonSerializer,
    SignUpSerializer,
)
from core import idempotency
from core import services as core_services
from core.downloads import csv_download
from core.pagination import CURSOR_PARAMETERS, cursor, cursor_page
from core.throttling import InvitationRateThrottle
from games.apis import GameViewSet
from games.models import Game


def require_storyguide(request, campaign_id: int) -> None:
    """For the webhooks' views (``webhooks.apis``) until their services decide: the
    decision itself is ``campaign.selectors.require_storyguide``."""
    selectors.require_storyguide(request.user, campaign_id)


class CampaignViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Your campaigns. Anyone logged in may start one and becomes its storyguide."""

    serializer_class = CampaignSerializer
    permission_classes = [IsAuthenticated]
    search_fields = ["name", "slug"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.campaigns_of(self.request)

    @extend_schema(responses={201: CampaignSerializer})
    def create(self, request):
        incoming = CampaignSerializer(data=request.data, context={"request": request})
        incoming.is_valid(raise_exception=True)
        campaign = services.campaign_create(**incoming.validated_data, storyguide=request.user)
        forget_campaign_roles(request)
        return Response(self.get_serializer(campaign).data, status=201)

    def perform_update(self, serializer):
        serializer.instance = services.campaign_update(
            campaign=serializer.instance, by=self.request.user, **serializer.validated_data
        )

    @extend_schema(
        methods=["get"],
        parameters=[OpenApiParameter("search", str, description="Part of a username.")],
        responses={200: MembershipSerializer(many=True)},
    )
    @extend_schema(
        methods=["post"],
        request=AddresseeSerializer,
        parameters=[idempotency.PARAMETER],
        responses={201: InvitationSerializer},
    )
    @action(detail=True, methods=["get", "post"], serializer_class=MembershipSerializer)
    def members(self, request, pk=None):
        """List the members (``?search=`` a username); a storyguide invites a person by
        username (POST): they become a member only by accepting the invitation, which they
        find at ``/api/invitations/mine/``. The answer is the same whether the name is an
        account's or not; a member's role is changed at ``/api/memberships/{id}/``."""
        campaign = get_object_or_404(self.get_queryset(), pk=pk)  # ?search= is for members
        if request.method == "GET":
            members = selectors.members_of(campaign, search=request.query_params.get("search", ""))
            page = self.paginate_queryset(members)
            return self.get_paginated_response(MembershipSerializer(page, many=True).data)

        def create():
            incoming = AddresseeSerializer(data=request.data)
            incoming.is_valid(raise_exception=True)
            invitation = invitations.invitation_address(
                campaign=campaign,
                created_by=request.user,
                now=timezone.now(),
                by=request.user,
                **incoming.validated_data,
            )
            return Response(
                InvitationSerializer(invitation, context={"request": request}).data, status=201
            )

        return idempotency.created_once(request, create)

    @extend_schema(parameters=CURSOR_PARAMETERS, responses={200: ActivityPageSerializer})
    @action(detail=True, methods=["get"])
    def activity(self, request, pk=None):
        """What happened around the campaign's games, oldest first: house points and
        Popularity, members, games and cup games started and finished, the standings.
        Poll with ``?after=`` the ``next_after`` you were given, or follow the stream."""
        campaign = self.get_object()
        after, limit = cursor(request)
        items = ActivitySerializer(
            campaign_activity.activities_after(campaign.pk, after, limit), many=True
        ).data
        page = cursor_page(items, after=after, latest=campaign.activity_seq)
        return Response(ActivityPageSerializer(page).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        """Leave the campaign (any member; its last storyguide cannot)."""
        campaign = get_object_or_404(self.get_queryset(), pk=pk)
        invitations.membership_leave(campaign=campaign, user=request.user)
        return Response(status=204)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        """The whole campaign as one JSON document (storyguide only)."""
        campaign = selectors.run_by_storyguide(self.get_object(), by=request.user)
        return Response(transfer.campaign_export(campaign))

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: CampaignSerializer})
    @action(detail=False, methods=["post"], url_path="import")
    def import_document(self, request):
        """Recreate a campaign from an export; you become its storyguide."""
        campaign = transfer.campaign_import(request.data, storyguide=request.user)
        forget_campaign_roles(request)
        return Response(self.get_serializer(campaign).data, status=201)


class GameCountingView(APIView):
    """A finished game of your campaign made to count, or to count for nothing, by its
    storyguide, with the reason (docs/rules/campaign.md, "Games that count")."""

    @extend_schema(
        operation_id="games_counting_create",
        request=GameCountingSerializer,
        responses={200: GameCountsSerializer},
    )
    def post(self, request, pk: int):
        games = Game.objects.filter(campaign_id__in=list(campaign_roles(request)))
        game = get_object_or_404(games, pk=pk if pk <= selectors.LARGEST_ID else 0)
        incoming = GameCountingSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        game = counting.game_count(
            game=game, by=request.user, now=timezone.now(), **incoming.validated_data
        )
        return Response(
            GameCountsSerializer(
                {"game": game.pk, "counts": not game.friendly, **incoming.validated_data}
            ).data
        )


class MeView(APIView):
    """Who you are: your user id (what seats name), your language, your campaigns and
    your role in each. PATCH sets your language."""

    http_method_names = ["get", "patch", "head", "options"]

    @extend_schema(operation_id="me_retrieve", responses={200: MeSerializer})
    def get(self, request):
        return Response(self._me(request))

    @extend_schema(
        operation_id="me_partial_update", request=MeSerializer, responses={200: MeSerializer}
    )
    def patch(self, request):
        incoming = MeSerializer(data=request.data, partial=True)
        incoming.is_valid(raise_exception=True)
        if "language" in incoming.validated_data:
            core_services.preferences_update(
                user=request.user, language=incoming.validated_data["language"]
            )
            request.user.refresh_from_db()
        return Response(self._me(request))

    def _me(self, request) -> dict:
        user, roles = request.user, campaign_roles(request)
        campaigns = Campaign.objects.filter(pk__in=list(roles)).order_by("name")
        try:
            language = user.preferences.language
        except ObjectDoesNotExist:
            language = ""
        return MeSerializer(
            {
                "id": user.pk,
                "username": user.username,
                "language": language,
                "campaigns": [
                    {"id": c.pk, "name": c.name, "slug": c.slug, "role": roles[c.pk]}
                    for c in campaigns
                ],
            }
        ).data


class InvitationViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Invitations into a campaign: its storyguide makes, lists and revokes them; anyone
    holding a code reads what it offers, and accepts it (or signs up with it). One
    addressed to a person (``POST /api/campaigns/{id}/members/``) is theirs alone to
    accept or decline: they find it at ``mine/``."""

    serializer_class = InvitationSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["campaign"]
    lookup_field = "code"
    lookup_value_regex = "[0-9A-Za-z -]+"

    def get_queryset(self):
        return selectors.invitations_run_by(self.request)

    def get_permissions(self):
        if self.action in {"retrieve", "sign_up"}:
            return [AllowAny()]
        return super().get_permissions()

    def get_throttles(self):
        if self.action in {"retrieve", "accept", "decline", "sign_up"}:
            return [InvitationRateThrottle()]
        return super().get_throttles()

    @extend_schema(parameters=[idempotency.PARAMETER])
    def create(self, request, *args, **kwargs):
        """Make an invitation (a campaign's storyguide)."""
        return idempotency.created_once(
            request, functools.partial(super().create, request, *args, **kwargs)
        )

    def perform_create(self, serializer):
        fields = dict(serializer.validated_data)
        serializer.instance = invitations.invitation_create(
            created_by=self.request.user, now=timezone.now(), by=self.request.user, **fields
        )

    @extend_schema(responses={200: InvitationPreviewSerializer})
    def retrieve(self, request, code=None):
        """What the invitation offers (campaign, role, character) and whether it is open."""
        invitation = invitations.invitation_by_code(code)
        return Response(InvitationPreviewSerializer(invitation).data)

    @extend_schema(request=None, responses={200: InvitationSerializer})
    @action(detail=True, methods=["post"])
    def revoke(self, request, code=None):
        """Withdraw it (storyguide): nobody else can join with it; members stay."""
        invitation = invitations.invitation_revoke(
            invitation=invitations.invitation_by_code(code), now=timezone.now(), by=request.user
        )
        return Response(self.get_serializer(invitation).data)

    @extend_schema(request=None, responses={201: JoinedSerializer})
    @action(detail=True, methods=["post"])
    def accept(self, request, code=None):
        """Join the campaign as the logged-in user; the invitation's character becomes yours."""
        joined = invitations.invitation_accept(code=code, user=request.user, now=timezone.now())
        return Response(JoinedSerializer(joined).data, status=201)

    @extend_schema(request=None, responses={200: InvitationForYouSerializer})
    @action(detail=True, methods=["post"])
    def decline(self, request, code=None):
        """Say no to an invitation addressed to you; nobody else may."""
        invitation = invitations.invitation_decline(
            code=code, user=request.user, now=timezone.now()
        )
        return Response(InvitationForYouSerializer(invitation).data)

    @extend_schema(responses={200: InvitationForYouSerializer(many=True)})
    @action(detail=False, methods=["get"], pagination_class=None, filter_backends=[])
    def mine(self, request):
        """The invitations addressed to you that you may still accept (or decline)."""
        addressed = invitations.invitations_for(request.user, timezone.now())
        return Response(InvitationForYouSerializer(addressed, many=True).data)

    @extend_schema(request=SignUpSerializer, responses={201: JoinedSerializer})
    @action(detail=True, methods=["post"], url_path="sign-up")
    def sign_up(self, request, code=None):
        """Create an account with the invitation and join; answers an API token for it."""
        incoming = SignUpSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        user, joined = invitations.invitation_sign_up(
            code=code, now=timezone.now(), **incoming.validated_data
        )
        token = core_services.token_create(user)
        body = {**joined._asdict(), "token": token}
        return Response(JoinedSerializer(body).data, status=201)


class MembershipViewSet(
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """One membership: a storyguide changes its role or removes it."""

    serializer_class = MembershipSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return Membership.objects.filter(
            campaign_id__in=list(campaign_roles(self.request))
        ).select_related("user")

    def perform_update(self, serializer):
        services.membership_set(
            campaign=serializer.instance.campaign,
            user=serializer.instance.user,
            role=serializer.validated_data.get("role", serializer.instance.role),
            by=self.request.user,
        )

    def perform_destroy(self, instance):
        services.membership_remove(membership=instance, by=self.request.user)


class CampaignScopedViewSet(viewsets.GenericViewSet):
    """Objects of the caller's campaigns; their services decide who writes."""

    permission_classes = [IsAuthenticated]
    filterset_fields = ["campaign"]


class HouseViewSet(
    CampaignScopedViewSet,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
):
    """Houses with their effective and pending house points."""

    serializer_class = HouseSerializer

    def get_queryset(self):
        houses = House.objects.filter(campaign_id__in=list(campaign_roles(self.request)))
        return selectors.houses_with_totals(houses, now=timezone.now()).order_by("campaign", "name")

    def perform_create(self, serializer):
        fields = {k: v for k, v in serializer.validated_data.items() if k != "captain"}
        house = services.house_create(by=self.request.user, **fields)  # a new house has no one
        serializer.instance = self.get_queryset().get(pk=house.pk)  # with its points

    def perform_update(self, serializer):
        fields = {k: v for k, v in serializer.validated_data.items() if k != "campaign"}
        house = services.house_update(house=serializer.instance, by=self.request.user, **fields)
        serializer.instance = self.get_queryset().get(pk=house.pk)  # with its points


class CharacterViewSet(
    CampaignScopedViewSet,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
):
    """Character sheets. Players create and edit their own; storyguides all."""

    serializer_class = CharacterSerializer
    filterset_fields = ["campaign", "house", "year", "player", "quidditch_position"]
    search_fields = ["name", "house__name", "player__username"]
    ordering_fields = ["name", "year", "house__name", "updated_at"]

    def get_queryset(self):
        characters = Character.objects.filter(
            campaign_id__in=list(campaign_roles(self.request))
        ).select_related("campaign")
        return selectors.characters_with_popularity(characters, now=timezone.now())

    def perform_create(self, serializer):
        serializer.instance = services.character_save(
            character=Character(), by=self.request.user, **serializer.validated_data
        )

    def perform_update(self, serializer):
        """PUT replaces the sheet; PATCH changes only the attributes (and curriculum
        classes) it names, the others keeping their values."""
        fields = dict(serializer.validated_data)
        if serializer.partial:
            for name in ("attributes", "curriculum"):
                if isinstance(fields.get(name), dict):
                    fields[name] = {**getattr(serializer.instance, name), **fields[name]}
        services.character_save(character=serializer.instance, by=self.request.user, **fields)

    def perform_destroy(self, instance):
        services.character_delete(character=instance, by=self.request.user)

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=False, methods=["get"], url_path="csv", pagination_class=None)
    def download(self, request):
        """The character list as a CSV file (filters and ``?search=`` apply), one column
        per attribute."""
        characters = list(
            self.filter_queryset(self.get_queryset()).select_related("house", "player")
        )
        attributes = list(dict.fromkeys(a for c in characters for a in c.attributes))
        fixed = ["campaign", "name", "house", "year", "player", "position", "health"]
        return csv_download(
            "characters.csv",
            [*fixed, "popularity", *attributes],
            (
                [
                    c.campaign.name,
                    c.name,
                    c.house.name if c.house else "",
                    c.year,
                    c.player.username if c.player else "",
                    c.quidditch_position,
                    c.health,
                    selectors.popularity(c, c.campaign.sheet_rules),
                    *(c.attributes.get(name, "") for name in attributes),
                ]
                for c in characters
            ),
        )

    @extend_schema(request=CheckSerializer, responses={201: CheckResultSerializer})
    @action(detail=True, methods=["post"])
    def checks(self, request, pk=None):
        """Test an attribute: two dice of the campaign's size, keep the higher (or lower)."""
        character = self.get_object()
        incoming = CheckSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        event = services.character_check(
            character=character,
            user=request.user,
            now=timezone.now(),
            by=request.user,
            **incoming.validated_data,
        )
        check = event.events[0]
        return Response(
            CheckResultSerializer({**check, "log": event.game_id, "seq": event.seq}).data,
            status=201,
        )

    @extend_schema(
        methods=["get"],
        responses={200: PopularityStepSerializer(many=True)},
        description="Every change to the character's Popularity, oldest first.",
    )
    @extend_schema(
        methods=["post"], request=PopularitySerializer, responses={201: CharacterSerializer}
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def popularity(self, request, pk=None):
        """Read how a character's Popularity came about; the storyguide moves it (POST),
        giving a reason."""
        character = self.get_object()
        if request.method == "GET":
            history = selectors.popularity_history(character, now=timezone.now())
            return Response(PopularityStepSerializer(history, many=True).data)
        incoming = PopularitySerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        services.popularity_adjust(
            character=character,
            adjusted_by=request.user,
            now=timezone.now(),
            by=request.user,
            **incoming.validated_data,
        )
        return Response(self.get_serializer(self.get_object()).data, status=201)


class LedgerViewSet(CampaignScopedViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    """The house points ledger: append-only, with running house totals."""

    serializer_class = LedgerEntrySerializer
    filterset_fields = ["campaign", "house", "character", "source"]
    search_fields = ["reason", "character__name"]
    ordering_fields = ["credit_at", "amount"]

    def get_queryset(self):
        entries = (
            HousePointEntry.objects.filter(campaign_id__in=list(campaign_roles(self.request)))
            .select_related("reversed_by")
            .prefetch_related("attributed_to")
        )
        return selectors.ledger_with_running_totals(entries).order_by("-created_at", "-id")

    @extend_schema(request=AwardSerializer, responses={201: LedgerEntrySerializer})
    def create(self, request):
        """Award (or take) house points in a campaign you run, to a house or one of its
        characters; another campaign's ids answer 404."""
        incoming = AwardSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        house, character = selectors.award_targets(
            request,
            campaign_id=data["campaign"],
            house_id=data["house"],
            character_id=data["character"],
        )
        entry = services.house_points_award(
            house=house,
            amount=data["amount"],
            reason=data["reason"],
            character=character,
            credit_at=data["credit_at"],
            awarded_by=request.user,
            now=timezone.now(),
            by=request.user,
        )
        return Response(self._with_running_total(entry), status=201)

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=False, methods=["get"], url_path="csv", pagination_class=None)
    def download(self, request):
        """The ledger as a CSV file, newest first (filters and ``?search=`` apply)."""
        entries = self.filter_queryset(self.get_queryset()).select_related(
            "house", "character", "awarded_by"
        )
        return csv_download(
            "house-points.csv",
            ["credit_at", "house", "amount", "house_total", "reason", "character", "source", "by"],
            (
                [
                    e.credit_at.isoformat(),
                    e.house.name,
                    e.amount,
                    e.running_total,
                    e.reason,
                    e.character.name if e.character else "",
                    e.source,
                    e.awarded_by.username if e.awarded_by else "",
                ]
                for e in entries
            ),
        )

    @extend_schema(
        request=ReasonSerializer,
        responses={201: LedgerEntrySerializer},
    )
    @action(detail=True, methods=["post"])
    def reverse(self, request, pk=None):
        """Cancel an entry with an opposite entry; entries are never edited or deleted."""
        entry = self.get_object()
        incoming = ReasonSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        reversal = services.house_points_reverse(
            entry=entry,
            reversed_by=request.user,
            now=timezone.now(),
            reason=incoming.validated_data["reason"],
            by=request.user,
        )
        return Response(self._with_running_total(reversal), status=201)

    def _with_running_total(self, entry) -> dict:
        """A new entry as the list shows it, its house's running total included."""
        return LedgerEntrySerializer(self.get_queryset().get(pk=entry.pk)).data


class TableLogViewSet(GameViewSet):
    """Each campaign's table log: every character check, provably fair.

    Logs are written only by checks (``POST /api/characters/{id}/checks/``);
    the storyguide closes one with ``abandon``, which reveals its seed.
    """

    kind = "log"
