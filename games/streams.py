"""A game's live stream: ``GET /api/matches/{id}/stream/`` (and for every kind of game).

The log as the caller may see it, each event one message with ``id: <seq>``
and the same body as ``events?after=`` gives, from where the caller resumes
(``core.streams`` says how), until the game ends. Who may read it is who may
read the game through the API.
"""

from __future__ import annotations

import json

from django.contrib.auth.models import AnonymousUser

from core import streams
from core.errors import NotFound, gettext_noop
from core.schema import END, REVOKED, stream_message
from games import selectors
from games.campaign_app import campaign_app
from games.manifest import manifest_of
from games.models import Game, GameStatus
from games.ruleset import find_ruleset, ruleset_names
from games.schema import RulesetShapes
from games.services import actor_for

PAGE = 100


class GameStreamView(streams.StreamView):
    """The game's log as you may see it, one message per event (``id:`` its seq, the body
    as ``events/`` gives it), from ``Last-Event-ID`` or ``?after=`` on, then live; an
    ``end`` message when the game is over."""

    kind: str = ""
    anonymous = True  # a public game's stream, as its answer, is anyone's

    def messages(self) -> dict[str, dict]:
        """Its messages in the contract (``core.schema.add_streams``)."""
        records = [
            RulesetShapes(find_ruleset(name)).ref("Record")
            for name in ruleset_names()
            if manifest_of(name).kind == self.kind
        ]
        event = stream_message(
            {"anyOf": records},
            "An event of the log as you may see it, the record `events/` gives: the "
            "`Record` of the game's ruleset (`ChatQuidditchRecord` for a `chat-quidditch` "
            "game).",
        )
        return {"message": event, "end": END, "revoked": REVOKED}

    async def open(self, request, pk: int):
        user = await streams.authenticate(request)
        request.user = user or AnonymousUser()
        game, actor = await self.actor(request, pk)
        read = streams.database(lambda after: events_after(pk, actor, after))
        return streams.event_stream(
            user,
            f"game:{pk}",
            streams.start_after(request),
            read,
            view=json.dumps(actor.to_json(), sort_keys=True),
            client=request,
            access=lambda: sees_as(game, user, actor),
        )

    @streams.database
    def actor(self, request, pk: int):
        game = selectors.games_visible_to(request, self.kind).filter(pk=pk).first()
        if game is None:
            raise NotFound(gettext_noop("No such game, or not one you may read."))
        return game, actor_for(game, request.user, roles=campaign_app().roles(request))


def sees_as(game: Game, user, actor) -> bool:
    """Whether ``user`` may still read ``game`` and sees it as ``actor`` (their roles now,
    from the cache; the game's seats as the stream opened)."""
    roles = campaign_app().roles_of(user.pk)
    return selectors.visible(game, roles) and actor_for(game, user, roles=roles) == actor


def events_after(pk: int, actor, after: int) -> streams.Page:
    game = Game.objects.defer("state", "config").get(pk=pk)
    events = selectors.game_events(game, after=after, limit=PAGE)
    return streams.Page(
        items=[(event["seq"], selectors.event_as_seen(game, event, actor)) for event in events],
        closed=game.status != GameStatus.ACTIVE,
    )
