"""The project's Celery app with test-only settings, for the fault tests' subprocesses.

``celery -A tests.faults.celery_app worker|beat`` is ``celery -A config ...``
plus the settings in the environment variable ``FAULTS_CELERY_CONF`` (JSON:
Celery setting name -> value), such as a short broker visibility timeout or a
beat schedule of a few seconds. Production code and settings stay untouched.
"""

import json
import os

from config.celery import app

app.conf.update(json.loads(os.environ.get("FAULTS_CELERY_CONF") or "{}"))

__all__ = ["app"]
