"""When a failed delivery is tried again: sooner at first, then ever later, for about a day.

After the first try, retries come 5 seconds, 5 minutes, 30 minutes, 2, 5 and
10 hours, and 10 hours after the one before (about 28 hours in all); each
delay is moved by up to a tenth either way, so that the deliveries of many
events that failed together do not all come back at the same moment. The
sweep runs every few seconds, so a delay is met to within one sweep.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

RETRY_DELAYS = (
    timedelta(seconds=5),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=5),
    timedelta(hours=10),
    timedelta(hours=10),
)
JITTER = 0.1

#: The first try and a retry after each delay.
MAX_ATTEMPTS = 1 + len(RETRY_DELAYS)


def next_attempt_at(
    attempts: int, now: datetime, rng: random.Random | None = None
) -> datetime | None:
    """When to try again after ``attempts`` failed tries; ``None``: give up."""
    if attempts >= MAX_ATTEMPTS:
        return None
    delay = RETRY_DELAYS[attempts - 1]
    return now + delay * (1 + (rng or random).uniform(-JITTER, JITTER))
