"""The retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, each ±10 %, then give up."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from webhooks.schedule import next_attempt_at

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
DELAYS = [
    timedelta(seconds=5),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=5),
    timedelta(hours=10),
    timedelta(hours=10),
]


@pytest.mark.parametrize(("failed", "delay"), list(enumerate(DELAYS, start=1)))
def test_each_retry_comes_after_its_delay_give_or_take_a_tenth(failed, delay):
    rng = random.Random(failed)
    moments = [next_attempt_at(failed, NOW, rng) - NOW for _ in range(50)]
    assert all(delay * 0.9 <= moment <= delay * 1.1 for moment in moments)
    assert len(set(moments)) > 1  # jitter: retries failed together spread out


def test_after_the_eighth_try_about_a_day_later_it_gives_up():
    assert next_attempt_at(7, NOW) is not None
    assert next_attempt_at(8, NOW) is None
