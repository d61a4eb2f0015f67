"""The tokens a player makes for their plugins, through the API: ``/api/auth/tokens/``.

Each is limited to campaigns of theirs and to reading or playing, and expires
(``core.tokens`` says what a token reaches; ``core.services`` makes and revokes
them). The campaigns are checked here, where the caller's campaigns are known.
Tokens are managed with the site or a token made with the password
(``core.tokens.require_full``); the site's page is ``pages.tokens``.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.roles import campaign_roles
from core import idempotency
from core.errors import NotFound, gettext_noop
from core.models import TokenScope
from core.serializers import StrictCharField
from core.services import token_issue, token_revoke
from core.tokens import require_full

#: How long a token may live, in days, at most; and without a choice.
LONGEST_DAYS = 365
DEFAULT_DAYS = 30

READ, PLAY = "read", "play"
NOT_YOURS = gettext_noop("Campaign %(campaign)s is not one of yours.")


def tokens_of(user):
    """The user's tokens that have a scope, newest first (knox's token alongside)."""
    return (
        TokenScope.objects.filter(token__user=user)
        .select_related("token")
        .order_by("-token__created", "-pk")
    )


class PluginTokenSerializer(serializers.Serializer):
    """A token as its owner sees it: never the token itself again."""

    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(
        help_text='The name you gave it; "" for one made with the password.'
    )
    created = serializers.DateTimeField(source="token.created")
    expiry = serializers.DateTimeField(source="token.expiry", allow_null=True)
    last_used_at = serializers.DateTimeField(
        allow_null=True, help_text="When it was last used (to the minute); null: never."
    )
    campaigns = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="The campaigns it reaches; null: every campaign of yours.",
    )
    access = serializers.SerializerMethodField(help_text='"play" or only "read".')

    def get_access(self, scope: TokenScope) -> str:
        return PLAY if scope.plays else READ


class NewPluginTokenSerializer(PluginTokenSerializer):
    token = serializers.CharField(help_text="The token: shown this once, keep it safe.")


class TokenRequestSerializer(serializers.Serializer):
    name = StrictCharField(max_length=100, help_text="Which plugin it is for.")
    campaigns = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        min_length=1,
        max_length=100,
        help_text="The campaigns of yours it reaches; no other.",
    )
    access = serializers.ChoiceField(
        choices=[READ, PLAY],
        default=READ,
        help_text='"read": it reads only; "play": it also sends commands and changes.',
    )
    expires_in_days = serializers.IntegerField(
        min_value=1, max_value=LONGEST_DAYS, default=DEFAULT_DAYS
    )

    def validate_campaigns(self, campaigns: list[int]) -> list[int]:
        mine = campaign_roles(self.context["request"])
        for campaign in campaigns:
            if campaign not in mine:
                raise serializers.ValidationError(gettext(NOT_YOURS) % {"campaign": campaign})
        return campaigns


class TokenListView(APIView):
    """Your API tokens (GET), and a new one for a plugin (POST): limited to campaigns of
    yours and to reading or playing, with an expiry. The token is in the answer that
    made it, and never again. Not with a limited token."""

    @extend_schema(
        operation_id="auth_tokens_list", responses={200: PluginTokenSerializer(many=True)}
    )
    def get(self, request, format=None):
        require_full(request.user)
        return Response(PluginTokenSerializer(tokens_of(request.user), many=True).data)

    @extend_schema(
        operation_id="auth_tokens_create",
        request=TokenRequestSerializer,
        parameters=[idempotency.PARAMETER],
        responses={201: NewPluginTokenSerializer},
    )
    def post(self, request, format=None):
        require_full(request.user)

        def create():
            asked = TokenRequestSerializer(data=request.data, context={"request": request})
            asked.is_valid(raise_exception=True)
            issued = token_issue(
                request.user,
                name=asked.validated_data["name"],
                campaigns=asked.validated_data["campaigns"],
                plays=asked.validated_data["access"] == PLAY,
                lifetime=timedelta(days=asked.validated_data["expires_in_days"]),
            )
            body = {**PluginTokenSerializer(issued.scope).data, "token": issued.token}
            return Response(body, status=201)

        return idempotency.created_once(request, create)


class TokenDetailView(APIView):
    """Revoke one of your tokens (DELETE): it works no more, and the streams it opened
    end. Not with a limited token."""

    @extend_schema(operation_id="auth_tokens_revoke", responses={204: None})
    def delete(self, request, pk: int, format=None):
        require_full(request.user)
        scope = tokens_of(request.user).filter(pk=pk).first()
        if scope is None:
            raise NotFound(gettext_noop("You have no such token."))
        token_revoke(scope.token)
        return Response(status=204)
