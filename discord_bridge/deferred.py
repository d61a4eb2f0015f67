"""Playing a command sent from Discord, and answering it after a deferral.

A command is played as the API plays it (``games.services.game_submit_command``), by
the linked account, at the moment the interaction was received (so that a time rule,
Chat-Quidditch's ten seconds, judges it then), and answered with what it did: the
narration of its event and of the bots' moves after it, in the sender's language. Where
it was deferred, the answer replaces the deferral ("… is thinking"); a refusal found only
in playing deletes the deferral and goes to the sender alone (an ephemeral follow-up).
The channel it is answered in takes the moves' moments from that answer, not again from
``discord_bridge.moments``.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import NamedTuple

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import close_old_connections

from core.errors import AppError
from discord_bridge import moments
from discord_bridge.client import Discord
from discord_bridge.words import message, refusal
from games import selectors
from games.models import Game, GameStatus
from games.ruleset import find_ruleset
from games.services import Submission, game_submit_command


@dataclass(frozen=True)
class Work:
    """A command to play for a Discord user, as a task's arguments (JSON)."""

    application_id: str
    token: str
    channel_id: str
    game_id: int
    user_id: int
    submission: dict
    received_at: str
    language: str


class Answer(NamedTuple):
    text: str
    refused: bool


def play(work: Work) -> Answer:
    """Play ``work``'s command; its answer in words, or its refusal as the API words it."""
    user = get_user_model().objects.get(pk=work.user_id)
    game = Game.objects.get(pk=work.game_id)
    language = work.language
    with moments.answered_in(work.channel_id):
        try:
            played = game_submit_command(
                game_id=work.game_id,
                by=user,
                submission=Submission(**work.submission),
                now=datetime.fromisoformat(work.received_at),
                kind=game.kind,
                language=lambda: language,
            )
        except AppError as error:
            return Answer(refusal(error, language), refused=True)
    return Answer(_what_happened(played.game, played.event.seq, played.actor, language), False)


def _what_happened(game: Game, seq: int, actor, language: str) -> str:
    """The lines of the command's event and every event after it (the bots' moves), and
    the game's end in its sentence."""
    lines = [
        line.get(language, "")
        for event in selectors.game_events(game, after=seq - 1)
        for line in selectors.event_as_seen(game, event, actor)["narration"]
    ]
    if game.status == GameStatus.FINISHED:
        result = selectors.result_as_served(
            find_ruleset(game.ruleset), game.state, lambda: language
        )
        lines.append(f"**{result['sentence']}**")
    return "\n".join(line for line in lines if line)


def answer_deferred(work: Work) -> None:
    """Play a deferred command and send its answer in place of the deferral."""
    answer = play(work)
    discord = Discord()
    if answer.refused:
        discord.request(
            "DELETE", f"/webhooks/{work.application_id}/{work.token}/messages/@original"
        )
        discord.follow_up(work.application_id, work.token, message(answer.text, ephemeral=True))
    else:
        discord.edit_answer(work.application_id, work.token, message(answer.text))


def send(work: Work) -> None:
    """Answer ``work`` after its deferral has gone out: by a Celery task where a broker
    is set up, else in a thread of this process (the quick start), which waits for
    nothing the request holds."""
    if settings.DISCORD_FOLLOW_UPS == "celery":
        from discord_bridge.tasks import follow_up

        follow_up.delay(asdict(work))
        return
    threading.Thread(target=_in_thread, args=(work,), daemon=True).start()


def _in_thread(work: Work) -> None:
    try:
        answer_deferred(work)
    finally:
        close_old_connections()
