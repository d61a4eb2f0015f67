"""The house cup as JSON, for league sites and plugins.

Reads are public, like the league pages; writes belong to the campaign's
storyguides (and, for a game under way, its referee): the services decide, each
given the caller as ``by``; the views parse, call and serialize.
"""

from __future__ import annotations

import functools

from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone, translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import SAFE_METHODS, AllowAny, IsAuthenticated
from rest_framework.response import Response

from campaign.serializers import ReasonSerializer
from campaign.teams import Team
from core.downloads import csv_download
from core.languages import answer_language
from league import selectors, services
from league.calendar import fixtures_calendar
from league.models import CupYear, Fixture
from league.serializers import (
    CupYearSerializer,
    DateSerializer,
    FixtureSerializer,
    FraudSerializer,
    PostponeSerializer,
    ProjectionSerializer,
    StandingsSerializer,
    StartSerializer,
)


def in_answer_language(action):
    """The texts an action writes for people (why a row is ahead, the marks in words, the
    feed's summaries) in the language the caller asked for, as its refusals are."""

    @functools.wraps(action)
    def answered(self, request, *args, **kwargs):
        with translation.override(answer_language(request)):
            return action(self, request, *args, **kwargs)

    return answered


class PublicReadMixin:
    def get_permissions(self):
        if self.request.method in SAFE_METHODS:
            return [AllowAny()]
        return [IsAuthenticated()]


class CupYearViewSet(
    PublicReadMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Cup years: a first half, a second half and the finals (§8.1). A storyguide makes
    one (POST) for a campaign they run, naming the ``ruleset`` its games are played by,
    one of the rulesets that play cups; left out, it is the first game of the project's
    list of games that plays cups (today ``chat-quidditch``, whose §8 is the house cup)."""

    serializer_class = CupYearSerializer
    queryset = CupYear.objects.select_related("campaign")
    filterset_fields = ["campaign"]
    search_fields = ["name", "campaign__name"]

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.cup_year_create(
            campaign=data["campaign"],
            name=data["name"],
            slug=data.get("slug", ""),
            first_half_starts=data["first_half_starts"],
            second_half_starts=data["second_half_starts"],
            ruleset=data.get("ruleset", ""),
            by=self.request.user,
        )

    @extend_schema(responses={200: StandingsSerializer})
    @action(detail=True, methods=["get"])
    @in_answer_language
    def standings(self, request, pk=None):
        """The table, every row saying why it is where it is (§8.1, §8.2), in the language
        asked for (``?lang=``, ``Accept-Language``; English without)."""
        table = selectors.cup_standings(self.get_object())
        return Response(
            StandingsSerializer(
                {
                    "rows": selectors.standings_rows(table),
                    "season_over": table.season_over,
                    "settled": table.settled,
                    "deciders_needed": [list(pair) for pair in table.deciders_needed],
                    "lots_needed": [list(group) for group in table.lots_needed],
                }
            ).data
        )

    @extend_schema(responses={200: ProjectionSerializer})
    @action(detail=True, methods=["get"])
    @in_answer_language
    def projections(self, request, pk=None):
        """What the remaining games still allow each house, as proofs (clinched,
        eliminated, hanging on a decider or lots), and the odds of a season simulation,
        with its seed (§8.1, §8.2, §8.3; docs/rules/league.md); the marks' sentences in
        the language asked for."""
        projection = services.cup_year_projection(cup_year=self.get_object(), now=timezone.now())
        return Response(ProjectionSerializer(selectors.projection_figures(projection)).data)

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"], url_path="standings.csv")
    @in_answer_language
    def standings_csv(self, request, pk=None):
        """The table as a CSV file, for a spreadsheet: the columns named as the JSON's
        fields, whatever the language, the reasons in the language asked for."""
        cup_year = self.get_object()
        rows = selectors.standings_rows(selectors.cup_standings(cup_year))
        columns = [
            "place",
            "house",
            "played",
            "won",
            "drawn",
            "lost",
            "points",
            "goals_for",
            "goals_against",
            "snitch_catches",
            "points_deducted",
            "why",
        ]
        return csv_download(
            f"{cup_year.campaign.slug}-{cup_year.slug}-standings.csv",
            columns,
            ([row[column] for column in columns] for row in rows),
        )

    @extend_schema(responses={(200, "text/calendar"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"], url_path="fixtures.ics")
    @in_answer_language
    def fixtures_ics(self, request, pk=None):
        """The fixtures as an iCalendar feed to subscribe to; each fixture keeps its UID.
        Its summaries are in the language asked for (``?lang=de``: a calendar sends no
        ``Accept-Language``)."""
        cup_year = self.get_object()
        page = request.build_absolute_uri(
            reverse("league:cup-year", args=[cup_year.campaign.slug, cup_year.slug])
        )
        body = fixtures_calendar(cup_year, page_url=page, now=timezone.now())
        response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{cup_year.slug}-fixtures.ics"'
        return response

    @extend_schema(request=None, responses={201: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], url_path="draw-lots")
    def draw_lots(self, request, pk=None):
        """Draw the lots the table needs, on the table log's provably fair dice (§8.2)."""
        drawn = services.cup_draw_lots(
            cup_year=self.get_object(), now=timezone.now(), by=request.user
        )
        return Response({"lots": [lot.to_json() for lot in drawn]}, status=201)

    @extend_schema(request=None, responses={201: FixtureSerializer(many=True)})
    @action(detail=True, methods=["post"])
    def finals(self, request, pk=None):
        """Set up the finals once the table is settled, or the deciders it needs (§8.2)."""
        made = services.cup_schedule_finals(cup_year=self.get_object(), by=request.user)
        return Response(FixtureSerializer(made, many=True).data, status=201)


class FixtureViewSet(
    PublicReadMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Cup games: windows and dates (§8.4), line-ups (§8.5), results, fraud (§8.7)."""

    serializer_class = FixtureSerializer
    queryset = Fixture.objects.select_related("home", "away", "cup_year", "game")
    filterset_fields = ["cup_year", "status", "stage"]

    def _answer(self, fixture, status=200):
        fixture.refresh_from_db()
        return Response(FixtureSerializer(fixture).data, status=status)

    @extend_schema(request=DateSerializer, responses={200: FixtureSerializer})
    @action(detail=True, methods=["post"])
    def date(self, request, pk=None):
        """Fix the date: inside the window, at least seven days ahead (§8.4)."""
        fixture = self.get_object()
        incoming = DateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        return self._answer(
            services.fixture_set_date(
                fixture=fixture,
                date=incoming.validated_data["date"],
                now=timezone.now(),
                by=request.user,
            )
        )

    @extend_schema(request=PostponeSerializer, responses={200: FixtureSerializer})
    @action(detail=True, methods=["post"])
    def postpone(self, request, pk=None):
        """Postpone with a reason, optionally opening a new four-week window (§2.1, §8.5)."""
        fixture = self.get_object()
        incoming = PostponeSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        return self._answer(
            services.fixture_postpone(fixture=fixture, by=request.user, **incoming.validated_data)
        )

    @extend_schema(request=ReasonSerializer, responses={200: FixtureSerializer})
    @action(detail=True, methods=["post"])
    def abandon(self, request, pk=None):
        """Abandon the game with a reason (§2.1)."""
        fixture = self.get_object()
        incoming = ReasonSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        return self._answer(
            services.fixture_abandon(
                fixture=fixture,
                reason=incoming.validated_data["reason"],
                now=timezone.now(),
                by=request.user,
            )
        )

    @extend_schema(request=StartSerializer, responses={201: FixtureSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        """Start the game with the teams that turned up; too few postpones it (§8.5)."""
        fixture = self.get_object()
        incoming = StartSerializer(data=request.data, campaign=fixture.cup_year.campaign)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        rosters = [
            Team(
                house=team["house"],
                players=[
                    (p["character"], p.get("position") or p["character"].quidditch_position)
                    for p in team["players"]
                ],
                captain=team["captain"],
                experience={p["character"].pk: p["xp"] for p in team["players"] if "xp" in p},
            )
            for team in data["teams"]
        ]
        fixture = services.fixture_start(
            fixture=fixture,
            rosters=rosters,
            settings=data["settings"],
            sitting_out=[c.pk for c in data["sitting_out"]],
            entered_dice=data["entered_dice"],
            created_by=request.user,
            now=timezone.now(),
            by=request.user,
        )
        return self._answer(fixture, status=201)

    @extend_schema(request=FraudSerializer, responses={201: FraudSerializer})
    @action(detail=True, methods=["post"])
    def frauds(self, request, pk=None):
        """Record dice fraud or a forbidden tool, even after the game (§8.7, §8.9)."""
        fixture = self.get_object()
        incoming = FraudSerializer(data=request.data, campaign=fixture.cup_year.campaign)
        incoming.is_valid(raise_exception=True)
        fraud = services.fraud_record(
            fixture=fixture,
            recorded_by=request.user,
            now=timezone.now(),
            by=request.user,
            **incoming.validated_data,
        )
        return Response(FraudSerializer(fraud).data, status=201)
