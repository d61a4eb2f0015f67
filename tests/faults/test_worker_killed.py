"""A Celery worker killed with SIGKILL while crediting house points (§8.3, issue 8).

Hundreds of cup games are due, a real worker starts crediting them, and is
killed without warning part way through. Whatever it committed is complete
(each game in its own transaction), whatever it did not is untouched, and
after the restart every game's points are in the ledger exactly once.
"""

import os
import signal
import uuid

import pytest

from tests.faults.support import (
    CeleryProcess,
    DueCup,
    Producer,
    celery_env,
    redelivery_conf,
    wait_until,
)

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.broker,
    pytest.mark.django_db(transaction=True),
]

YEARS = 25
"""300 due games: a crediting run of several seconds, long enough to be cut short."""
VISIBILITY_TIMEOUT = 5
"""Seconds before Redis hands an unacknowledged message to another worker (production: 1 h)."""


def kill_mid_run(cup: DueCup, kill) -> tuple[int, int]:
    """Kill once the run has credited a few games; returns (credited, pending) just after."""
    started = max(10, len(cup.due) // 25)
    wait_until(
        lambda: cup.credited_count() >= started, timeout=90, what=f"{started} games credited"
    )
    kill()
    done, pending = cup.assert_consistent()
    assert pending, "the run finished before the kill: give it more games"
    return done, pending


def test_a_worker_killed_mid_run_leaves_its_task_to_the_next_worker(tmp_path, private_redis):
    """The whole worker dies (solo pool): the unacknowledged task waits in Redis and the
    next worker gets it after the visibility timeout; a later tick changes nothing."""
    cup = DueCup(YEARS)
    queue = f"faults-{uuid.uuid4().hex}"
    env = celery_env(broker_url=private_redis.url, conf=redelivery_conf(VISIBILITY_TIMEOUT))
    producer = Producer(private_redis.url)
    first = CeleryProcess.worker("first", queue=queue, env=env, workdir=tmp_path)
    second = CeleryProcess.worker("second", queue=queue, env=env, workdir=tmp_path)
    try:
        first.start().wait_ready()
        task = producer.send(queue)
        done, pending = kill_mid_run(cup, first.kill)
        assert first.runs() == []
        # acks_late: delivered, never acknowledged, so Redis still holds it.
        unacked = private_redis.client().hgetall("unacked")
        assert len(unacked) == 1 and task in next(iter(unacked.values())).decode()

        second.start().wait_ready()  # no new tick: the same message comes back
        assert second.wait_for_run(task, timeout=120) == pending
        wait_until(
            lambda: cup.credited_count() == len(cup.due), timeout=10, what="all games credited"
        )
        tick = producer.send(queue)  # beat's next tick, as in production
        assert second.wait_for_run(tick, timeout=60) == 0
        cup.assert_credited_exactly_once()
        print(f"killed after {done} of {len(cup.due)} games; the redelivered run did {pending}")
    finally:
        first.stop()
        second.stop()
        producer.close()


def test_a_pool_process_killed_mid_run_is_requeued_by_its_worker(tmp_path, private_redis):
    """Production's prefork pool: the process running the task dies, the worker rejects
    the message back to the queue (reject_on_worker_lost) and runs it again at once."""
    cup = DueCup(YEARS)
    queue = f"faults-{uuid.uuid4().hex}"
    producer = Producer(private_redis.url)
    worker = CeleryProcess.worker(
        "prefork",
        queue=queue,
        env=celery_env(broker_url=private_redis.url),
        workdir=tmp_path,
        pool="prefork",
    )
    try:
        worker.start().wait_ready()
        (child,) = worker.children()
        task = producer.send(queue)
        done, _ = kill_mid_run(cup, lambda: os.kill(child, signal.SIGKILL))
        credited_again = worker.wait_for_run(task, timeout=120)
        assert 0 < credited_again < len(cup.due)
        assert "WorkerLostError" in worker.log()
        wait_until(
            lambda: cup.credited_count() == len(cup.due), timeout=10, what="all games credited"
        )
        tick = producer.send(queue)
        assert worker.wait_for_run(tick, timeout=60) == 0
        cup.assert_credited_exactly_once()
        print(f"pool process killed after {done} of {len(cup.due)}; rerun did {credited_again}")
    finally:
        worker.stop()
        producer.close()
