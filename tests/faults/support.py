"""What the fault tests share: real processes, a Redis of their own, due games, the ledger check.

Every wait here is bounded (``wait_until``), every process started here is
stopped by its own id (or its own process group) in a ``finally``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

import redis
from celery import Celery
from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone
from redis.backoff import NoBackoff
from redis.retry import Retry

from campaign.models import HousePointEntry
from league.models import Fixture, FixtureStatus
from league.rules.house_points import CREDIT_DELAY

ROOT = Path(__file__).resolve().parents[2]
NO_RETRY = Retry(NoBackoff(), 0)
"""redis-py retries a lost connection by default; a probe of a stopped server must not."""
CREDIT_TASK = "league.tasks.credit_due_house_points"
SUCCEEDED = re.compile(
    r"\[(?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}): INFO/[^\]]+\] "
    r"Task league\.tasks\.credit_due_house_points\[(?P<id>[^\]]+)\] "
    r"succeeded in (?P<runtime>[0-9.e-]+)s: (?P<credited>\d+)"
)
RECEIVED = re.compile(r"Task league\.tasks\.credit_due_house_points\[[^\]]+\] received")
FAILED = "raised unexpected"


def wait_until(predicate: Callable[[], object], *, timeout: float, what: str, interval=0.05):
    """Poll ``predicate`` until it is truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"gave up after {timeout:.0f}s waiting for {what}")
        time.sleep(interval)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """The URL of the database this test runs on, for subprocesses to join it."""
    s = connection.settings_dict
    auth = quote(s["USER"] or "", safe="")
    if s["PASSWORD"]:
        auth += ":" + quote(s["PASSWORD"], safe="")
    host = s["HOST"] or ""
    port = f":{s['PORT']}" if s["PORT"] else ""
    return f"postgres://{auth}@{host}{port}/{quote(s['NAME'], safe='')}"


# --- Redis -----------------------------------------------------------------


class PrivateRedis:
    """A redis-server of the test's own, on a free port: restarting it disturbs nobody.

    Started with the flags the project uses (no snapshots, no append-only
    file), so a restart loses everything in it, exactly like the machine's.
    """

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.port = free_port()
        self.host = "127.0.0.1"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis(host=self.host, port=self.port, socket_timeout=5, retry=NO_RETRY)

    def undelivered(self, queue: str) -> int:
        """Messages still waiting in ``queue`` or handed to a worker and not yet acknowledged.

        kombu keeps a queue as a list (one per priority step, named after
        it) and a delivered message in the ``unacked`` hash until its ack.
        """
        client = self.client()
        waiting = sum(client.llen(key) for key in client.scan_iter(match=f"{queue}*"))
        return waiting + client.hlen("unacked")

    def ping(self) -> bool:
        try:
            return bool(self.client().ping())
        except redis.RedisError:
            return False

    def start(self) -> None:
        log = open(self.workdir / f"redis-{self.port}.log", "ab")  # noqa: SIM115 (the child owns it)
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--bind",
                self.host,
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        wait_until(self.ping, timeout=15, what=f"redis-server on port {self.port}")

    def shutdown(self) -> None:
        """``SHUTDOWN NOSAVE``: the server exits and everything in it is gone."""
        if self.process is None or self.process.poll() is not None:
            return
        subprocess.run(
            ["redis-cli", "-h", self.host, "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
            timeout=15,
            check=False,
        )
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def restart(self) -> None:
        self.shutdown()
        self.start()

    def ensure_up(self) -> None:
        if not self.ping():
            self.start()

    def stop(self) -> None:
        self.shutdown()


class SharedRedis:
    """The machine's Redis (``CELERY_BROKER_URL``), restarted with the README's commands.

    Restarting it drops every other user's queued tasks and cached counters:
    only for ``faults_destructive`` tests.
    """

    def __init__(self, url: str):
        parsed = redis.connection.parse_url(url)
        self.host = parsed.get("host", "127.0.0.1")
        self.port = int(parsed.get("port", 6379))
        self.url = url

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_timeout=5, retry=NO_RETRY)

    def ping(self) -> bool:
        try:
            return bool(self.client().ping())
        except redis.RedisError:
            return False

    def restart(self) -> None:
        subprocess.run(
            ["redis-cli", "-h", self.host, "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
            timeout=15,
            check=False,
        )
        wait_until(lambda: not self.ping(), timeout=15, what="the shared Redis to stop")
        self.ensure_up()

    def ensure_up(self) -> None:
        if self.ping():
            return
        subprocess.run(
            # The README's (and .ci/run's) command.
            [
                *("redis-server", "--daemonize", "yes", "--bind", "127.0.0.1"),
                *("--port", str(self.port), "--save", "", "--appendonly", "no"),
            ],
            capture_output=True,
            timeout=15,
            check=True,
        )
        wait_until(self.ping, timeout=15, what="the shared Redis to start again")

    def stop(self) -> None:
        self.ensure_up()  # never leave the machine's Redis down


# --- Celery processes --------------------------------------------------------


def celery_env(*, broker_url: str, conf: dict | None = None) -> dict:
    """The environment of a worker or beat on the test database and the given broker."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker_url,
        "CELERY_RESULT_BACKEND": broker_url,
        "FAULTS_CELERY_CONF": json.dumps(conf or {}),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("CACHE_URL", None)  # rate limit counters are not what these tests are about
    return env


def redelivery_conf(visibility_timeout: float) -> dict:
    """Celery settings under which a task a killed worker held comes back to another
    worker ``visibility_timeout`` seconds later (Redis restores unacknowledged tasks)."""
    return {
        "broker_transport_options": {
            "visibility_timeout": visibility_timeout,
            "unacked_restore_interval": 1,
            "unacked_restore_throttle": 1,
        }
    }


class CeleryProcess:
    """``celery -A tests.faults.celery_app <args>`` in its own process group, logging to a file."""

    def __init__(self, name: str, args: list[str], *, env: dict, workdir: Path):
        self.name = name
        self.args = args
        self.env = env
        self.logfile = workdir / f"{name}.log"
        self.process: subprocess.Popen | None = None

    @classmethod
    def worker(cls, name, *, queue, env, workdir, pool="solo") -> CeleryProcess:
        args = [
            "worker",
            f"--pool={pool}",
            "-n",
            f"{name}-{uuid.uuid4().hex[:6]}@%h",
            "-Q",
            queue,
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
        ]
        if pool == "prefork":
            args.append("--concurrency=1")
        return cls(name, args, env=env, workdir=workdir)

    @classmethod
    def beat(cls, name, *, env, workdir) -> CeleryProcess:
        args = [
            "beat",
            "--loglevel=INFO",
            "--schedule",
            str(workdir / f"{name}-schedule"),
            "--pidfile",
            str(workdir / f"{name}.pid"),
        ]
        return cls(name, args, env=env, workdir=workdir)

    def start(self) -> CeleryProcess:
        log = open(self.logfile, "ab")  # noqa: SIM115 (the child owns it)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tests.faults.celery_app", *self.args],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        return self

    def log(self) -> str:
        try:
            return self.logfile.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def wait_for_log(self, pattern: str, *, timeout: float) -> None:
        def seen():
            if pattern in self.log():
                return True
            if not self.alive():
                raise AssertionError(f"{self.name} exited early:\n{self.log()[-3000:]}")
            return False

        wait_until(seen, timeout=timeout, what=f"{pattern!r} in the log of {self.name}")

    def wait_ready(self, timeout: float = 60) -> CeleryProcess:
        self.wait_for_log(" ready.", timeout=timeout)
        return self

    def runs(self) -> list[tuple[str, int]]:
        """Each finished crediting run in order: (task id, games it credited)."""
        return [(m["id"], int(m["credited"])) for m in SUCCEEDED.finditer(self.log())]

    def received(self) -> int:
        """How many crediting tasks this worker has taken from the broker."""
        return len(RECEIVED.findall(self.log()))

    def run_times(self) -> list[tuple[float, float, int]]:
        """Each finished run as (start, end) in epoch seconds, and what it credited."""
        times = []
        for m in SUCCEEDED.finditer(self.log()):
            end = datetime.strptime(m["at"], "%Y-%m-%d %H:%M:%S,%f").timestamp()
            times.append((end - float(m["runtime"]), end, int(m["credited"])))
        return times

    def wait_for_log_count(self, pattern: str, count: int, *, timeout: float) -> None:
        wait_until(
            lambda: self.log().count(pattern) >= count,
            timeout=timeout,
            what=f"{count} times {pattern!r} in the log of {self.name}",
        )

    def wait_for_run(self, task_id: str, *, timeout: float) -> int:
        """Wait for the first run of ``task_id`` to finish; what it credited."""

        def finished():
            for run_id, credited in self.runs():
                if run_id == task_id:
                    return (credited,)
            if not self.alive():
                raise AssertionError(f"{self.name} exited:\n{self.log()[-3000:]}")
            return None

        return wait_until(
            finished, timeout=timeout, what=f"task {task_id} to succeed on {self.name}"
        )[0]

    def children(self) -> list[int]:
        """The pool processes of a prefork worker."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.parent.name))
        return found

    def kill(self) -> None:
        """SIGKILL the worker's main process: no warm shutdown, no message handed back."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self._kill_group()

    def stop(self, timeout: float = 30) -> None:
        """Warm shutdown (SIGTERM), then SIGKILL of the group if it does not end in time."""
        if self.process is None:
            return
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=timeout)
        self._kill_group()
        if self.process.poll() is None:
            self.process.wait(timeout=10)

    def _kill_group(self) -> None:
        with contextlib.suppress(ProcessLookupError):  # pool children left behind, if any
            os.killpg(self.process.pid, signal.SIGKILL)


class Producer:
    """Sends a task as beat does, by name (the crediting task unless told), to one queue
    of one broker."""

    def __init__(self, broker_url: str):
        self.broker_url = broker_url
        self.app = Celery("faults-producer", broker=broker_url, set_as_current=False)

    def send(self, queue: str, task: str = CREDIT_TASK) -> str:
        task_id = uuid.uuid4().hex
        # The URL explicitly: Celery prefers the CELERY_BROKER_URL variable to its config.
        with self.app.connection_for_write(url=self.broker_url) as conn:
            self.app.send_task(
                task,
                queue=queue,
                task_id=task_id,
                connection=conn,
                retry=True,
                retry_policy={"max_retries": 20, "interval_start": 0.2, "interval_max": 1},
            )
        return task_id

    def close(self) -> None:
        self.app.close()


# --- Due cup games -------------------------------------------------------------

_RESULTS: dict[str, dict] = {}
"""Fixture key -> the result of a really played game; played once per session."""


def played_results(table) -> dict[str, dict]:
    if not _RESULTS:
        from tests.league.test_services import play

        fixtures = table.cup.fixtures.order_by("window_starts", "id")
        for seed, fixture in enumerate(fixtures, start=1):
            _RESULTS[fixture.key] = play(table, fixture, seed=seed).result
    return _RESULTS


def expected_credits(result: dict) -> dict[str, int]:
    """§8.3 from the result alone: 10 a goal, 50 the snitch catch, 100 the win."""
    points = {
        team["house"]: 10 * team["goals"] + 50 * team["snitch"] + (100 if team["bonus"] else 0)
        for team in result["teams"]
    }
    return {house: amount for house, amount in points.items() if amount}


def expected_entries(result: dict) -> int:
    return sum(
        bool(team["goals"]) + bool(team["snitch"]) + bool(team["bonus"]) for team in result["teams"]
    )


class DueCup:
    """A campaign with ``years`` cup years, every game played, published, and its points due.

    The first cup year's twelve games are played for real (once per session);
    the other years' fixtures get the same real results, key by key (the same
    pairings), so thousands of games are due without playing thousands.
    ``not_due_years`` more years are played but due only tomorrow: they must
    stay untouched.
    """

    def __init__(self, years: int, *, not_due_years: int = 1, due_at: datetime | None = None):
        from league.services import cup_year_create
        from tests.league.conftest import FEBRUARY, SEPTEMBER, CupTable

        self.table = CupTable()
        results = played_results(self.table)
        self.campaign = self.table.campaign
        for n in range(1, years + not_due_years):
            cup_year_create(
                campaign=self.campaign,
                name=f"Year {n}",
                slug=f"year-{n}",
                first_half_starts=SEPTEMBER,
                second_half_starts=FEBRUARY,
            )
        now = timezone.now()
        due_at = due_at or now - timedelta(hours=1)
        cup_years = list(self.campaign.cup_years.order_by("pk"))
        self.due_year_ids = {cy.pk for cy in cup_years[:years]}
        fixtures = list(Fixture.objects.filter(cup_year__in=cup_years))
        for fixture in fixtures:
            due = due_at if fixture.cup_year_id in self.due_year_ids else now + timedelta(days=1)
            fixture.status = FixtureStatus.PLAYED
            fixture.result = results[fixture.key]
            fixture.published_at = due - CREDIT_DELAY
            fixture.credit_due_at = due
            fixture.credited_at = None
        Fixture.objects.bulk_update(
            fixtures,
            ["status", "result", "published_at", "credit_due_at", "credited_at"],
            batch_size=500,
        )
        self.due = [f for f in fixtures if f.cup_year_id in self.due_year_ids]
        self.not_due = [f for f in fixtures if f.cup_year_id not in self.due_year_ids]

    def set_due(self, fixtures, due_times) -> None:
        """Move the due times (as time passing would): one per fixture."""
        for fixture, due in zip(fixtures, due_times, strict=True):
            fixture.published_at = due - CREDIT_DELAY
            fixture.credit_due_at = due
        Fixture.objects.bulk_update(fixtures, ["published_at", "credit_due_at"], batch_size=500)

    def credited_count(self) -> int:
        return Fixture.objects.filter(
            cup_year__campaign=self.campaign, credited_at__isnull=False
        ).count()

    def expected_ledger(self, fixtures) -> dict[tuple[int, str], dict[str, int]]:
        return {(f.cup_year_id, f.key): expected_credits(f.result) for f in fixtures}

    def ledger(self) -> dict[tuple[int, str], dict[str, int]]:
        """Points per game and house as the ledger has them, from the entries' source keys."""
        found: dict[tuple[int, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
        sides = {
            (cup_year, key): {"home": home, "away": away}
            for cup_year, key, home, away in Fixture.objects.filter(
                cup_year__campaign=self.campaign
            ).values_list("cup_year_id", "key", "home__name", "away__name")
        }
        entries = HousePointEntry.objects.filter(campaign=self.campaign, source="match")
        for source_key, house, amount in entries.values_list("source_key", "house__name", "amount"):
            cup, game, side, _part = source_key.split(":")
            cup_year = int(cup.removeprefix("cup-"))
            assert sides[cup_year, game][side] == house, source_key
            found[cup_year, game][house] += amount
        return {key: dict(points) for key, points in found.items()}

    def duplicate_source_keys(self) -> list:
        return list(
            HousePointEntry.objects.filter(campaign=self.campaign)
            .exclude(source_key="")
            .values("source_key")
            .annotate(n=Count("id"))
            .filter(n__gt=1)
        )

    def assert_consistent(self) -> tuple[int, int]:
        """At any moment: a game is credited in full (and marked) or not at all.

        Read in one snapshot (REPEATABLE READ), so a worker crediting meanwhile
        cannot make the ledger and the marks disagree. Returns (credited, not
        yet credited) among the due games.
        """
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            ledger = self.ledger()
            duplicates = self.duplicate_source_keys()
            credited_at = dict(
                Fixture.objects.filter(cup_year__campaign=self.campaign).values_list(
                    "pk", "credited_at"
                )
            )
        assert not duplicates, duplicates
        expected = self.expected_ledger(self.due)
        done = pending = 0
        for fixture in self.due:
            key = (fixture.cup_year_id, fixture.key)
            if credited_at[fixture.pk] is not None:
                assert ledger.get(key, {}) == expected[key], (key, ledger.get(key), expected[key])
                done += 1
            else:
                assert key not in ledger, f"{key} has entries but is not marked credited"
                pending += 1
        for fixture in self.not_due:
            assert credited_at[fixture.pk] is None, f"{fixture.key} credited before it was due"
            assert (fixture.cup_year_id, fixture.key) not in ledger
        return done, pending

    def assert_credited_exactly_once(self) -> None:
        """Every due game credited, each house's points once, nothing else in the ledger."""
        done, pending = self.assert_consistent()
        assert (done, pending) == (len(self.due), 0)
        assert self.ledger() == self.expected_ledger(self.due)
        entries = HousePointEntry.objects.filter(campaign=self.campaign).count()
        assert entries == sum(expected_entries(f.result) for f in self.due)
