"""The platform's tasks: bots playing on after a request spent its second on them, and
bots woken when time alone has changed what they may do."""

from celery import shared_task
from django.utils import timezone

from config.celery import IdempotentTask


@shared_task(base=IdempotentTask)
def bots_move(game_id: int) -> bool:
    """Another stretch of a game's bot moves (``games.services.game_bots_move``); run twice,
    the second finds the bots done or the game moved on, and plays only what is left."""
    from games.services import game_bots_move

    return game_bots_move(game_id=game_id, now=timezone.now()) is not None


@shared_task(base=IdempotentTask)
def bots_wake(game_id: int, version: int) -> bool:
    """The game's bots asked again once time alone has changed what they may do
    (``games.wakes``); nothing if the game has moved on since the wake was set."""
    from games.services import game_bots_wake

    return game_bots_wake(game_id=game_id, version=version, now=timezone.now()) is not None


@shared_task(base=IdempotentTask)
def sweep_bots_moving() -> int:
    """Every game whose bots were left moving, handed to ``bots_move`` again: the beat
    runs it, so a continuation lost with a broker or a worker is picked up."""
    from games.models import Game, GameStatus

    ids = list(
        Game.objects.filter(bots_moving=True, status=GameStatus.ACTIVE).values_list("pk", flat=True)
    )
    for game_id in ids:
        bots_move.delay(game_id)
    return len(ids)
