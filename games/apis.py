"""The uniform game resources: one shape for every ruleset.

``/api/matches/`` and ``/api/skirmishes/`` are the same viewset over the
shared storage, each showing the games of its kind, so a plugin learns one
shape: create, read (with the commands the caller may submit now), submit a
command, page through the log, verify it.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from games import selectors, services
from games.chain import timestamp
from games.models import Game
from games.ruleset import SPECTATOR, Actor, find_ruleset
from games.serializers import (
    ClientSeedSerializer,
    CommandAnswerSerializer,
    EventPageSerializer,
    GameCreateSerializer,
    GameSerializer,
    GameSummarySerializer,
    SubmissionSerializer,
    VerifySerializer,
)

EVENTS_PAGE_DEFAULT = 100
EVENTS_PAGE_MAX = 500


def render_event(game: Game, event: dict) -> dict:
    """A stored event as clients see it: ``created_at`` written exactly as it is hashed."""
    rules = find_ruleset(game.ruleset)
    return {
        **event,
        "created_at": timestamp(event["created_at"]),
        "narration": [rules.narrate(item) for item in event["events"]],
    }


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Games of one kind, to read and audit; subclasses set ``kind``."""

    kind: str
    serializer_class = GameSerializer
    filterset_fields = ["campaign", "status", "ruleset"]

    def get_serializer_class(self):
        return GameSummarySerializer if self.action == "list" else GameSerializer

    @extend_schema(responses={200: GameSerializer})
    def retrieve(self, request, *args, **kwargs):
        """A game's state as the caller may see it, and the commands they may give now."""
        return super().retrieve(request, *args, **kwargs)

    def get_permissions(self):
        if self.action in {"list", "retrieve", "events", "verify"}:
            return [AllowAny()]
        return [IsAuthenticated()]

    def get_queryset(self):
        return (
            selectors.games_visible_to(self.request, self.kind)
            .select_related("campaign")
            .prefetch_related("seats")
        )

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["actor"] = self._actor(getattr(self, "_game", None))
        return context

    def _actor(self, game):
        return Actor(SPECTATOR) if game is None else services.actor_for(game, self.request.user)

    def get_object(self):
        self._game = super().get_object()
        return self._game

    def _answer(self, game, status=200):
        self._game = game
        return Response(self.get_serializer(game).data, status=status)

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="Only events after this sequence number."),
            OpenApiParameter("limit", int, description=f"At most this many (≤ {EVENTS_PAGE_MAX})."),
        ],
        responses={200: EventPageSerializer},
    )
    @action(detail=True, methods=["get"])
    def events(self, request, pk=None):
        """The log, a page at a time: poll with ?after=<last seq you have>."""
        game = self.get_object()
        after = _int_param(request, "after", 0, minimum=0)
        limit = _int_param(
            request, "limit", EVENTS_PAGE_DEFAULT, minimum=1, maximum=EVENTS_PAGE_MAX
        )
        events = selectors.game_events(game, after=after, limit=limit)
        page = {
            "results": [render_event(game, event) for event in events],
            "next_after": events[-1]["seq"] if len(events) == limit else None,
            "version": game.version,
        }
        return Response(EventPageSerializer(page).data)

    @extend_schema(responses={200: VerifySerializer})
    @action(detail=True, methods=["get"])
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
            game_id=game.pk, user=request.user, client_seed=incoming.validated_data["client_seed"]
        )
        return self._answer(game)

    @extend_schema(request=None, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def abandon(self, request, pk=None):
        """End the game early (storyguide or referee); its seed is revealed."""
        game = self.get_object()
        return self._answer(
            services.game_abandon(game_id=game.pk, user=request.user, now=timezone.now())
        )


def _int_param(request, name: str, default: int, *, minimum: int, maximum: int | None = None):
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise serializers.ValidationError({name: ["A whole number is required."]}) from None
    if value < minimum or (maximum is not None and value > maximum):
        raise serializers.ValidationError(
            {name: [f"Must be between {minimum} and {maximum or 'any'}."]}
        )
    return value


class PlayableGameViewSet(GameViewSet):
    """Games that clients create and play by submitting commands.

    ``submit_command`` is the service behind ``commands``; a kind of game with
    side effects of its own (a skirmish's Health on the sheet) names its own.
    """

    submit_command = staticmethod(services.game_submit_command)

    @extend_schema(request=GameCreateSerializer, responses={201: GameSerializer})
    def create(self, request):
        """Create a game under a ruleset; only a storyguide of the campaign may."""
        incoming = GameCreateSerializer(
            data=request.data, context={"request": request, "kind": self.kind}
        )
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        game = services.game_create(
            campaign=data["campaign"],
            ruleset=data["ruleset"],
            config=data["config"],
            title=data["title"],
            public=data["public"],
            entered_dice=data["entered_dice"],
            client_seed=data.get("client_seed"),
            seats=data.get("seats"),
            created_by=request.user,
            now=timezone.now(),
        )
        return self._answer(game, status=201)

    @extend_schema(
        request=SubmissionSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                OpenApiParameter.HEADER,
                description="A retry with the same key and body returns the first answer.",
            )
        ],
        responses={
            201: CommandAnswerSerializer,
        },
    )
    @action(detail=True, methods=["post"])
    def commands(self, request, pk=None):
        """Submit one command, as text or JSON; answers the event and the new state."""
        game_id = self._visible_game_id(pk)
        incoming = SubmissionSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        answer = self.submit_command(
            game_id=game_id,
            user=request.user,
            submission=services.Submission(**incoming.validated_data),
            now=timezone.now(),
            idempotency_key=request.headers.get("Idempotency-Key") or None,
            render=self._render_answer,
        )
        return Response(answer.body, status=answer.status_code)

    def _visible_game_id(self, pk) -> int:
        """The game's id if the caller may see it (else 404), without loading its state:
        the service locks and reads the row itself."""
        try:
            found = (
                selectors.games_visible_to(self.request, self.kind)
                .filter(pk=pk)
                .values_list("pk", flat=True)
                .first()
            )
        except (TypeError, ValueError):
            found = None
        if found is None:
            raise NotFound("No such resource.")
        return found

    def _render_answer(self, game, event, actor) -> dict:
        self._game = game
        stored = {
            "seq": event.seq,
            "actor": event.actor,
            "submitted": event.submitted,
            "command": event.command,
            "dice": event.dice,
            "events": event.events,
            "created_at": event.created_at,
            "hash": event.hash,
        }
        # Not get_serializer_context(): it would look the actor up again.
        context = {"request": self.request, "format": self.format_kwarg, "view": self}
        # The shape of CommandAnswerSerializer; render_event already gives the event's.
        return {
            "event": render_event(game, stored),
            "game": GameSerializer(game, context={**context, "actor": actor}).data,
        }
