"""PostgreSQL restarted under load (issue 8): the service answers throughout and recovers alone.

DESTRUCTIVE: stops the machine's PostgreSQL cluster for a few seconds, which
breaks every other process using it (other test runs included). Run it by
hand when nobody else needs the database, or through the opt-in pytest
wrapper (``RUN_DESTRUCTIVE_FAULTS=1``)::

    .venv/bin/python tests/faults/postgres_restart.py

It creates a database of its own (``storyguide_faults_pgrestart``) on the
server named by ``DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/``),
migrates it, makes a user with a token, and serves it with gunicorn as in
production (``DEBUG=0``). Client threads call ``GET /api/health/`` and an
authenticated ``GET /api/campaigns/`` in a loop while the cluster is stopped
(``pg_ctlcluster ... stop``, fast mode) and started again. It checks:

- before: every request answers 200;
- while PostgreSQL is down: health answers 503 with ``"database":
  "unavailable"``, the read answers a 5xx with the JSON error body, and no
  request takes longer than ``SLOW`` seconds or goes unanswered;
- after the start: within ``RECOVERY`` seconds every request answers 200
  again, with the same gunicorn workers (no restart of anything).

PostgreSQL is started again in a ``finally`` whatever happens (SIGINT and
SIGTERM included); gunicorn is stopped and the database dropped. Prints PASS
or FAIL with the evidence; exits 0 on PASS, 1 on FAIL, 2 when it cannot run.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
DATABASE = "storyguide_faults_pgrestart"
CLIENTS = 4
BEFORE = 3.0  # seconds of load before the stop
DOWN = 5.0  # seconds PostgreSQL stays down (after the stop command returns)
RECOVERY = 10.0  # seconds after the start within which every request must answer 200 again
AFTER = 3.0  # seconds of load after recovery, all of which must answer 200
SLOW = 6.0  # no answer may take longer (the database connect timeout is 5 s)
CLIENT_TIMEOUT = 20.0  # a request without an answer by then counts as hung
MAX_REQUESTS = 20_000  # per client: bounds the loop whatever the timing


@dataclass
class Call:
    kind: str  # "health" or "read"
    started: float
    ended: float
    status: int | None  # None: no HTTP answer at all (refused, reset, timed out)
    body: dict | None  # the JSON body, None when it was not JSON
    error: str = ""

    @property
    def took(self) -> float:
        return self.ended - self.started


def cluster() -> tuple[str, str]:
    versions = sorted(os.listdir("/etc/postgresql"))
    if not versions or not shutil.which("pg_ctlcluster"):
        raise SystemExit(2)
    return versions[-1], "main"


def pg_ctl(action: str) -> None:
    version, name = cluster()
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, name, action],
        check=True,
        timeout=120,
        capture_output=True,
    )


def pg_ready(host: str, port: int) -> bool:
    result = subprocess.run(
        ["pg_isready", "-q", "-h", host, "-p", str(port)], timeout=15, check=False
    )
    return result.returncode == 0


def wait(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise RuntimeError(f"gave up after {timeout:.0f}s waiting for {what}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port: int, path: str, token: str | None = None) -> tuple[int, dict | None]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT)
    try:
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        return response.status, body if isinstance(body, dict) else None
    finally:
        conn.close()


class Load:
    """Client threads calling health and the read in turn until stopped, every call recorded."""

    def __init__(self, port: int, token: str):
        self.port, self.token = port, token
        self.calls: list[Call] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(CLIENTS)]

    def run(self) -> None:
        for n in range(MAX_REQUESTS):
            if self.stopping.is_set():
                return
            kind, path, token = (
                ("health", "/api/health/", None)
                if n % 2 == 0
                else ("read", "/api/campaigns/", self.token)
            )
            started = time.monotonic()
            try:
                status, body = request(self.port, path, token)
                call = Call(kind, started, time.monotonic(), status, body)
            except (OSError, http.client.HTTPException) as exc:
                call = Call(kind, started, time.monotonic(), None, None, repr(exc))
                time.sleep(0.05)
            with self.lock:
                self.calls.append(call)

    def start(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=CLIENT_TIMEOUT + 5)

    def between(self, start: float, end: float) -> list[Call]:
        with self.lock:
            return [c for c in self.calls if c.started >= start and c.ended <= end]

    def after(self, start: float) -> list[Call]:
        with self.lock:
            return [c for c in self.calls if c.started >= start]


def describe(calls: list[Call]) -> str:
    seen: dict[tuple, int] = {}
    for call in calls:
        key = (call.kind, call.status, (call.body or {}).get("code") or call.error[:40])
        seen[key] = seen.get(key, 0) + 1
    parts = [
        f"{kind} {status} {what}".strip() + f": {n}" for (kind, status, what), n in seen.items()
    ]
    return ", ".join(sorted(parts)) or "none"


def gunicorn_workers(master: int) -> set[int]:
    workers = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master:
                workers.add(int(stat.parent.name))
    return workers


def server_url() -> tuple[str, str, int]:
    """The server's URL without a database name, its host and port."""
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/storyguide")
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql", "pgsql"}:
        print("FAIL: DATABASE_URL must name a PostgreSQL server")
        raise SystemExit(2)
    host = parts.hostname or "127.0.0.1"
    if host not in {"127.0.0.1", "localhost", "::1"}:
        print(f"FAIL: PostgreSQL at {host} is not this machine's cluster; cannot stop it")
        raise SystemExit(2)
    return urlunsplit((parts.scheme, parts.netloc, "", "", "")), host, parts.port or 5432


def admin(server: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(server + "/postgres", autocommit=True, connect_timeout=10) as conn:
        conn.execute(sql)


SETUP = """
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from campaign.services import campaign_create
user = get_user_model().objects.create_user("faults-probe", password=None)
campaign_create(name="Fault probe", slug="fault-probe", storyguide=user)
print(AuthToken.objects.create(user)[1])
"""


def check(load: Load, marks: dict[str, float], workers: tuple[set, set]) -> list[str]:
    """Every failed expectation, in words; empty when the run passed."""
    problems = []
    before = load.between(marks["load"], marks["stop"])
    down = load.between(marks["down"], marks["start"])
    everything = load.after(marks["load"])

    if not before or any(c.status != 200 for c in before):
        problems.append(f"before the stop not every request answered 200: {describe(before)}")

    health = [c for c in down if c.kind == "health"]
    reads = [c for c in down if c.kind == "read"]
    if not health or not reads:
        problems.append(f"too few requests while PostgreSQL was down: {describe(down)}")
    if any(c.status != 503 or (c.body or {}).get("database") != "unavailable" for c in health):
        problems.append(f"health did not answer 503 while down: {describe(health)}")
    if any(c.status is None or c.status < 500 or "code" not in (c.body or {}) for c in reads):
        problems.append(f"reads did not fail with a JSON 5xx while down: {describe(reads)}")

    unanswered = [c for c in everything if c.status is None]
    if unanswered:
        problems.append(f"{len(unanswered)} requests got no HTTP answer: {describe(unanswered)}")
    slow = [c for c in everything if c.took > SLOW]
    if slow:
        longest = max(c.took for c in slow)
        problems.append(f"{len(slow)} requests took over {SLOW}s (longest {longest:.1f}s)")

    recovered = marks.get("recovered")
    if recovered is None:
        problems.append(f"not every request answered 200 within {RECOVERY}s of the start")
    else:
        late = [c for c in load.after(recovered) if c.status != 200]
        if late:
            problems.append(f"after recovering, requests failed again: {describe(late)}")
    if workers[0] != workers[1]:
        problems.append(f"gunicorn workers changed: {sorted(workers[0])} -> {sorted(workers[1])}")
    return problems


def main() -> int:
    server, host, port = server_url()
    database_url = f"{server}/{DATABASE}"
    workdir = Path(tempfile.mkdtemp(prefix="faults-pg-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "WARNING",
    }
    env.pop("CACHE_URL", None)
    gunicorn = None
    load = None
    marks: dict[str, float] = {}
    stopped = passed = False

    def interrupted(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, interrupted)
    try:
        if not pg_ready(host, port):
            print("FAIL: PostgreSQL is not running to begin with")
            return 2
        admin(server, f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        admin(server, f'CREATE DATABASE "{DATABASE}"')
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        token = subprocess.run(
            [*manage, "shell", "-c", SETUP],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]

        web = free_port()
        log = open(workdir / "gunicorn.log", "wb")  # noqa: SIM115 (the child owns it)
        gunicorn = subprocess.Popen(
            [
                *(sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{web}"),
                *("--worker-class", "gthread", "--threads", "4"),
                *("--workers", "3", "--timeout", "30", "--graceful-timeout", "5"),
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        wait(lambda: _answers(web), 60, "gunicorn to answer")
        workers_before = gunicorn_workers(gunicorn.pid)

        load = Load(web, token).start()
        marks["load"] = time.monotonic()
        time.sleep(BEFORE)

        marks["stop"] = time.monotonic()
        stopped = True
        pg_ctl("stop")
        marks["down"] = time.monotonic()
        time.sleep(DOWN)
        marks["start"] = time.monotonic()
        pg_ctl("start")
        stopped = False
        wait(lambda: pg_ready(host, port), 60, "PostgreSQL to accept connections")
        marks["up"] = time.monotonic()

        deadline = marks["start"] + RECOVERY
        while time.monotonic() < deadline:
            # Recovered at the start of the first pair of 200s after which nothing failed.
            calls = sorted(load.after(marks["start"]), key=lambda c: c.started)
            failing = [c.started for c in calls if c.status != 200]
            good = [c for c in calls if not failing or c.started > max(failing)]
            if {c.kind for c in good} == {"health", "read"} and len(good) >= 4:
                marks["recovered"] = good[0].started
                break
            time.sleep(0.2)
        time.sleep(AFTER)
        load.stop()
        workers_after = gunicorn_workers(gunicorn.pid)

        problems = check(load, marks, (workers_before, workers_after))
        t0 = marks["stop"]
        print(
            f"stop took {marks['down'] - t0:.1f}s, down {marks['start'] - marks['down']:.1f}s, "
            f"start took {marks['up'] - marks['start']:.1f}s; "
            + (
                f"recovered {marks['recovered'] - marks['start']:.1f}s after the start command"
                if "recovered" in marks
                else "never recovered"
            )
        )
        print(f"before: {describe(load.between(marks['load'], marks['stop']))}")
        print(f"while down: {describe(load.between(marks['down'], marks['start']))}")
        print(f"stopping/starting: {describe(load.between(marks['stop'], marks['down']))}")
        if "recovered" in marks:
            print(f"after recovery: {describe(load.after(marks['recovered']))}")
        longest = max((c.took for c in load.calls), default=0)
        print(f"{len(load.calls)} requests, the longest took {longest:.2f}s")
        if problems:
            print("FAIL: " + "; ".join(problems))
            print(f"gunicorn log: {workdir / 'gunicorn.log'}")
            return 1
        print("PASS: PostgreSQL restarted under load; 503 while down, recovered without a restart")
        passed = True
        return 0
    finally:
        if load is not None:
            load.stop()
        if stopped or not pg_ready(host, port):
            with contextlib.suppress(subprocess.CalledProcessError):
                pg_ctl("start")
            wait(lambda: pg_ready(host, port), 60, "PostgreSQL to come back")
        if gunicorn is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(gunicorn.pid, signal.SIGTERM)
            try:
                gunicorn.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(gunicorn.pid, signal.SIGKILL)
                gunicorn.wait(timeout=10)
        with contextlib.suppress(Exception):
            admin(server, f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        if passed:
            shutil.rmtree(workdir, ignore_errors=True)


def _answers(port: int) -> bool:
    try:
        return request(port, "/api/health/")[0] == 200
    except (OSError, http.client.HTTPException):
        return False


if __name__ == "__main__":
    sys.exit(main())
