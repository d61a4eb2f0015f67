"""The JSON Schema of every body a ``standard`` endpoint receives (``GET /api/webhooks/schema/``).

One definition per event type, each with its ``type`` as a constant, and a
``oneOf`` over them keyed by ``type``: a receiver validates a body, or generates
its types, from one document. The activity types are made from the kinds the
apps register (``campaign.activity.Kind.data``), so a new kind is in the
document as soon as it is declared; ``game_event`` and ``ping`` are the
webhooks' own. What ``webhooks.messages`` and ``webhooks.ping`` write and what
this says are held together by ``tests/webhooks/test_payload_schemas.py``.
"""

from __future__ import annotations

from campaign.activity import ID, TEXT, WHEN, WHOLE, fields, kinds
from webhooks.models import GAME_EVENT
from webhooks.ping import PING

DIALECT = "https://json-schema.org/draft/2020-12/schema"

#: What every activity type's ``data`` adds to its kind's: where it is on the line.
ON_THE_LINE = {
    "campaign": ID,
    "seq": {
        **WHOLE,
        "description": "Its place on the campaign's activity line "
        "(GET /api/campaigns/{id}/activity/?after=): what a receiver that lost messages reads.",
    },
}

ANY_OBJECT = {"type": "object"}

GAME_EVENT_DATA = fields(
    "An event of one of the campaign's games, as a spectator sees it (no seat's hidden cards "
    "or secret dice while the game runs), narrated. Its command and events follow the "
    "game's ruleset: the ruleset's own shapes are in the OpenAPI (GET /api/schema/, "
    "`{Ruleset}Record`).",
    campaign=ID,
    game=ID,
    kind={**TEXT, "description": "The game's kind (match, skirmish, log, ...)."},
    ruleset=TEXT,
    title=TEXT,
    seq={**WHOLE, "description": "The event's number in the game's log, from 1."},
    actor={**ANY_OBJECT, "description": "Who gave the command, as the rules saw them."},
    submitted={"description": "The command as it was sent (text or JSON)."},
    command={**ANY_OBJECT, "description": "The command the rules applied."},
    dice={"type": "array", "items": ANY_OBJECT, "description": "Every die rolled."},
    events={"type": "array", "items": ANY_OBJECT, "description": "What happened."},
    created_at={**WHEN, "description": "When it was applied, exactly as hashed."},
    hash={**TEXT, "description": "The log's hash chain up to this event."},
    narration={
        "type": "array",
        "description": "A line per event, in each of the game's languages.",
        "items": {"type": "object", "additionalProperties": TEXT},
    },
)

PING_DATA = fields(
    "A test delivery (POST /api/campaigns/{id}/webhooks/{wid}/ping/): nobody's event.",
    campaign=ID,
    webhook=ID,
)


def payload_schema() -> dict:
    """The document: a definition per event type and the ``oneOf`` that picks one by ``type``."""
    data = {name: on_the_line(kind.data) for name, kind in kinds().items()}
    data[GAME_EVENT] = GAME_EVENT_DATA
    data[PING] = PING_DATA
    names = sorted(data)
    return {
        "$schema": DIALECT,
        "title": "Webhook payload",
        "description": "The body of a `standard` delivery, by its `type` (docs/webhooks.md). "
        'A `discord` endpoint receives `{"content": "<a line>"}` instead.',
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in names],
        "discriminator": {
            "propertyName": "type",
            "mapping": {name: f"#/$defs/{name}" for name in names},
        },
        "$defs": {name: envelope(name, data[name]) for name in names},
    }


def on_the_line(kind_data: dict) -> dict:
    """An activity kind's ``data`` as a delivery carries it: with ``campaign`` and ``seq``."""
    return {
        **kind_data,
        "properties": {**ON_THE_LINE, **kind_data["properties"]},
        "required": [*ON_THE_LINE, *kind_data["required"]],
    }


def envelope(event_type: str, data: dict) -> dict:
    """Standard Webhooks' body: ``{"type", "timestamp", "data"}``."""
    return {
        "type": "object",
        "title": event_type,
        "properties": {
            "type": {"const": event_type},
            "timestamp": {**WHEN, "description": "When it happened (UTC)."},
            "data": data,
        },
        "required": ["type", "timestamp", "data"],
    }
