"""A bound channel is told the game's moments (a goal, a round's summary, a snitch caught,
the end with its sentence) as messages, not one per event: the moments of one write
(a command and the bots' moves after it) go out together once it commits, as few
messages as Discord's length allows, through the client that waits out Discord's 429s.

A write made from the channel itself is answered there with everything it did
(``discord_bridge.deferred``), so its moments are not told to that channel again.

The listener runs inside every command's transaction, so it costs no query: which
channels a game is bound to is read from the cache (cleared when a binding changes).
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

from django.core.cache import cache
from django.db import transaction

from discord_bridge.client import Discord
from discord_bridge.words import in_pieces
from games import selectors
from games.models import GameStatus
from games.ruleset import SPECTATOR, Actor, find_ruleset

#: The event types, across the rulesets, that are a game's moments.
MOMENT_TYPES = frozenset(
    {
        "goal",
        "goal_scored",
        "penalty_goal",
        "round",
        "round_scored",
        "snitch_catch",
        "snitch_caught",
        "out_of_the_fight",
        "skirmish_ended",
    }
)
#: How long the bound channels of a game are kept in the cache.
CHANNELS_FOR_SECONDS = 300

_answered_in: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "discord_answered_in", default=None
)


@contextlib.contextmanager
def answered_in(channel_id: str) -> Iterator[None]:
    """Within: writes are answered in ``channel_id``, which takes no moments of them."""
    token = _answered_in.set(channel_id)
    try:
        yield
    finally:
        _answered_in.reset(token)


def _key(game_id: int) -> str:
    return f"discord-channels:{game_id}"


def bound_channels(game_id: int) -> list[tuple[int, str, str]]:
    """(pk, channel id, language) of each channel bound to the game, from the cache."""
    channels = cache.get(_key(game_id))
    if channels is None:
        from discord_bridge.models import DiscordChannel

        channels = list(
            DiscordChannel.objects.filter(game_id=game_id).values_list(
                "pk", "channel_id", "language"
            )
        )
        cache.set(_key(game_id), channels, CHANNELS_FOR_SECONDS)
    return channels


def forget_channels(game_id: int | None) -> None:
    """A game's bindings changed: read them afresh, after this transaction too."""
    if game_id is not None:
        cache.delete(_key(game_id))
        transaction.on_commit(lambda: cache.delete(_key(game_id)))


def event_appended(sender, game, event, **kwargs) -> None:
    """Note the event's moments for each channel bound to the game, to be told once the
    write commits. They are kept on the game row of this write, which a rolled back
    write takes with it."""
    channels = [c for c in bound_channels(game.pk) if c[1] != _answered_in.get()]
    if not channels:
        return
    rules = find_ruleset(game.ruleset)
    record = {name: getattr(event, name) for name in selectors.EVENT_FIELDS}
    if game.status == GameStatus.ACTIVE:
        record = rules.view_event(record, Actor(SPECTATOR))
    items = [item for item in record["events"] if item.get("type") in MOMENT_TYPES]
    batches = getattr(game, "_discord_moments", None)
    if batches is None:
        batches = game._discord_moments = {}
        transaction.on_commit(lambda: _send(game, batches))
    for pk, _, language in channels:
        lines = batches.setdefault((pk, language), [])
        lines.extend(rules.narrate(item).get(language, "") for item in items)


def _send(game, batches: dict) -> None:
    """Hand each channel's moments of the write to a task; the end with its sentence."""
    from discord_bridge.tasks import post_moments

    rules = find_ruleset(game.ruleset)
    for (pk, language), lines in batches.items():
        if game.status == GameStatus.FINISHED:
            ending = selectors.result_as_served(
                rules, game.state, lambda language=language: language
            )
            lines = [*lines, f"**{ending['sentence']}**"]
        lines = [line for line in lines if line]
        if lines:
            post_moments.delay(pk, lines)
    game._discord_moments = None


def post(channel_pk: int, lines: list[str]) -> None:
    """Send ``lines`` to the channel, as its application's bot."""
    from discord_bridge.models import DiscordChannel

    channel = DiscordChannel.objects.select_related("application").filter(pk=channel_pk).first()
    if channel is None:
        return
    discord = Discord(channel.application.bot_token)
    for piece in in_pieces(lines):
        discord.post(channel.channel_id, {"content": piece, "allowed_mentions": {"parse": []}})
