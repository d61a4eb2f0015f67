"""Parallel awards to one house, on the real PostgreSQL."""

import threading

import pytest
from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from campaign.models import House, HousePointEntry
from campaign.selectors import houses_with_totals
from campaign.services import house_points_award
from tests.support import Table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_totals_equal_the_sum_of_effective_entries_under_parallel_awards():
    table = Table()
    house = table.house()
    barrier = threading.Barrier(16)

    def award(i):
        try:
            barrier.wait()
            for n in range(5):
                house_points_award(
                    house=house,
                    amount=i + n + 1,
                    reason=f"award {i}/{n}",
                    awarded_by=table.storyguide,
                    now=timezone.now(),
                    source_key=f"k{i}-{n % 3}" if i % 2 else "",
                )
        finally:
            connection.close()

    threads = [threading.Thread(target=award, args=(i,)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    entries = HousePointEntry.objects.filter(house=house)
    # Odd threads reuse three source keys: five awards, three entries each.
    assert entries.count() == 8 * 5 + 8 * 3
    total = houses_with_totals(House.objects.filter(pk=house.pk), now=timezone.now()).get().points
    assert total == entries.aggregate(total=Sum("amount"))["total"]
