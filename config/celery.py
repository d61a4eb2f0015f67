"""The Celery app, configured from Django's settings (the ``CELERY_`` names).

Tasks that are safe to run twice declare it with ``base=IdempotentTask``: they
are acknowledged only after they finish and re-queued if their worker dies, so
a crash loses nothing; the others keep Celery's at-most-once default.

Webhook deliveries have a queue of their own, ``webhooks``, and the other tasks
keep the default queue, ``celery``; a deployment runs a worker for each (see
``docker-compose.yml``). A campaign's burst of deliveries (an endless game sent
15,700, issue 37) then waits behind its own kind only, never ahead of the house
points crediting or a game's bots, and they never ahead of it. Without a broker
(development, tests) every task runs in-process at once, whatever its queue.
"""

import os

from celery import Celery, Task

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("storyguide")
app.config_from_object("django.conf:settings", namespace="CELERY")

DEFAULT_QUEUE = "celery"  # Celery's own default, named here for the workers' -Q
WEBHOOKS_QUEUE = "webhooks"
app.conf.task_default_queue = DEFAULT_QUEUE
app.conf.task_routes = {"webhooks.tasks.*": {"queue": WEBHOOKS_QUEUE}}
app.autodiscover_tasks()


class IdempotentTask(Task):
    """A task whose second run is a no-op, so it may be delivered again."""

    acks_late = True
    reject_on_worker_lost = True
