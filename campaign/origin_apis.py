"""A campaign's allowed origins through the API: ``/api/campaigns/{id}/origins/``, its
storyguide's to read and change (``campaign.origins`` says what they allow)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import origins, selectors
from campaign.models import AllowedOrigin, Campaign


class AllowedOriginSerializer(serializers.ModelSerializer):
    origin = serializers.CharField(
        max_length=200,
        help_text=(
            "The table's site as a browser names it: scheme, host and port "
            "(https://foundry.example:30000)."
        ),
    )

    class Meta:
        model = AllowedOrigin
        fields = ["id", "origin", "created_at"]
        read_only_fields = ["id", "created_at"]


def _run_by_caller(request, campaign_pk: int) -> Campaign:
    selectors.require_storyguide(request.user, campaign_pk)
    return Campaign.objects.get(pk=campaign_pk)


class AllowedOriginListView(APIView):
    """The sites whose pages may use the API for this campaign from a browser (GET), and
    one more (POST), beside the operators' own list. A token used from any other site's
    page is refused for this campaign. The campaign's storyguide's."""

    @extend_schema(
        operation_id="campaigns_origins_list", responses={200: AllowedOriginSerializer(many=True)}
    )
    def get(self, request, campaign_pk: int, format=None):
        campaign = _run_by_caller(request, campaign_pk)
        found = campaign.allowed_origins.all()
        return Response(AllowedOriginSerializer(found, many=True).data)

    @extend_schema(
        operation_id="campaigns_origins_create",
        request=AllowedOriginSerializer,
        responses={201: AllowedOriginSerializer},
    )
    def post(self, request, campaign_pk: int, format=None):
        campaign = _run_by_caller(request, campaign_pk)
        asked = AllowedOriginSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        allowed = origins.origin_allow(
            campaign=campaign, address=asked.validated_data["origin"], by=request.user
        )
        return Response(AllowedOriginSerializer(allowed).data, status=201)


class AllowedOriginDetailView(APIView):
    """Allow a site no more (DELETE): tokens used from its pages reach the campaign no
    more, at their next request."""

    @extend_schema(operation_id="campaigns_origins_destroy", responses={204: None})
    def delete(self, request, campaign_pk: int, pk: int, format=None):
        _run_by_caller(request, campaign_pk)
        origins.origin_remove(allowed=origins.allowed_origin(campaign_pk, pk), by=request.user)
        return Response(status=204)
