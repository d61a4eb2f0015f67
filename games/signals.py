"""Signals other apps listen to, so that games need not know who cares about them.

Each is sent by the game's ruleset class: a game package hears its own games only by
connecting with ``sender=`` its ruleset (``quidditch.rpg``'s write-back), rather than
reading every game's ruleset name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.dispatch import Signal

from core.cache import kept_together

if TYPE_CHECKING:
    from games.models import Game

#: Sent inside the transaction that sets a game up (``game``, ``now``), once its seats
#: are taken and before any bot has acted.
game_started = Signal()

#: Sent inside the transaction that appends an event to a game's log (``game``, ``event``,
#: the stored ``GameEvent``): a listener's writes commit with the event or not at all.
#: It runs on every command, so a listener must be cheap when it has nothing to do: what it
#: reads of the cache it reads through :func:`kept_for_writes`.
event_appended = Signal()

#: Sent inside the transaction that ends a game (``game``, ``now``): a listener's
#: writes commit or roll back together with the game's last event.
game_finished = Signal()

#: Sent inside the transaction in which a storyguide makes a finished friendly game count
#: (``game``, ``now``; ``campaign.counting``): a listener credits what the game's end would
#: have credited had it counted, once (a credit of its own already there is left as it is).
#: A ruleset's games count for something only if a listener is connected for it.
game_counted = Signal()

#: Sent inside the transaction that abandons a game before its end (``game``, ``now``).
game_abandoned = Signal()


#: How long what the listeners of ``event_appended`` read stays in the cache, unless a
#: change of it takes it out first (``core.cache.forget``).
KEPT_FOR_WRITES_SECONDS = 300

#: What each listener of ``event_appended`` reads: game -> (cache key, read from the database).
_kept_for_writes: list[Callable[[Game], tuple[str, Callable[[], Any]]]] = []


def kept_for_writes(entry: Callable[[Game], tuple[str, Callable[[], Any]]]):
    """Declare what a listener of ``event_appended`` reads for a game: ``entry(game)`` is
    its key in the cache and how to read it from the database (a campaign's webhook
    endpoints, the game's bound Discord channels), something no write to a game changes.
    The answer, ``of(game)``, is the value for the write being told.

    A write signals its events once they are all appended (a command and the bots' moves
    after it), so each event sees the game at the write's version: at a write's first
    event, what every listener declared is read in one round trip to Redis
    (``core.cache.kept_together``, under the stamps that ``forget`` moves on), and kept on
    the game for the write's other events, which read nothing. The next write reads again,
    so a new endpoint or binding gets it."""
    _kept_for_writes.append(entry)

    def of(game: Game) -> Any:
        return _read_for_the_write(game)[entry]

    return of


def _read_for_the_write(game: Game) -> dict:
    read = getattr(game, "_kept_for_write", None)
    if read is None or read[0] != game.version:
        keys = {entry: entry(game) for entry in _kept_for_writes}
        values = kept_together(
            dict(keys.values()),
            KEPT_FOR_WRITES_SECONDS,
            unwritten_here=True,
        )
        read = game._kept_for_write = (
            game.version,
            {entry: values[key] for entry, (key, _) in keys.items()},
        )
    return read[1]
