"""The hash chain that makes a game's log tamper-evident.

Each event's ``hash`` is SHA-256 (hex) of the previous event's hash (for the
first event: the game's seed commitment) followed by the canonical JSON of the
event: the object below with sorted keys, no spaces, UTF-8, non-ASCII kept as
is. The README's section "Verifying a game" states the same for outsiders.

Beside it, the state as the rules see it: its keys in one order whatever database
kept it, so that play and replay agree, and the copy a rule changes.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

import orjson

HASHED_FIELDS = ("seq", "actor", "submitted", "command", "dice", "events", "created_at")
#: Keys sorted as text; a key that is no string (an int a rule wrote) written as text,
#: as the database keeps it.
_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def canonical_json(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def canonical_state(state: dict) -> dict:
    """The state with every object's keys in sorted order, as the rules must see it: a
    copy of its own, the one the rules are handed for each command.

    PostgreSQL's jsonb gives an object's keys back in its own order (shorter
    keys first), SQLite in the order written. A rule that walks a dict would
    then meet the players in another order when the game is played than when
    its log is replayed. Handing every command the state in one order, sorted,
    makes play and replay agree on any database.

    Sorted by orjson's encoder: for JSON data the same order and values as the
    standard library's ``sort_keys`` gave, for a fifth of its CPU (``bench/README.md``).
    """
    return _round_trip(state, _SORTED)


def copy_state(state: dict) -> dict:
    """A deep copy of a state (JSON data), for rules that change a copy of the state
    they are given: an orjson round trip, three to five times as fast as
    ``copy.deepcopy`` and a walk in Python (``bench/README.md``); its keys stay in
    their order."""
    return _round_trip(state, orjson.OPT_NON_STR_KEYS)


def _round_trip(state: dict, option: int) -> dict:
    """``state`` encoded by orjson with ``option`` and decoded again; an integer beyond
    64 bits, which orjson does not encode, takes the standard library's way."""
    try:
        return orjson.loads(orjson.dumps(state, option=option))
    except orjson.JSONEncodeError:
        return json.loads(json.dumps(state, sort_keys=bool(option & orjson.OPT_SORT_KEYS)))


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
