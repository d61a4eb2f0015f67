"""Bots woken by the clock: a game whose next move waits on time alone (an answer's window
closing, Chat-Quidditch §3.4) has its bots asked again when the time runs out, with
nobody acting.

The rules never read a clock; a ruleset says when time alone changes what may be done
(``Ruleset.wakes_at``). Once a game's bots have acted and stopped, the platform sets a
wake for that moment, as the setting ``BOT_WAKE`` says:

- ``celery``: a task at that time (``games.tasks.bots_wake``), the deployment's way;
- ``in_process``: a timer in the server's own process, the quick start's way, whose
  tasks run in the request and so cannot wait;
- ``off``: none (the tests, which wake a game by calling the service).

A wake carries the game's version: if anything moved in between, the move that did has
set its own wake and this one does nothing (``games.services.game_bots_wake``).
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from games import tasks as games_tasks

#: After the moment itself, so that the window has closed (an answer counts until its
#: deadline, inclusive).
MARGIN_SECONDS = 0.5


def wake_at(game, at: float) -> None:
    """Have the game's bots asked again at ``at`` (POSIX seconds), once the caller's
    transaction has committed."""
    how = settings.BOT_WAKE
    if how == "off":
        return
    game_id, version = game.pk, game.version
    when = at + MARGIN_SECONDS
    if how == "celery":
        eta = datetime.fromtimestamp(when, UTC)
        transaction.on_commit(
            lambda: games_tasks.bots_wake.apply_async((game_id, version), eta=eta)
        )
    else:
        transaction.on_commit(lambda: _in_process(game_id, version, when))


def _in_process(game_id: int, version: int, when: float) -> None:
    def wake() -> None:
        from games.services import game_bots_wake

        close_old_connections()
        try:
            game_bots_wake(game_id=game_id, version=version, now=timezone.now())
        finally:
            close_old_connections()

    timer = threading.Timer(max(0.0, when - time.time()), wake)
    timer.daemon = True
    timer.start()
