"""Redis restarted while house points are due (§8.3, issue 8): nothing is lost.

The due times live in PostgreSQL, not in the broker: a tick queued in Redis
and lost with a restart (``SHUTDOWN NOSAVE``, as the machine's Redis keeps no
snapshot) costs nothing, because the next tick finds the same games due. A
worker that was connected across the restart reconnects by itself.

The test restarts a redis-server of its own (same program, same flags), so it
disturbs nobody and runs in CI; ``faults_destructive`` repeats it on the
machine's shared Redis with the README's commands.
"""

import contextlib
import uuid
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.utils import timezone

from tests.faults.support import CeleryProcess, DueCup, Producer, SharedRedis, celery_env

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


def broker_restart_loses_nothing(server, workdir) -> None:
    cup = DueCup(10)  # 120 games due, a year's 12 more due only tomorrow
    queue = f"faults-{uuid.uuid4().hex}"
    producer = Producer(server.url)
    worker = CeleryProcess.worker(
        "worker", queue=queue, env=celery_env(broker_url=server.url), workdir=workdir
    )
    try:
        # A tick is queued while no worker runs, then Redis restarts: the message is gone.
        lost = producer.send(queue)
        assert server.client().llen(queue) == 1
        server.restart()
        assert server.client().llen(queue) == 0
        assert cup.assert_consistent() == (0, len(cup.due))  # still due, in PostgreSQL

        # The workers come back; beat's next tick credits everything that is due.
        worker.start().wait_ready()
        tick = producer.send(queue)
        assert worker.wait_for_run(tick, timeout=120) == len(cup.due)
        cup.assert_credited_exactly_once()

        # Time passes: tomorrow's games fall due. Redis restarts under the running
        # worker; the tick after the restart credits them, once.
        later = cup.not_due
        cup.set_due(later, [timezone.now() - timedelta(seconds=1)] * len(later))
        cup.due, cup.not_due = cup.due + later, []
        server.restart()
        tick = producer.send(queue)
        assert worker.wait_for_run(tick, timeout=120) == len(later)
        cup.assert_credited_exactly_once()
        assert lost not in {task for task, _ in worker.runs()}
    finally:
        worker.stop()
        producer.close()
        with contextlib.suppress(redis.RedisError):  # the queue's keys, on a shared Redis
            client = server.client()
            for key in client.scan_iter(match=f"*{queue}*"):
                client.delete(key)


@pytest.mark.postgres
@pytest.mark.broker
def test_a_broker_restart_loses_no_due_credits(tmp_path, private_redis):
    broker_restart_loses_nothing(private_redis, tmp_path)


@pytest.mark.faults_destructive
def test_a_restart_of_the_shared_redis_loses_no_due_credits(tmp_path):
    """The same on the machine's Redis: drops everyone's queued tasks; opt-in."""
    server = SharedRedis(settings.CELERY_BROKER_URL)
    try:
        broker_restart_loses_nothing(server, tmp_path)
    finally:
        server.ensure_up()
