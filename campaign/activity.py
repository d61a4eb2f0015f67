"""What happens around a campaign's games, in one numbered line per campaign.

House points and Popularity, members joining and leaving, games started and
finished, cup games and the standings: each write that changes one of them
calls :func:`record` in its own transaction. The activity gets the campaign's
next ``seq`` under the campaign's row lock, so activities commit in ``seq``
order and a reader resuming after ``seq`` n misses nothing: the campaign's
stream and its webhooks both read this line.

``activity_recorded`` is sent inside that transaction, so that a listener
(the webhooks' outbox) writes with it or not at all.

The kinds of activity are not listed here: each app that records some declares
them in its ``activity_kinds`` module (:func:`register`; the campaign's own, the
league's cup news), found like admin modules the first time :func:`kinds` is asked.
Each kind declares the JSON Schema of its ``data`` beside its sentence, so a new
kind brings its own into the contract (``Activity.data`` in the OpenAPI, the
webhooks' payload schema) with nothing to add anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.dispatch import Signal
from django.utils.module_loading import autodiscover_modules

from campaign.models import Activity, Campaign

#: Sent inside the recording transaction with ``activity``.
activity_recorded = Signal()


@dataclass(frozen=True)
class Kind:
    """A kind of activity: its ``name`` on the line, its ``label`` for people, the
    ``sentence`` that tells one in a chat (a webhook's Discord message), its ``%(fields)s``
    read from the activity's data, and ``data``, the JSON Schema that data follows
    (:func:`fields`), which the contract publishes for clients and receivers."""

    name: str
    label: str
    sentence: str
    data: dict


#: The building blocks of a kind's ``data`` schema (JSON Schema, draft 2020-12).
TEXT = {"type": "string"}
WHOLE = {"type": "integer"}
ID = {"type": "integer", "description": "An id, as the API's other answers give it."}
WHEN = {"type": "string", "format": "date-time"}


def nullable(schema: dict) -> dict:
    """``schema``, or null."""
    return {**schema, "type": [schema["type"], "null"]}


def fields(description: str, **properties: dict) -> dict:
    """A kind's data: an object with every one of ``properties`` (a recorded activity
    writes them all, null where nothing applies)."""
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
    }


_KINDS: dict[str, Kind] = {}
_discovered = False


def register(*kinds: Kind) -> None:
    """Called by an app's ``activity_kinds`` module for the kinds it records."""
    for kind in kinds:
        _KINDS[kind.name] = kind


def kinds() -> dict[str, Kind]:
    """Every kind of activity, by name, in the order of ``INSTALLED_APPS``."""
    global _discovered
    if not _discovered:
        autodiscover_modules("activity_kinds")
        _discovered = True
    return _KINDS


def kind_choices() -> list[tuple[str, str]]:
    """The kinds as a contract's enum gives them (name, label), by name."""
    return sorted((kind.name, kind.label) for kind in kinds().values())


def record(*, campaign_id: int, kind: str, data: dict, now: datetime) -> Activity:
    if kind not in kinds():
        raise ValueError(f"No app declares the activity kind {kind!r}.")
    with transaction.atomic():
        activity = Activity.objects.create(
            campaign_id=campaign_id,
            seq=_next_seq(campaign_id),
            kind=kind,
            data=data,
            created_at=now,
        )
        activity_recorded.send(sender=Activity, activity=activity)
    return activity


def _next_seq(campaign_id: int) -> int:
    """Bump the campaign's counter and read it in one statement, which locks the row."""
    table = connection.ops.quote_name(Campaign._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET activity_seq = activity_seq + 1 WHERE id = %s "
            "RETURNING activity_seq",
            [campaign_id],
        )
        return cursor.fetchone()[0]


def activities_after(campaign_id: int, after: int, limit: int) -> list[Activity]:
    return list(
        Activity.objects.filter(campaign_id=campaign_id, seq__gt=after).order_by("seq")[:limit]
    )
