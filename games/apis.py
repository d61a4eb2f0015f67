"""The uniform game resources: one shape for every ruleset.

``/api/matches/`` serves the games of every ruleset of the match kind (and
``/api/skirmishes/``, ``/api/table-logs/`` theirs) with no code of a
ruleset's own, so a plugin learns one shape: create, read (with the commands
the caller may submit now), submit a command, page through the log, verify
it. ``/api/rulesets/`` describes every ruleset the service referees.
"""

from __future__ import annotations

import functools

from django.http import HttpResponse
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from core import idempotency
from core.errors import AppError, NotFound
from core.errors import gettext_noop as _
from core.numbers import whole_number
from core.pagination import CURSOR_PARAMETERS, cursor, cursor_page, int_param
from core.schema import RATE_LIMITED
from core.throttling import VerifyRateThrottle
from games import selectors, services
from games.campaign_app import campaign_app
from games.manifest import manifest_for, manifest_of
from games.models import Game
from games.ruleset import find_ruleset, ruleset_names
from games.serializers import (
    BotsSerializer,
    ClientSeedSerializer,
    CommandAnswerSerializer,
    EventPageSerializer,
    GameCreateSerializer,
    GameSerializer,
    GameSummarySerializer,
    RulesetSerializer,
    SubmissionSerializer,
    VerifySerializer,
)

#: What an answer about a game differs by, besides its URL: the reader and their language.
VARIES_BY = ("Accept-Language", "Authorization", "Cookie")

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    description="The ETag of an answer you hold: 304 with no body while it still holds.",
)


def not_modified(request, etag: str) -> bool:
    """Does the request's ``If-None-Match`` name ``etag`` (compared weakly, RFC 9110 13.1.2)?"""
    asked = parse_etags(request.headers.get("If-None-Match", ""))
    return "*" in asked or etag in {tag.removeprefix("W/") for tag in asked}


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Games of one kind, to read and audit; subclasses set ``kind``."""

    kind: str
    serializer_class = GameSerializer
    filterset_fields = ["campaign", "status", "ruleset"]
    search_fields = ["title", "ruleset", "campaign__name"]
    ordering_fields = ["created_at", "finished_at", "title"]

    def get_serializer_class(self):
        return GameSummarySerializer if self.action == "list" else GameSerializer

    def get_permissions(self):
        if self.action in {"list", "retrieve", "events", "verify", "board_svg"}:
            return [AllowAny()]
        return [IsAuthenticated()]

    def get_queryset(self):
        return (
            selectors.games_visible_to(self.request, self.kind)
            .select_related("campaign")
            .prefetch_related("seats")
        )

    @extend_schema(parameters=[IF_NONE_MATCH], responses={200: GameSerializer, 304: None})
    def retrieve(self, request, *args, **kwargs):
        """A game's state as the caller may see it, and the commands they may give now;
        with an ETag, and 304 while the ``If-None-Match`` given still holds."""
        game = self.get_object()
        actor = self.actor(game)
        return self._conditional(game, actor, lambda: self._game_body(game, actor))

    def _conditional(self, game: Game, actor, body, part: str = "") -> Response:
        """``body()`` with its ETag, or 304 with no body (and nothing rendered) when the
        reader holds the answer already (``selectors.game_etag``)."""
        language = selectors.words_language(
            manifest_of(game.ruleset).words, selectors.asked_language(self.request)
        )
        etag = selectors.game_etag(game, actor, language=language, now=timezone.now(), part=part)
        fresh = not_modified(self.request, etag)
        response = Response(status=304) if fresh else Response(body())
        response["ETag"] = etag
        patch_vary_headers(response, VARIES_BY)
        return response

    def answer_language(self) -> str | None:
        """An error about a game the reader may read is told in its ruleset's first
        language, unless the reader asks for another (``core.responses``). About any
        other game it is told as about no game at all, so that a 404 says nothing of a
        private game (whether it exists, its ruleset)."""
        pk = str(self.kwargs.get(self.lookup_url_kwarg or self.lookup_field, ""))
        try:
            games = selectors.games_visible_to(self.request, self.kind)
        except AppError:  # the refusal being told is the reader's own (a token's origin)
            return None
        name = games.filter(pk=whole_number(pk) or 0).values_list("ruleset", flat=True).first()
        return manifest_of(name).words.languages[0] if name in ruleset_names() else None

    def actor(self, game: Game):
        """How the rules see the caller in ``game``, from the roles cached on the request."""
        return services.actor_for(game, self.request.user, roles=campaign_app().roles(self.request))

    def _answer(self, game: Game, actor, status=200) -> Response:
        return Response(self._game_body(game, actor), status=status)

    def _game_body(self, game: Game, actor) -> dict:
        context = {**self.get_serializer_context(), "actor": actor, "now": timezone.now()}
        return GameSerializer(game, context=context).data

    @extend_schema(
        parameters=[*CURSOR_PARAMETERS, IF_NONE_MATCH],
        responses={200: EventPageSerializer, 304: None},
    )
    @action(detail=True, methods=["get"])
    def events(self, request, pk=None):
        """The log, a page at a time, as the caller may see it: poll with ?after=<last seq>
        (with the page's ETag in ``If-None-Match``: 304 while nothing is new)."""
        game = self.get_object()
        actor = self.actor(game)
        after, limit = cursor(request)

        def page() -> dict:
            events = selectors.game_events(game, after=after, limit=limit)
            page = cursor_page(
                [selectors.event_as_seen(game, event, actor) for event in events],
                after=after,
                latest=game.version,
            )
            page.update(version=game.version, ruleset=game.ruleset)
            return EventPageSerializer(page).data

        return self._conditional(game, actor, page, part=f"events:{after}:{limit}")

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "at", int, description="Draw the board just after this event (default: now)."
            )
        ],
        responses={(200, "image/svg+xml"): OpenApiTypes.STR},
    )
    @action(detail=True, methods=["get"], url_path="board.svg")
    def board_svg(self, request, pk=None):
        """The board as an SVG picture, now or at any point of the log, as the caller may
        see it; 404 for a ruleset that draws none."""
        game = self.get_object()
        board = manifest_of(game.ruleset).board
        if board is None:
            raise NotFound(_("This game has no board to draw."))
        at = int_param(request, "at", game.version, minimum=0)
        state = selectors.state_as_seen(game, self.actor(game), selectors.state_at(game, at))
        return HttpResponse(board(state), content_type="image/svg+xml")

    @extend_schema(responses={200: VerifySerializer, 429: RATE_LIMITED})
    @action(detail=True, methods=["get"], throttle_classes=[VerifyRateThrottle])
    def verify(self, request, pk=None):
        """Audit the log: chain, seed, every server roll (once revealed), and a replay."""
        game = self.get_object()
        return Response(VerifySerializer(selectors.game_verify(game).to_json()).data)

    @extend_schema(request=ClientSeedSerializer, responses={200: GameSerializer})
    @action(detail=True, methods=["post"], url_path="client-seed")
    def client_seed(self, request, pk=None):
        """Choose the client seed that every server roll mixes in, before the first roll."""
        game = self.get_object()
        incoming = ClientSeedSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        game = services.game_set_client_seed(
            game_id=game.pk, by=request.user, client_seed=incoming.validated_data["client_seed"]
        )
        return self._answer(game, self.actor(game))

    @extend_schema(request=None, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def abandon(self, request, pk=None):
        """End the game early (storyguide or referee); its seed is revealed."""
        game = self.get_object()
        game = services.game_abandon(game_id=game.pk, by=request.user, now=timezone.now())
        return self._answer(game, self.actor(game))


class PlayableGameViewSet(GameViewSet):
    """Games that clients create and play by submitting commands."""

    @extend_schema(
        request=GameCreateSerializer,
        parameters=[idempotency.PARAMETER],
        responses={201: GameSerializer},
    )
    def create(self, request):
        """Create a game under any ruleset of this kind; only a storyguide of the campaign may.

        ``config`` follows the ruleset's ``config_schema`` (``GET /api/rulesets/``);
        seats go to the players of the characters the config fields, to the
        members named in ``seats``, and to the bots named in ``bots``.
        """

        def create():
            incoming = GameCreateSerializer(
                data=request.data, context={"request": request, "kind": self.kind}
            )
            incoming.is_valid(raise_exception=True)
            game = services.game_create(
                **incoming.validated_data,
                created_by=request.user,
                now=timezone.now(),
                started_by_member=True,
            )
            return self._answer(game, self.actor(game), status=201)

        return idempotency.created_once(request, create)

    @extend_schema(
        request=SubmissionSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                OpenApiParameter.HEADER,
                description="A retry with the same key and body returns the first answer "
                f"(at most {idempotency.MAX_KEY} characters).",
            )
        ],
        responses={201: CommandAnswerSerializer},
    )
    @action(detail=True, methods=["post"])
    def commands(self, request, pk=None):
        """Submit one command, as text or JSON; answers the event and the new state."""
        game_id = whole_number(pk)
        if game_id is None:
            raise NotFound()
        incoming = SubmissionSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        now = timezone.now()
        played = services.game_submit_command(
            game_id=game_id,
            kind=self.kind,
            roles=campaign_app().roles(request),
            by=request.user,
            submission=services.Submission(**incoming.validated_data),
            now=now,
            idempotency_key=idempotency.asked_key(request),
            language=selectors.asked_language(request),
        )
        if played.answered is not None:  # kept with the event (its key's), or a retry's
            return Response(played.answered, status=201)
        return Response(
            selectors.command_answer(
                played.game,
                played.event,
                played.actor,
                now=now,
                language=selectors.asked_language(request),
            ),
            status=201,
        )

    @extend_schema(request=BotsSerializer, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def bots(self, request, pk=None):
        """Hand seats to bots (referee only): they act at once, and whenever they may after."""
        game = self.get_object()
        incoming = BotsSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        game = services.game_seat_bots(
            game_id=game.pk, by=request.user, now=timezone.now(), **incoming.validated_data
        )
        return self._answer(game, self.actor(game))


class MatchViewSet(PlayableGameViewSet):
    """Quidditch matches under any ruleset of the match kind (``GET /api/rulesets/``)."""

    kind = "match"


class RulesetViewSet(viewsets.ViewSet):
    """The rule systems the service referees, with where their games are and the shapes
    they take."""

    permission_classes = [AllowAny]
    lookup_field = "name"
    lookup_value_regex = "[a-z0-9-]+"

    @extend_schema(responses={200: RulesetSerializer(many=True)})
    def list(self, request):
        return Response(
            RulesetSerializer([self._describe(name) for name in ruleset_names()], many=True).data
        )

    @extend_schema(responses={200: RulesetSerializer})
    def retrieve(self, request, name=None):
        if name not in ruleset_names():
            raise NotFound(_("No ruleset %(name)s."), params={"name": name})
        return Response(RulesetSerializer(self._describe(name)).data)

    def _describe(self, name: str) -> dict:
        rules = find_ruleset(name)
        endpoint, creatable = games_endpoints()[manifest_for(rules).kind]
        return {
            **selectors.ruleset_description(name),
            "endpoint": endpoint,
            "creatable": creatable,
            "ending_actions": sorted(rules.ending_actions),
        }


@functools.cache
def games_endpoints() -> dict[str, tuple[str, bool]]:
    """Kind of game -> the collection its games are read at, and whether a client creates
    them there: from the URL configuration, where each kind's ``GameViewSet`` is routed."""
    found = {}

    def walk(patterns):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns)
            view = getattr(getattr(pattern, "callback", None), "cls", None)
            if isinstance(view, type) and issubclass(view, GameViewSet) and pattern.name:
                actions = pattern.callback.actions
                if actions.get("get") == "list":
                    found[view.kind] = (reverse(pattern.name), actions.get("post") == "create")

    walk(get_resolver().url_patterns)
    return found
