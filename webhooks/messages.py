"""What a delivery says: one event, written in the endpoint's format.

``standard`` is the Standard Webhooks body, ``{"type", "timestamp", "data"}``:
for an activity its ``data`` is the campaign's activity (``campaign``, ``seq``
and what the activity line holds); for a game event it is the event as a
spectator sees it (the platform's per-actor view: no seat's hidden cards),
with its narration. ``discord`` is a Discord message, ``{"content": line}``:
the event's narration in the game's first language, or a sentence for an
activity. An event with nothing to say in that format sends nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from campaign.activity import kinds
from campaign.models import Activity
from games.chain import timestamp
from games.models import Game, GameEvent
from games.ruleset import SPECTATOR, Actor, find_ruleset
from games.selectors import EVENT_FIELDS, event_as_seen
from webhooks.models import GAME_EVENT, Format

DISCORD_MAX_CHARACTERS = 2000
SPECTATOR_VIEW = Actor(role=SPECTATOR)


@dataclass(frozen=True)
class Message:
    type: str
    data: dict
    at: datetime
    line: str

    def body(self, format: str) -> dict | None:
        if format == Format.DISCORD:
            return {"content": self.line[:DISCORD_MAX_CHARACTERS]} if self.line else None
        return {"type": self.type, "timestamp": timestamp(self.at), "data": self.data}


def of_activity(activity: Activity) -> Message:
    data = {"campaign": activity.campaign_id, "seq": activity.seq, **activity.data}
    kind = kinds()[activity.kind]
    try:
        line = kind.sentence.format_map(activity.data)
    except (KeyError, ValueError, TypeError):  # an activity of an older shape
        line = str(kind.label)
    return Message(activity.kind, data, activity.created_at, line)


def of_game_event(game: Game, event: GameEvent) -> Message:
    stored = {name: getattr(event, name) for name in EVENT_FIELDS}
    seen = event_as_seen(game, stored, SPECTATOR_VIEW)
    language = find_ruleset(game.ruleset).languages[0]
    line = "\n".join(text for lines in seen["narration"] if (text := lines.get(language)))
    data = {
        "campaign": game.campaign_id,
        "game": game.pk,
        "kind": game.kind,
        "ruleset": game.ruleset,
        "title": str(game),
        **seen,
    }
    return Message(GAME_EVENT, data, event.created_at, line)
