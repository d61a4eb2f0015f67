"""A bound channel is told the game's moments (the event types its package names in
``Manifest.moments``: a goal, a round's summary, the end with its sentence) as messages,
not one per event: the moments of one write (a command and the bots' moves after it),
told by :func:`games.moments.moments_of` once it commits, in the channel's language, as
few messages as Discord's length allows, through the client that waits out Discord's 429s.

A write made from the channel itself is answered there with everything it did
(``discord_bridge.deferred``), so its moments are not told to that channel again.

The listener runs inside every command's transaction, so it costs no query: which
channels a game is bound to is read from the cache, in the one round trip to Redis of
the write's listeners (``games.signals.kept_for_writes``), and moved on when a binding
changes (``core.cache.forget``).
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator

from django.db import transaction

from core.cache import forget
from discord_bridge.client import Discord
from discord_bridge.words import in_pieces
from games import selectors
from games.moments import moments_of
from games.signals import kept_for_writes

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
    # Kept with its stamp, under a name of its own: a process of an earlier release, which
    # kept a bare list under "discord-channels:", never reads this shape.
    return f"discord-bound:{game_id}"


def _bound(game) -> tuple[str, Callable[[], list[tuple[int, str, str]]]]:
    """(pk, channel id, language) of each channel bound to the game: their key in the
    cache, and how to read them."""

    def read() -> list[tuple[int, str, str]]:
        from discord_bridge.models import DiscordChannel

        return list(
            DiscordChannel.objects.filter(game_id=game.pk).values_list(
                "pk", "channel_id", "language"
            )
        )

    return _key(game.pk), read


#: The channels bound to a game, read once for each write to it.
bound_channels = kept_for_writes(_bound)


def forget_channels(game_id: int | None) -> None:
    """A game's bindings changed: read them afresh, after this transaction too."""
    if game_id is not None:
        forget(_key(game_id))


def event_appended(sender, game, event, **kwargs) -> None:
    """Keep the event's record for each channel bound to the game, to be told once the
    write commits (:func:`games.moments.moments_of`). The records are kept on the game row
    of this write, which a rolled back write takes with it."""
    channels = [c for c in bound_channels(game) if c[1] != _answered_in.get()]
    if not channels:
        return
    written = getattr(game, "_discord_write", None)
    if written is None:
        written = game._discord_write = ([], channels)
        transaction.on_commit(lambda: _send(game, *written))
    written[0].append({name: getattr(event, name) for name in selectors.EVENT_FIELDS})


def _send(game, records: list[dict], channels: list[tuple[int, str, str]]) -> None:
    """Hand each channel the write's moments, in its language, to a task."""
    from discord_bridge.tasks import post_moments

    game._discord_write = None
    for pk, _, language in channels:
        lines = moments_of(game, records, language).in_markdown()
        if lines:
            post_moments.delay(pk, lines)


def post(channel_pk: int, lines: list[str]) -> None:
    """Send ``lines`` to the channel, as its application's bot."""
    from discord_bridge.models import DiscordChannel

    channel = DiscordChannel.objects.select_related("application").filter(pk=channel_pk).first()
    if channel is None:
        return
    discord = Discord(channel.application.bot_token)
    for piece in in_pieces(lines):
        discord.post(channel.channel_id, {"content": piece, "allowed_mentions": {"parse": []}})
