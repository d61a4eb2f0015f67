"""Celery: configured from Django settings, and a real task through a real worker."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import IdempotentTask
from config.celery import app as celery_app
from core import tasks

ROOT = Path(__file__).resolve().parents[2]


def test_celery_is_configured_from_django_settings():
    assert celery_app.conf.task_serializer == "json"
    assert celery_app.conf.accept_content == ["json"]
    assert celery_app.conf.beat_schedule == settings.CELERY_BEAT_SCHEDULE


def test_idempotent_tasks_ack_late_and_requeue_when_their_worker_dies():
    assert isinstance(tasks.purge_expired_tokens, IdempotentTask)
    assert tasks.purge_expired_tokens.acks_late is True
    assert tasks.purge_expired_tokens.reject_on_worker_lost is True


def test_every_beat_entry_names_a_registered_task():
    celery_app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in celery_app.tasks


@pytest.mark.broker
def test_a_real_worker_runs_a_task_through_the_broker():
    queue = f"test-{uuid.uuid4().hex}"
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-Q",
            queue,
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    try:
        result = tasks.echo.apply_async(args=["lumos"], queue=queue)
        assert result.get(timeout=60) == "lumos"
    finally:
        worker.terminate()
        worker.wait(timeout=30)


@pytest.mark.django_db
def test_purge_expired_tokens_runs_in_process_and_is_idempotent():
    from datetime import timedelta

    from knox.models import AuthToken

    from tests.factories import UserFactory

    user = UserFactory()
    AuthToken.objects.create(user=user, expiry=timedelta(seconds=-1))
    AuthToken.objects.create(user=user, expiry=timedelta(days=1))
    assert tasks.purge_expired_tokens() == 1
    assert tasks.purge_expired_tokens() == 0
    assert AuthToken.objects.count() == 1
