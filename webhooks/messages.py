"""What a delivery says in the ``standard`` format: one event, as Standard Webhooks' body.

The body is ``{"type", "timestamp", "data"}``: for an activity its ``data`` is the
campaign's activity (``campaign``, ``seq`` and what the activity line holds); for a
game event it is the event as a spectator sees it (the platform's per-actor view: no
seat's hidden cards), with its narration. The ``discord`` format says other things,
fewer (``webhooks.discord``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from campaign.models import Activity
from games.chain import timestamp
from games.models import Game, GameEvent
from games.moments import SPECTATOR_VIEW
from games.selectors import EVENT_FIELDS, event_as_seen
from webhooks.models import GAME_EVENT


@dataclass(frozen=True)
class Message:
    """What one delivery of an event type says: its ``body``, sent at ``at``."""

    type: str
    at: datetime
    body: dict


def of_activity(activity: Activity) -> Message:
    data = {"campaign": activity.campaign_id, "seq": activity.seq, **activity.data}
    return Message(
        activity.kind, activity.created_at, standard(activity.kind, activity.created_at, data)
    )


def of_game_event(game: Game, event: GameEvent) -> Message:
    stored = {name: getattr(event, name) for name in EVENT_FIELDS}
    seen = event_as_seen(game, stored, SPECTATOR_VIEW)
    data = {
        "campaign": game.campaign_id,
        "game": game.pk,
        "kind": game.kind,
        "ruleset": game.ruleset,
        "title": str(game),
        **seen,
    }
    return Message(GAME_EVENT, event.created_at, standard(GAME_EVENT, event.created_at, data))


def standard(type: str, at: datetime, data: dict) -> dict:
    return {"type": type, "timestamp": timestamp(at), "data": data}
