"""The Celery app, configured from Django's settings (the ``CELERY_`` names).

Tasks that are safe to run twice declare it with ``base=IdempotentTask``: they
are acknowledged only after they finish and re-queued if their worker dies, so
a crash loses nothing; the others keep Celery's at-most-once default.
"""

import os

from celery import Celery, Task

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("storyguide")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


class IdempotentTask(Task):
    """A task whose second run is a no-op, so it may be delivered again."""

    acks_late = True
    reject_on_worker_lost = True
