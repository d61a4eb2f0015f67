"""Two beat processes running at once (§8.3, issue 8): nothing is credited twice.

A deployment mistake the service must survive: two ``celery beat`` processes,
each sending the crediting task every second (a test schedule: production's
is every five minutes), and two workers taking the ticks at the same moments.
The games fall due one after another while the ticks run, so concurrent runs
keep finding the same games due. Every game must be credited by exactly one
run: the runs' own counts add up to the number of games, and the ledger holds
each game's points once.
"""

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.faults.support import (
    CREDIT_TASK,
    FAILED,
    CeleryProcess,
    DueCup,
    celery_env,
    wait_until,
)

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.broker,
    pytest.mark.django_db(transaction=True),
]

TICK = 1.0
"""Seconds between each beat's ticks."""
SPREAD = 6.0
"""Seconds over which the games fall due, while both beats tick."""
SENT = "Scheduler: Sending due task"


def test_two_beats_and_two_workers_credit_every_game_once(tmp_path, private_redis):
    cup = DueCup(20)  # 240 games
    schedule = {"credit-due-house-points": {"task": CREDIT_TASK, "schedule": TICK, "options": {}}}
    queue = f"faults-{uuid.uuid4().hex}"
    schedule["credit-due-house-points"]["options"]["queue"] = queue
    env = celery_env(broker_url=private_redis.url, conf={"beat_schedule": schedule})
    workers = [
        CeleryProcess.worker(f"worker-{n}", queue=queue, env=env, workdir=tmp_path) for n in (1, 2)
    ]
    beats = [CeleryProcess.beat(f"beat-{n}", env=env, workdir=tmp_path) for n in (1, 2)]
    try:
        cup.set_due(cup.due, [timezone.now() + timedelta(days=1)] * len(cup.due))
        for process in workers + beats:
            process.start()
        for worker in workers:
            worker.wait_ready()
        for beat in beats:
            beat.wait_for_log(SENT, timeout=60)

        start = timezone.now()
        step = SPREAD / len(cup.due)
        cup.set_due(cup.due, [start + timedelta(seconds=i * step) for i in range(len(cup.due))])
        wait_until(
            lambda: cup.credited_count() == len(cup.due),
            timeout=120,
            what="every game credited",
        )
        cup.assert_consistent()
        # A few more ticks from both beats once nothing is due, then stop them.
        sent_before = [beat.log().count(SENT) for beat in beats]
        for beat, before in zip(beats, sent_before, strict=True):
            beat.wait_for_log_count(SENT, before + 2, timeout=30)
        for beat in beats:
            beat.stop()
        # A beat logs a tick before it publishes it, so a beat stopped in between
        # logs a tick nobody receives: wait for the broker to be empty and every
        # received tick to have finished, not for the count of logged ticks.
        ticks = sum(beat.log().count(SENT) for beat in beats)

        def drained():
            failures = [worker.name for worker in workers if FAILED in worker.log()]
            assert not failures, f"a crediting run failed on {failures}"
            finished = sum(len(worker.runs()) for worker in workers)
            received = sum(worker.received() for worker in workers)
            return private_redis.undelivered(queue) == 0 and finished == received

        wait_until(drained, timeout=120, what="every tick the broker took to have run")

        runs = [worker.runs() for worker in workers]
        assert all(runs), "each worker took ticks"
        assert sum(credited for worker_runs in runs for _, credited in worker_runs) == len(
            cup.due
        ), "some game was credited by two runs"
        cup.assert_credited_exactly_once()
        # The two workers did credit at the same moments, not one after the other.
        first, second = (worker.run_times() for worker in workers)
        overlapping = [
            (a, b) for a in first for b in second if a[0] < b[1] and b[0] < a[1] and (a[2] or b[2])
        ]
        assert overlapping, "no two runs crediting games overlapped"
        print(
            f"{ticks} ticks from two beats; runs per worker {[len(r) for r in runs]}; "
            f"games credited per worker {[sum(c for _, c in r) for r in runs]}; "
            f"{len(overlapping)} pairs of runs overlapped"
        )
    finally:
        for process in beats + workers:
            process.stop()
