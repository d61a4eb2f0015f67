"""Webhook deliveries have a queue of their own, and a worker of their own where the service
is deployed: one campaign's deliveries never wait ahead of the other tasks (issue 37, part 3:
an endless game's 15,700 deliveries queued ahead of every other task for over a minute)."""

import shlex
from pathlib import Path

import pytest
import yaml

from config.celery import app
from tests.webhooks.support import award
from webhooks import tasks
from webhooks.models import Delivery, DeliveryStatus

ROOT = Path(__file__).resolve().parents[2]


def queue_of(task_name: str) -> str:
    """The queue the Celery app sends a task to, by name (as beat and ``delay`` do)."""
    return app.amqp.router.route({}, task_name)["queue"].name


@pytest.mark.parametrize(
    ("task_name", "queue"),
    [
        ("webhooks.tasks.send_deliveries", "webhooks"),  # sent after an event commits
        ("webhooks.tasks.sweep_deliveries", "webhooks"),  # beat's sweep of what is due
        ("league.tasks.credit_due_house_points", "celery"),
        ("league.tasks.project_cup_year", "celery"),
        ("games.tasks.bots_move", "celery"),
        ("games.tasks.sweep_bots_moving", "celery"),
        ("core.tasks.purge_expired_tokens", "celery"),
    ],
)
def test_webhook_deliveries_have_a_queue_of_their_own(task_name, queue):
    """Issue 37, part 3: the webhook tasks go to the queue ``webhooks``; the house points
    crediting, bots' moves and the rest keep the default queue, ``celery``, where no
    webhook delivery waits ahead of them."""
    assert app.conf.task_default_queue == "celery"
    assert queue_of(task_name) == queue


@pytest.mark.django_db
def test_without_a_broker_a_delivery_is_still_sent_in_process(table, endpoint, receiver):
    """Issue 37, part 3: with the route to the queue ``webhooks`` in place, development and
    tests (no broker, tasks eager) still send a delivery at once in the same process."""
    assert queue_of("webhooks.tasks.send_deliveries") == "webhooks"
    assert app.conf.task_always_eager is True
    award(table)
    delivery = Delivery.objects.get()
    tasks.send_soon([delivery.pk])
    assert receiver.ids() == [delivery.webhook_id]
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED


def queues_consumed(command: list[str]) -> set[str]:
    """The queues a ``celery worker`` command consumes (``-Q a,b``)."""
    assert "-Q" in command, f"{shlex.join(command)} names the queues it consumes"
    return set(command[command.index("-Q") + 1].split(","))


def test_compose_runs_a_worker_for_webhook_deliveries_and_one_for_the_rest():
    """Issue 37, part 3: in docker-compose.yml ``worker`` consumes the default queue only
    and the service ``webhooks`` the webhook deliveries only, so neither waits behind the
    other; between them they consume every queue a task is routed to."""
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    worker, webhooks = services["worker"]["command"], services["webhooks"]["command"]
    assert worker[:4] == webhooks[:4] == ["celery", "-A", "config", "worker"]
    assert queues_consumed(worker) == {"celery"}
    assert queues_consumed(webhooks) == {"webhooks"}
    assert services["webhooks"]["depends_on"] == services["worker"]["depends_on"]
    assert services["webhooks"]["environment"] == services["worker"]["environment"]


def test_the_readmes_deployment_runs_a_worker_for_each_queue():
    """Issue 37, part 3: the README's deployment lines start a worker on the default queue
    and another, named apart, on the webhook deliveries."""
    section = (ROOT / "README.md").read_text().split("## Running against PostgreSQL and Redis")[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    workers = [
        shlex.split(line.split("  #")[0])
        for line in block.splitlines()
        if line.startswith(".venv/bin/celery -A config worker")
    ]
    assert [queues_consumed(command) for command in workers] == [{"celery"}, {"webhooks"}]
    webhooks = workers[1]
    assert webhooks[webhooks.index("-n") + 1] == "webhooks@%h"  # two workers on one host
