"""Draco Dormiens skirmishes on the shared game resources.

A skirmish is read, audited and played like every game (``games.apis``):
``GET /api/skirmishes/{id}/`` shows the rules' state (``order``, ``turn``,
``yet_to_act`` = who may still dodge, ``delaying``, ``attack``) with the
commands the caller may give now, and every move of the rules goes through
``commands``. What is particular to skirmishes is how one is gathered: from
the campaign's characters and ad-hoc participants, at creation and later.
"""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from core import idempotency
from games import selectors
from games.apis import PlayableGameViewSet
from games.serializers import CommandAnswerSerializer, GameSerializer
from skirmish import services
from skirmish.manifest import MANIFEST
from skirmish.serializers import SkirmishCreateSerializer, SkirmishParticipantSerializer


class SkirmishViewSet(PlayableGameViewSet):
    """Draco Dormiens skirmishes.

    Commands are the rules' JSON commands (docs/rules/skirmish.md); whenever a
    character's participant's Health changes (a hit, the storyguide's
    ``change_health``), the character's Health changes by as much, kept within
    0 and its maximum.
    """

    kind = MANIFEST.kind

    @extend_schema(
        request=SkirmishCreateSerializer,
        parameters=[idempotency.PARAMETER],
        responses={201: GameSerializer},
    )
    def create(self, request):
        """Gather a skirmish from the campaign's characters and ad-hoc participants.

        Only a storyguide of the campaign may. The body is the rules' config (the
        ruleset's ``example_config`` as it stands), with ``{"character": id}`` among
        the participants for the campaign's characters; participants without a
        ``key`` get ``p01``, ``p02``, ... Each character's player holds its
        participant, unless ``seats`` (participant -> member) or ``bots``
        (participant -> bot; ``"*"`` for every participant nobody holds and the
        storyguide's own duties) say otherwise; the storyguide runs the others and
        may command every participant.
        """

        def create():
            incoming = SkirmishCreateSerializer(data=request.data, context={"request": request})
            incoming.is_valid(raise_exception=True)
            game = services.skirmish_create(
                **incoming.validated_data,
                created_by=request.user,
                now=timezone.now(),
                started_by_member=True,
            )
            return self._answer(game, self.actor(game), status=201)

        return idempotency.created_once(request, create)

    @extend_schema(
        request=SkirmishParticipantSerializer,
        responses={201: CommandAnswerSerializer},
    )
    @action(detail=True, methods=["post"])
    def participants(self, request, pk=None):
        """Bring a character or an ad-hoc participant into the skirmish (storyguide only).

        Before initiative it rolls with everyone; later it rolls none and may
        re-enter after anyone's turn, as if it had delayed.
        """
        game = self.get_object()
        incoming = SkirmishParticipantSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        event = services.skirmish_add_participant(
            game_id=game.pk,
            by=request.user,
            participant=incoming.validated_data,
            now=timezone.now(),
        )
        answer = selectors.command_answer(
            event.game,
            event,
            self.actor(event.game),
            now=timezone.now(),
            language=selectors.asked_language(request),
        )
        return Response(answer, status=201)
