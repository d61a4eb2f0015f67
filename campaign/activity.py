"""What happens around a campaign's games, in one numbered line per campaign.

House points and Popularity, members joining and leaving, games started and
finished, cup games and the standings: each write that changes one of them
calls :func:`record` in its own transaction. The activity gets the campaign's
next ``seq`` under the campaign's row lock, so activities commit in ``seq``
order and a reader resuming after ``seq`` n misses nothing: the campaign's
stream and its webhooks both read this line.

``activity_recorded`` is sent inside that transaction, so that a listener
(the webhooks' outbox) writes with it or not at all.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection, transaction
from django.dispatch import Signal

from campaign.models import Activity, ActivityKind, Campaign

#: Sent inside the recording transaction with ``activity``.
activity_recorded = Signal()


def record(*, campaign_id: int, kind: ActivityKind, data: dict, now: datetime) -> Activity:
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
