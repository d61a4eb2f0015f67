"""The hash chain that makes a game's log tamper-evident.

Each event's ``hash`` is SHA-256 (hex) of the previous event's hash (for the
first event: the game's seed commitment) followed by the canonical JSON of the
event: the object below with sorted keys, no spaces, UTF-8, non-ASCII kept as
is. The README's section "Verifying a game" states the same for outsiders.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

HASHED_FIELDS = ("seq", "actor", "submitted", "command", "dice", "events", "created_at")


def canonical_json(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def canonical_state(state: dict) -> dict:
    """The state with every object's keys in sorted order, as the rules must see it.

    PostgreSQL's jsonb gives an object's keys back in its own order (shorter
    keys first), SQLite in the order written. A rule that walks a dict would
    then meet the players in another order when the game is played than when
    its log is replayed. Handing every command the state in one order, sorted,
    makes play and replay agree on any database.
    """
    return json.loads(json.dumps(state, sort_keys=True))


def timestamp(moment: datetime) -> str:
    """How ``created_at`` is written in the hashed body: UTC, microseconds."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def event_body(*, seq: int, actor, submitted, command, dice, events, created_at: datetime) -> dict:
    return {
        "seq": seq,
        "actor": actor,
        "submitted": submitted,
        "command": command,
        "dice": dice,
        "events": events,
        "created_at": timestamp(created_at),
    }


def event_hash(previous_hash: str, body: dict) -> str:
    return hashlib.sha256(previous_hash.encode() + canonical_json(body)).hexdigest()
