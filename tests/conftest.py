"""Fixtures every test folder shares, and the guard that service tests ran.

Tests marked ``postgres`` need the real PostgreSQL, tests marked ``broker`` a
real Celery broker; elsewhere they are skipped. With
``REQUIRE_SERVICE_TESTS=1`` (set by ``.ci/run``) the session fails when any of
them was skipped or none ran, so CI cannot go green on SQLite by accident.
"""

import hashlib
import itertools
import os
import shutil
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.db import connection
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from games import seeds

SERVICE_MARKERS = ("postgres", "broker")
_outcomes: Counter = Counter()
#: Figures tests measure and the session prints at its end (the ``figures`` fixture).
_figures: list[str] = []


def _required() -> bool:
    return os.environ.get("REQUIRE_SERVICE_TESTS") == "1"


def pytest_collection_modifyitems(config, items):
    """Skip what this machine cannot run; and, for pytest-xdist's ``--dist loadgroup``
    (``.ci/run``), keep each module's tests on one worker (its shared server, browser and
    fixtures are set up once) and every test of the machine's shared services (the
    broker's queue, the fault tests) on one worker, one after another."""
    for item in items:
        shared = any(marker in item.keywords for marker in ("broker", "faults"))
        item.add_marker(pytest.mark.xdist_group("services" if shared else item.module.__name__))
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
    if report.when == "call":
        _figures.extend(line for name, line in report.user_properties if name == "figure")
    for marker in SERVICE_MARKERS:
        if marker not in report.keywords:
            continue
        if report.skipped:
            _outcomes[marker, "skipped"] += 1
        elif report.when == "call":
            _outcomes[marker, "passed" if report.passed else "failed"] += 1


def pytest_terminal_summary(terminalreporter):
    for line in _figures:
        terminalreporter.write_line(line)
    if not _required():
        return
    for marker in SERVICE_MARKERS:
        terminalreporter.write_line(
            f"{marker}-only tests: {_outcomes[marker, 'passed']} passed, "
            f"{_outcomes[marker, 'failed']} failed, {_outcomes[marker, 'skipped']} skipped"
        )


def pytest_sessionfinish(session, exitstatus):
    # Under pytest-xdist a worker sees only its share; the controller sees every report.
    if not _required() or session.config.option.collectonly or _is_worker(session.config):
        return
    for marker in SERVICE_MARKERS:
        if _outcomes[marker, "skipped"] or not _outcomes[marker, "passed"]:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _is_worker(config) -> bool:
    return hasattr(config, "workerinput")


class Figures:
    """Lines a test adds are printed at the end of the session (a measured rate). They
    travel with the test's report, so that under pytest-xdist the controller, which
    prints the summary, has them too."""

    def __init__(self, node) -> None:
        self.node = node

    def append(self, line: str) -> None:
        self.node.user_properties.append(("figure", line))


@pytest.fixture
def figures(request) -> Figures:
    return Figures(request.node)


@pytest.fixture(autouse=True)
def _bots_play_on_in_the_request(settings):
    """A request plays ``BOT_SECONDS`` of bot moves by the wall clock, then a task plays on;
    on a busy machine a test would stop at a different move from run to run. The tests of
    that stretch (tests/games/test_bots_in_a_task.py) set it and a fake clock."""
    settings.BOT_SECONDS = 3600.0


@pytest.fixture(autouse=True)
def _no_bots_woken_by_the_clock(settings):
    """A wake set by a game's bots would fire in a thread or a task after the test moved
    on; the tests of waking (tests/games/test_wakes.py) call the service themselves."""
    settings.BOT_WAKE = "off"


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    """Tasks run in-process, as on the quick start, wherever the suite runs: with a broker
    configured (CI) a task sent from a test would otherwise wait in a queue no worker
    reads, and the test would see a different service than on SQLite. Tests marked
    ``broker`` are about the queue itself and keep it."""
    if request.node.get_closest_marker("broker"):
        yield
        return
    from config.celery import app

    kept = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = kept


# Hypothesis draws its examples from the test's own name ("derandomize"), so a property
# test finds the same examples on every run, and no example fails for being slow on a busy
# machine. HYPOTHESIS_PROFILE=explore searches afresh, wider, for a developer hunting.
hypothesis_settings.register_profile(
    "suite",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
hypothesis_settings.register_profile("explore", deadline=None, max_examples=1000)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


class SeededDice:
    """The seeds of the games a test creates, made from the test's own name and a count,
    in place of the operating system's (``games.seeds.fresh``): a test that plays a game
    on the server's dice takes the same path on every run, on SQLite and PostgreSQL.
    Games that a module's shared fixture creates are named after the test that first
    asks for it.

    A test marked ``random_dice`` keeps the operating system's seeds: it says that it
    wants randomness, and asserts only what holds on every path. ``bypassed`` lists the
    games created with seeds from neither (a path that draws seeds of its own).
    """

    def __init__(self) -> None:
        self.issued: set[str] = set()
        self.bypassed: list[str] = []
        self.begin("", random=False)

    def begin(self, test_id: str, *, random: bool) -> None:
        self.test_id, self.random, self._count = test_id, random, itertools.count()

    def fresh(self) -> tuple[bytes, str]:
        if self.random:
            server_seed, client_seed = _os_seeds()
        else:
            named = f"{self.test_id}|{next(self._count)}"
            server_seed = hashlib.sha256(named.encode()).digest()
            client_seed = server_seed[:16].hex()
        self.issued.add(server_seed.hex())
        return server_seed, client_seed

    def check(self, sender, instance, created, raw=False, **kwargs) -> None:
        if created and not raw and instance.server_seed not in self.issued:
            self.bypassed.append(f"{instance.ruleset} game {instance.pk}")


_seeded_dice = SeededDice()
_os_seeds = seeds.fresh
seeds.fresh = _seeded_dice.fresh


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before any fixture of ``item`` is set up, its games' seeds are named after it."""
    from django.db.models.signals import post_save

    from games.models import Game

    post_save.connect(_seeded_dice.check, sender=Game, dispatch_uid="tests.seeded_dice")
    _seeded_dice.begin(item.nodeid, random=item.get_closest_marker("random_dice") is not None)


@pytest.fixture(autouse=True)
def seeded_dice():
    """The suite's :class:`SeededDice`; a test fails if it created a game whose seeds
    came from neither it nor the operating system under ``random_dice``."""
    yield _seeded_dice
    bypassed, _seeded_dice.bypassed = _seeded_dice.bypassed, []
    assert not bypassed, f"games on seeds no test gave: {', '.join(bypassed)}"


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


SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-output"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def asgi_service():
    """One server for a module's browser tests: the service as deployed, the ASGI
    application under uvicorn (pytest-django's own live server speaks WSGI, which
    cannot hold a page's stream). It keeps nothing between tests: each test's
    ``transactional_db`` empties the database."""
    from tests.streams import InFlight, asgi_server

    in_flight = InFlight()
    with asgi_server(static=True, in_flight=in_flight) as url:
        yield SimpleNamespace(url=url, in_flight=in_flight)


@pytest.fixture
def live_service(transactional_db, asgi_service):
    """The module's server on a database emptied after the test, once the server has
    answered the last request a page sent (a stream may stay open)."""
    yield asgi_service
    asgi_service.in_flight.settle()


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium, driven by Playwright (which cannot download a browser here),
    one for a module's tests; ``browser.new_page()`` gives each page a context of its
    own (no cookie is shared).

    ``CHROMIUM_PATH`` names the executable; else ``chromium`` on the PATH.
    Playwright's sync API keeps an event loop on the test's thread, which makes
    Django refuse ORM calls there; the tests' own calls stay synchronous, so
    they are allowed while the module's browser is open (the live server serves
    from its own thread).
    """
    executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    if not executable:
        pytest.skip("no chromium: install Debian's or set CHROMIUM_PATH")
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs the playwright package")
    from tests.support import BROWSER_PATIENCE_MS

    # Playwright's assertions wait 5 s unless told otherwise, whatever a page's timeout.
    sync_api.expect.set_options(timeout=BROWSER_PATIENCE_MS)
    with pytest.MonkeyPatch.context() as patch, sync_api.sync_playwright() as playwright:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def screenshots() -> Path:
    """The folder browser tests save their screenshots in (gitignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
