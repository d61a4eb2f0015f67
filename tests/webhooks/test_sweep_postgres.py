"""Two sweeps at once send each delivery once (row locks with SKIP LOCKED), on PostgreSQL.

The hand-off to a worker at commit is left out (as when the broker is away), so
the sweeps find every delivery; they claim three at a time, so that their
claims interleave.
"""

import pytest
from django.utils import timezone

from tests.support import Table, run_at_once
from tests.webhooks.support import Receiver, award
from webhooks import delivery, outbox
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery, DeliveryStatus

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_sweeps_at_once_send_every_delivery_once(settings, monkeypatch):
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    monkeypatch.setattr(outbox, "send_soon", lambda ids: None)
    monkeypatch.setattr(delivery, "BATCH", 3)
    table = Table()
    with Receiver() as receiver:
        endpoint_create(
            campaign=table.campaign,
            url=receiver.url(),
            event_types=["house_points"],
            now=timezone.now(),
        )
        for n in range(30):
            award(table, n + 1, f"award {n}")
        sent = run_at_once(lambda i: delivery.send_due(now=timezone.now()), 2)
        assert sum(sent) == 30
        again = run_at_once(lambda i: delivery.send_due(now=timezone.now()), 2)
    assert again == [0, 0]
    ids = receiver.ids()
    assert len(ids) == 30 and len(set(ids)) == 30
    assert Delivery.objects.filter(status=DeliveryStatus.DELIVERED).count() == 30
