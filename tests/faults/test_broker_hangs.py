"""A broker that hangs instead of going away: health must still answer in seconds.

A Redis that accepts connections but does not answer (paused, swapping, a
half-open connection behind a firewall) is stopped here with SIGSTOP. Health
asks the broker for its status with a 2-second limit (``BROKER_TIMEOUT_SECONDS``),
and with socket timeouts of the same length a read on a connected socket cannot
hang it either.
"""

import os
import signal
import threading
import time

import pytest
from django.db import connection
from django.test import Client

pytestmark = [pytest.mark.faults, pytest.mark.broker, pytest.mark.django_db]

LIMIT = 5.0
"""Seconds within which health must answer: its broker check allows 2."""


def test_health_answers_within_seconds_when_the_broker_hangs(private_redis, monkeypatch):
    # Celery prefers the CELERY_BROKER_URL variable to the settings.
    monkeypatch.setenv("CELERY_BROKER_URL", private_redis.url)
    answers: list = []

    def ask():
        try:
            started = time.monotonic()
            response = Client().get("/api/health/")
            answers.append((response.status_code, response.json(), time.monotonic() - started))
        finally:
            connection.close()

    assert Client().get("/api/health/").json()["broker"] == "ok"
    os.kill(private_redis.process.pid, signal.SIGSTOP)
    asking = threading.Thread(target=ask, daemon=True)
    try:
        asking.start()
        asking.join(LIMIT + 1)
        answered_in_time = bool(answers)
    finally:
        os.kill(private_redis.process.pid, signal.SIGCONT)
        asking.join(30)  # the broker answers again: the request ends
    assert answered_in_time, f"health did not answer within {LIMIT + 1:.0f}s"
    status, body, took = answers[0]
    assert took < LIMIT
    assert status == 200 and body["broker"] == "unavailable"
