"""What a delivery says in the ``discord`` format: a Discord message, ``{"content": ...}``,
in the campaign's language (docs/webhooks.md).

A game is told by its moments, not its events: one message per write (a command and the
bots' moves after it) that had any, the lines :func:`games.moments.moments_of` tells (a
goal, a round's summary, the end with its sentence), as a Discord channel bound by the
bridge hears them. The write's events are kept on its game row until its last one, whose
``seq`` is the game's new version; the message is then written with it, in the same
transaction, as every delivery is. An activity is its sentence.

The campaign's language is the one its storyguide chose in their preferences (the
first storyguide of the campaign who chose one): a campaign has no language of its own,
and its storyguide is who sets its webhooks up. Where none chose, a game speaks its
own language (its ruleset's first), and an activity the site's.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from campaign.activity import kinds
from campaign.models import Activity, Role
from core.models import Preferences
from games.models import Game, GameEvent
from games.moments import moments_of
from games.selectors import EVENT_FIELDS
from webhooks.messages import Message
from webhooks.models import GAME_EVENT

#: The longest message Discord takes.
MAX_CHARACTERS = 2000
#: What stands for the lines left out of a write's message too long for Discord.
LEFT_OUT = "…"


def campaign_language(campaign_id: int) -> str | None:
    """The campaign's language: its first storyguide's preferred one, if any chose."""
    return (
        Preferences.objects.filter(
            user__memberships__campaign_id=campaign_id,
            user__memberships__role=Role.STORYGUIDE,
        )
        .exclude(language="")
        .order_by("user__memberships__id")
        .values_list("language", flat=True)
        .first()
    )


def of_activity(activity: Activity) -> Message:
    """An activity's sentence, in the campaign's language."""
    kind = kinds()[activity.kind]
    with translation.override(campaign_language(activity.campaign_id) or settings.LANGUAGE_CODE):
        try:  # gettext("") would be the catalogue's header: a kind without a sentence
            line = gettext(kind.sentence) % activity.data if kind.sentence else ""
        except (KeyError, ValueError, TypeError):  # an activity of an older shape
            line = ""
        line = line or str(kind.label)
    return Message(activity.kind, activity.created_at, {"content": fitted([line])})


def of_game_event(game: Game, event: GameEvent) -> Message | None:
    """The message of the write ``event`` belongs to, once ``event`` is its last and the
    write had moments; ``None`` before then, and for a write with none."""
    record = {name: getattr(event, name) for name in EVENT_FIELDS}
    written = getattr(game, "_discord_webhook_write", None)
    if not written or written[-1]["seq"] != event.seq - 1:  # the write's first event
        written = game._discord_webhook_write = []
    written.append(record)
    if event.seq != game.version:
        return None
    game._discord_webhook_write = None
    lines = moments_of(game, written, campaign_language(game.campaign_id)).in_markdown()
    if not lines:
        return None
    return Message(GAME_EVENT, event.created_at, {"content": fitted(lines)})


def fitted(lines: list[str]) -> str:
    """``lines`` as one message Discord takes: where they are too long, the last ones
    (the end and its sentence) after a mark of what was left out."""
    content = "\n".join(lines)
    if len(content) <= MAX_CHARACTERS:
        return content
    kept: list[str] = []
    room = MAX_CHARACTERS - len(LEFT_OUT)
    for line in reversed(lines):
        if len(line) + 1 > room:
            break
        kept.insert(0, line)
        room -= len(line) + 1
    return "\n".join([LEFT_OUT, *kept]) if kept else content[: MAX_CHARACTERS - 1] + LEFT_OUT
