"""Fault tests: which run where, and the Redis of their own.

``faults`` tests need the real PostgreSQL (``DATABASE_URL``), a Redis broker
(``CELERY_BROKER_URL=redis://...``) and the ``redis-server`` program; they
also carry the ``postgres`` and ``broker`` markers, so CI's guard fails when
they were skipped. ``faults_destructive`` tests stop the machine's shared
PostgreSQL or Redis and run only with ``RUN_DESTRUCTIVE_FAULTS=1``.
"""

import os
import shutil

import pytest
from django.conf import settings
from django.db import connection

from tests.faults.support import PrivateRedis


def destructive_allowed() -> bool:
    return os.environ.get("RUN_DESTRUCTIVE_FAULTS") == "1"


def pytest_collection_modifyitems(config, items):
    postgres = connection.vendor == "postgresql"
    redis_broker = settings.CELERY_BROKER_URL.startswith("redis")
    redis_server = shutil.which("redis-server") is not None
    for item in items:
        if item.get_closest_marker("faults") and not (redis_broker and redis_server):
            item.add_marker(
                pytest.mark.skip(
                    reason="needs a Redis broker (CELERY_BROKER_URL=redis://...) and redis-server"
                )
            )
        if item.get_closest_marker("faults_destructive") and not destructive_allowed():
            item.add_marker(
                pytest.mark.skip(
                    reason="stops the machine's shared services; set RUN_DESTRUCTIVE_FAULTS=1"
                )
            )
        elif item.get_closest_marker("faults_destructive") and not postgres:
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL)"))


@pytest.fixture
def private_redis(tmp_path):
    """A redis-server of the test's own (same flags as the machine's), stopped afterwards."""
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
