"""Fixtures every test folder shares, and the guard that service tests ran.

Tests marked ``postgres`` need the real PostgreSQL, tests marked ``broker`` a
real Celery broker; elsewhere they are skipped. With
``REQUIRE_SERVICE_TESTS=1`` (set by ``.ci/run``) the session fails when any of
them was skipped or none ran, so CI cannot go green on SQLite by accident.
"""

import os
from collections import Counter

import pytest
from django.conf import settings
from django.db import connection

SERVICE_MARKERS = ("postgres", "broker")
_outcomes: Counter = Counter()


def _required() -> bool:
    return os.environ.get("REQUIRE_SERVICE_TESTS") == "1"


def pytest_collection_modifyitems(config, items):
    available = {
        "postgres": connection.vendor == "postgresql",
        "broker": bool(settings.CELERY_BROKER_URL),
    }
    reasons = {
        "postgres": "needs PostgreSQL (set DATABASE_URL)",
        "broker": "needs a Celery broker (set CELERY_BROKER_URL)",
    }
    for item in items:
        for marker in SERVICE_MARKERS:
            if marker in item.keywords and not available[marker]:
                item.add_marker(pytest.mark.skip(reason=reasons[marker]))


def pytest_runtest_logreport(report):
    for marker in SERVICE_MARKERS:
        if marker not in report.keywords:
            continue
        if report.skipped:
            _outcomes[marker, "skipped"] += 1
        elif report.when == "call":
            _outcomes[marker, "passed" if report.passed else "failed"] += 1


def pytest_terminal_summary(terminalreporter):
    if not _required():
        return
    for marker in SERVICE_MARKERS:
        terminalreporter.write_line(
            f"{marker}-only tests: {_outcomes[marker, 'passed']} passed, "
            f"{_outcomes[marker, 'failed']} failed, {_outcomes[marker, 'skipped']} skipped"
        )


def pytest_sessionfinish(session, exitstatus):
    if not _required() or session.config.option.collectonly:
        return
    for marker in SERVICE_MARKERS:
        if _outcomes[marker, "skipped"] or not _outcomes[marker, "passed"]:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashing is slow by design; tests need no protection against brute force."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Rate limit counters live in the cache; each test starts with a full budget."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def user_factory():
    from tests.factories import UserFactory

    return UserFactory
