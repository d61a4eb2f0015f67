"""A campaign's games in one stream: ``GET /api/campaigns/{id}/games/stream/``.

A bot or a plugin that follows a campaign's games needs one connection, not one
per game (a reader holds at most ``STREAMS_PER_USER`` streams): every event of
every game of the campaign that the reader may read, in the order the events
were written, each as the game's own stream gives it to that reader
(``games.selectors.event_as_seen`` for the reader's ``actor_for`` in that game:
another seat's hand stays hidden), wrapped with the game it belongs to. A game
started after the stream opened is in it from its first event. The path is the
campaign's ``games`` followed live, beside ``/api/campaigns/{id}/stream/``, the
campaign's activity; like every stream it ends in ``/stream/``, so the proxy
sends it to the streams server (``config.routes.is_stream``).

Who reads what: a member of the campaign every game of it, anyone else its
public games (the rule of ``games.selectors.visible``). The stream is opened for
the reader's role of that moment and ends with ``revoked`` when the role
changes or is lost (``core.streams.while_allowed``); a reconnect is judged afresh.

Ids: a message's ``id:`` is the event's global id (``GameEvent.pk``). Events
are read in id order; within a game that is the order of its log, and on
SQLite, which writes one transaction at a time, the order in which they
committed, so ``Last-Event-ID`` resumes with nothing missed and nothing twice.
On PostgreSQL two games' commands can commit in the other order than their
ids were drawn (a command whose bots play on holds its transaction longer):
a reader who reads the later one before the other commits resumes after it.
The one stream per game (``/api/matches/{id}/stream/``) numbers by the game's
own ``seq`` and has no such gap; docs/streams.md says so to plugin authors.

Waking: a game's log notifies its own key (``game:<id>``, ``core.streams``),
so a stream of many games has a relay (``relay_wakeups``) that watches the
campaign's running games and the campaign's activity (a game started, a game
finished) and wakes this stream's key when any of them is notified.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from django.contrib.auth.models import AnonymousUser

from campaign.models import Campaign
from campaign.roles import campaign_roles, roles_of
from core import streams
from core.errors import NotFound
from core.schema import REVOKED, stream_message
from games.models import Game, GameEvent, GameStatus
from games.ruleset import find_ruleset, ruleset_names
from games.schema import RulesetShapes, ref, union
from games.selectors import EVENT_FIELDS, event_as_seen
from games.services import actor_for

log = logging.getLogger(__name__)

PAGE = 100


class CampaignGamesStreamView(streams.StreamView):
    """Every event of the campaign's games that you may read, one message per event
    (``id:`` the event's global id; the body ``{game, ruleset, record}``, the record as
    the game's ``events/`` gives it to you), from ``Last-Event-ID`` or ``?after=`` on,
    then live, games started later included. Members read every game of the campaign,
    anyone else its public games."""

    anonymous = True  # for a campaign's public games

    def messages(self) -> dict[str, dict]:
        """Its messages in the contract (``core.schema.add_streams``)."""
        event = stream_message(
            ref("CampaignRecord"),
            "An event of one of the campaign's games as you may see it: the game's id, its "
            "ruleset, and the record its `events/` gives you.",
        )
        return {"message": event, "revoked": REVOKED}

    def components(self) -> dict[str, dict]:
        """``CampaignRecord``, one per ruleset (``ChatQuidditchCampaignRecord``: its
        ``record`` a ``ChatQuidditchRecord``), told apart by ``ruleset``."""
        members, own = {}, {}
        for name in ruleset_names():
            shapes = RulesetShapes(find_ruleset(name))
            members[name] = shapes.name("CampaignRecord")
            own[members[name]] = {
                "type": "object",
                "properties": {
                    "game": {"type": "integer", "description": "The game's id."},
                    "ruleset": {"type": "string", "enum": [name]},
                    "record": shapes.ref("Record"),
                },
                "required": ["game", "ruleset", "record"],
            }
        return {
            **own,
            "CampaignRecord": union(
                members, "ruleset", "An event of a campaign's game, with the game it is of."
            ),
        }

    async def open(self, request, pk: int):
        user = await streams.authenticate(request)
        request.user = user or AnonymousUser()
        roles = await self.roles(request, pk)
        role = roles.get(pk)
        key = f"campaign-games:{pk}"
        read = streams.database(lambda after: events_after(pk, user, roles, after))
        response = streams.event_stream(
            user,
            key,
            streams.start_after(request),
            read,
            view=f"user:{user.pk}" if user is not None else "anonymous",
            client=request,
            access=lambda: roles_of(user.pk).get(pk) == role,
        )
        relay = streams.database(lambda: running_games(pk))
        response.streaming_content = while_relayed(
            response.streaming_content, lambda: relay_wakeups(pk, key, relay)
        )
        return response

    @streams.database
    def roles(self, request, pk: int) -> dict[int, str]:
        if not Campaign.objects.filter(pk=pk).exists():
            raise NotFound()
        return campaign_roles(request)


def readable_games(campaign_id: int, roles: dict[int, str]):
    """The campaign's games a reader with ``roles`` may read: all of them for a member,
    the public ones for anyone else (``games.selectors.visible``)."""
    games = Game.objects.filter(campaign_id=campaign_id)
    return games if campaign_id in roles else games.filter(public=True)


def events_after(campaign_id: int, user, roles: dict[int, str], after: int) -> streams.Page:
    """The next events of the readable games after global id ``after``, in id order, each
    as the reader sees it in its game (``event_as_seen`` for their ``actor_for``)."""
    rows = (
        GameEvent.objects.filter(game__in=readable_games(campaign_id, roles), pk__gt=after)
        .order_by("pk")
        .values_list("pk", "game_id", *EVENT_FIELDS)[:PAGE]
    )
    rows = list(rows)
    games = (
        Game.objects.defer("state", "config")
        .prefetch_related("seats")
        .in_bulk({game_id for _, game_id, *_ in rows})
    )
    actors = {pk: actor_for(game, user, roles=roles) for pk, game in games.items()}
    items = []
    for pk, game_id, *fields in rows:
        game = games[game_id]
        event = dict(zip(EVENT_FIELDS, fields, strict=True))
        record = event_as_seen(game, event, actors[game_id])
        items.append((pk, {"game": game_id, "ruleset": game.ruleset, "record": record}))
    return streams.Page(items=items)


def running_games(campaign_id: int) -> set[int]:
    """The campaign's games that may still write events."""
    return set(
        Game.objects.filter(campaign_id=campaign_id, status=GameStatus.ACTIVE).values_list(
            "pk", flat=True
        )
    )


async def relay_wakeups(
    campaign_id: int, key: str, running: Callable[[], Awaitable[set[int]]]
) -> None:
    """Wake ``key`` whenever a running game of the campaign, or the campaign's activity,
    is notified (``core.streams.Wakeups``), until cancelled.

    The games watched are read again when the activity moves (a game started or
    finished), and ``key`` is woken once they are watched, so that the events a new
    game wrote before it was watched are read by the stream too.
    """
    waker = streams.wakeups()
    activity = f"campaign:{campaign_id}"
    heartbeat = streams.settings_value("STREAM_HEARTBEAT_SECONDS", 15)
    watched: dict[str, contextlib.ExitStack] = {}
    seen: dict[str, int] = {}  # each watched key's generation when last looked at

    def watch(keys: set[str]) -> None:
        for gone in watched.keys() - keys:
            watched.pop(gone).close()
        for new in keys - watched.keys():
            watched[new] = contextlib.ExitStack()
            watched[new].enter_context(waker.watching(new))
            seen[new] = waker.generation(new)

    with waker.watching(activity):
        seen[activity] = waker.generation(activity)
        try:
            watch({f"game:{pk}" for pk in await running()})
            waker.wake(key)
            while True:
                keys = [activity, *watched]
                waits = [asyncio.ensure_future(waker.wait(k, seen[k], heartbeat)) for k in keys]
                try:
                    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for wait in waits:
                        wait.cancel()
                notified = {k for k in keys if waker.generation(k) != seen[k]}
                for k in notified:
                    seen[k] = waker.generation(k)
                if activity in notified:
                    watch({f"game:{pk}" for pk in await running()})
                if notified:
                    waker.wake(key)
        finally:
            for stack in watched.values():
                stack.close()


async def while_relayed(chunks: AsyncIterator[bytes], relay: Callable[[], Awaitable[None]]):
    """The stream's ``chunks``, with ``relay()`` running beside them for as long as they
    last. The relay starts with the first read: a stream never read starts nothing.

    A relay that fails leaves the stream to find news when ``core.streams.follow``
    looks again (every heartbeat at the latest)."""
    task = asyncio.ensure_future(relay())
    task.add_done_callback(_log_failure)
    try:
        async for chunk in chunks:
            yield chunk
    finally:
        task.cancel()
        await asyncio.wait({task})


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("a campaign's games stream lost its relay", exc_info=task.exception())
