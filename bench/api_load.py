"""Load benchmark: Chat-Quidditch commands over HTTP, gunicorn in front of PostgreSQL.

    .venv/bin/python bench/api_load.py                  # both scenarios, 20 s each
    .venv/bin/python bench/api_load.py --duration 60 --scenario spread
    .venv/bin/python bench/api_load.py --profile 300    # in-process: queries and cProfile

It drops and recreates the database ``storyguide_bench`` (``--database``) on
the PostgreSQL at ``--pg`` (default ``postgres://postgres@127.0.0.1:5432``),
migrates it, prepares a campaign through the services (two houses of seven
characters, thirteen of them with a player of their own and the fourteenth
relayed by the storyguide, one API token per user) and the matches through
``games.services.game_create``. Then it starts gunicorn on 127.0.0.1 and
a free port (``DEBUG=0``, a throwaway ``SECRET_KEY``, ``SECURE_SSL_REDIRECT=0``
for plain HTTP on loopback, rate limit counters in Redis at ``--cache-url``,
``WRITE_RATE_LIMIT`` high so that the limit never refuses) and runs:

spread
    ``--clients`` threads (keep-alive ``http.client`` connections) play 200
    matches (``--matches``), each match owned by one client, so no two commands
    to one match race. A match that ends is replaced by a fresh one.
one
    ``--one-clients`` threads play one match at once. Each sends the command it
    chose from the newest state it knows with ``expected_version``; when another
    client got in first the server answers 409 and the client tries again on
    the state the winner received (clients share the newest answer). The 409s
    are the cost of racing on one match, not errors. When the match ends, all
    clients move on to the next one.

Every command is legal: a client keeps the state each answer returns (a
replica) and lets the random legal player (``games.bots.RandomBot``) choose
among the commands the rules offer the referee in that state, except a
``timeout`` whose deadline has not passed yet. A command for a nick goes out
on the token of the nick's player, the referee's own commands and the relayed
nick's on the storyguide's token; each carries an ``Idempotency-Key`` unless
``--no-idempotency``.

It prints requests per second and p50/p95/p99 latency per scenario, the
answers by class (2xx, 4xx with 409 and 422 apart, 5xx, transport errors),
then checks every match it touched: events numbered 1..version with no gap
or double, as many events as 201 answers, and ``games.selectors.game_verify``
passing. Goals (2 cores, PostgreSQL on the same machine): spread at least 250
requests/s with p99 at most 150 ms, one match p99 at most 300 ms, zero errors
(no 5xx, no transport error), zero events lost or doubled. Exit status 1 on an
error or a failed log check.

Bounded: every client stops after ``--duration`` seconds or ``--max-requests``
requests per scenario, whichever comes first; gunicorn is stopped on exit,
also on Ctrl-C or SIGTERM. The database stays for inspection unless ``--drop``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTOTYPE = ROOT.parent / "shared" / "bench" / "turn-prototype"
sys.path.insert(0, str(ROOT))

from bench import pgbench_commands  # noqa: E402
from tests import serving  # noqa: E402 - the served-apart shape as real processes

HOST = "127.0.0.1"
SPREAD_GOAL_RPS = 250
SPREAD_GOAL_P99_MS = 150
ONE_GOAL_P99_MS = 300
QUERY_SAMPLE = 50  # commands whose statements are counted after the run
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")
TEAM = ["keeper", "seeker", "chaser", "chaser", "chaser", "beater", "beater"]
EXPERIENCE = {0: 1, 2: 2, 5: 1}  # each captain's XP by roster index (§3.2), as the tests give
RELAYED = ("Slytherin", 6)  # this character has no account: the storyguide relays its lines
HOUSES = ("Gryffindor", "Slytherin")


# --------------------------------------------------------------------------- setup


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Chat-Quidditch commands over HTTP against gunicorn and PostgreSQL."
    )
    parser.add_argument("--scenario", choices=["spread", "one", "both"], default="both")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per scenario")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds, not measured")
    parser.add_argument(
        "--max-requests", type=int, default=200_000, help="per scenario, a hard bound"
    )
    parser.add_argument("--matches", type=int, default=200, help="matches in play (spread)")
    parser.add_argument("--clients", type=int, default=12, help="client threads (spread)")
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="spread: requests/s offered on a schedule (0: each client as fast as answered)",
    )
    parser.add_argument("--one-clients", type=int, default=4, help="client threads (one)")
    parser.add_argument(
        "--worker-class",
        choices=["gthread", "sync", "uvicorn"],
        default="gthread",
        help="the command server's: gthread (as deployed), sync; uvicorn: config.asgi, "
        "everything in one process (./dev serve's)",
    )
    parser.add_argument("--workers", type=int, default=None, help="gthread 3, sync 5, uvicorn 3")
    parser.add_argument("--threads", type=int, default=4, help="per gthread worker")
    parser.add_argument("--stream-workers", type=int, default=2, help="the streams server's")
    parser.add_argument(
        "--via",
        choices=["direct", "proxy", "both"],
        default="both" if serving.nginx_binary() else "direct",
        help="commands straight to the command server, through nginx (deploy/nginx.conf), "
        "or each scenario both ways (the default when nginx is installed)",
    )
    parser.add_argument("--port", type=int, default=0, help="0: a free port")
    parser.add_argument(
        "--prototype",
        default=str(PROTOTYPE),
        help="the reference turn transaction, run first in the same invocation ('' to skip)",
    )
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="storyguide_bench")
    parser.add_argument(
        "--cache-url",
        default="redis://127.0.0.1:6379/14",
        help="rate limit counters; 'none' keeps them per process",
    )
    parser.add_argument("--no-idempotency", action="store_true", help="send no Idempotency-Key")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0, help="per request, seconds")
    parser.add_argument("--drop", action="store_true", help="drop the database at the end")
    parser.add_argument(
        "--profile",
        type=int,
        metavar="N",
        default=0,
        help="no gunicorn: submit N commands in-process, count queries, cProfile them",
    )
    args = parser.parse_args(argv)
    if args.workers is None:
        args.workers = 5 if args.worker_class == "sync" else 3
    if not args.database.replace("_", "").isalnum() or "bench" not in args.database:
        # It is dropped and created again: never a database that is not the bench's own.
        parser.error("--database: letters, digits and _ only, with 'bench' in the name")
    return args


def service_env(args: argparse.Namespace) -> dict[str, str]:
    """The environment both gunicorn and this process's Django run with."""
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"{args.pg.rstrip('/')}/{args.database}",
        "SECRET_KEY": "bench-" + uuid.uuid4().hex + uuid.uuid4().hex,
        "DEBUG": "0",
        "ALLOWED_HOSTS": f"{HOST},localhost,testserver",
        "SECURE_SSL_REDIRECT": "0",
        "WRITE_RATE_LIMIT": "1000000/min",
        "LOG_LEVEL": "WARNING",
        "CELERY_BROKER_URL": "",
    }
    if args.cache_url != "none":
        env["CACHE_URL"] = args.cache_url
    return env


def recreate_database(args: argparse.Namespace) -> None:
    import psycopg

    with psycopg.connect(f"{args.pg.rstrip('/')}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{args.database}"')


def drop_database(args: argparse.Namespace) -> None:
    import psycopg

    with psycopg.connect(f"{args.pg.rstrip('/')}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')


def clear_rate_counters(cache_url: str) -> None:
    """Forget the write counters of an earlier run (user ids repeat in a fresh database)."""
    if cache_url == "none":
        return
    import redis

    client = redis.Redis.from_url(cache_url)
    for key in client.scan_iter(match="*throttle_*", count=1000):
        client.delete(key)
    client.close()


def django_setup(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()


@dataclass
class Fixture:
    campaign: object
    storyguide: object
    storyguide_token: str
    characters: dict[str, list]
    tokens: dict[int, str]  # user id -> token


def prepare() -> Fixture:
    """A campaign, its two teams with players, one token per user (through the services)."""
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from campaign.models import Character, Role
    from campaign.rules.sheet import SheetRules
    from campaign.services import campaign_create, membership_set

    users = get_user_model()
    storyguide = users.objects.create_user("bench-storyguide", password=None)
    campaign = campaign_create(name="Bench", slug="bench", storyguide=storyguide)
    attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
    tokens = {storyguide.pk: AuthToken.objects.create(user=storyguide)[1]}
    characters: dict[str, list] = {}
    for house_name in HOUSES:
        house = campaign.houses.get(name=house_name)
        characters[house_name] = []
        for index, position in enumerate(TEAM):
            player = None
            if (house_name, index) != RELAYED:
                player = users.objects.create_user(f"bench-{house_name}-{index}", password=None)
                membership_set(campaign=campaign, user=player, role=Role.PLAYER)
                tokens[player.pk] = AuthToken.objects.create(user=player)[1]
            characters[house_name].append(
                Character.objects.create(
                    campaign=campaign,
                    house=house,
                    player=player,
                    name=f"{house_name} {position} {index}",
                    quidditch_position=position,
                    attributes=attributes,
                )
            )
    return Fixture(campaign, storyguide, tokens[storyguide.pk], characters, tokens)


@dataclass
class Match:
    """A match as one client knows it: the replica of its state, and what it was answered."""

    id: int
    state: dict
    version: int
    tokens: dict[str, str]  # nick -> token of its player
    created: int = 0  # 201 answers
    transport_errors: int = 0

    @property
    def over(self) -> bool:
        return bool(self.state.get("over"))


def create_match(fixture: Fixture) -> Match:
    from django.utils import timezone

    from campaign.teams import Team
    from games.services import game_create

    teams = [
        Team(
            house=characters[0].house,
            players=[(c, c.quidditch_position) for c in characters],
            experience={c.pk: EXPERIENCE.get(i, 0) for i, c in enumerate(characters)},
        )
        for characters in fixture.characters.values()
    ]
    game = game_create(
        campaign=fixture.campaign,
        ruleset="chat-quidditch",
        config={"teams": [team.to_config() for team in teams]},
        created_by=fixture.storyguide,
        now=timezone.now(),
    )
    tokens = {seat.participant: fixture.tokens[seat.user_id] for seat in game.seats.all()}
    return Match(game.pk, game.state, game.version, tokens)


class MatchPool:
    """Fresh matches made before the run; more are made here if it runs dry."""

    def __init__(self, fixture: Fixture, size: int) -> None:
        self.fixture = fixture
        self.lock = threading.Lock()
        self.fresh = [create_match(fixture) for _ in range(size)]
        self.made_late = 0

    def take(self) -> Match:
        with self.lock:
            if self.fresh:
                return self.fresh.pop()
            self.made_late += 1
            return create_match(self.fixture)


# --------------------------------------------------------------------------- the servers


def free_port() -> int:
    return serving.free_port()


class Shape:
    """The servers of a run, as deployed (``docker-compose.yml``): the command server
    (``config.wsgi`` on gunicorn's ``--worker-class`` workers), the streams server
    (``config.streams`` on uvicorn workers) when ``streams``, and nginx in front with
    ``deploy/nginx.conf`` when ``--via`` asks for it. ``--worker-class uvicorn`` serves
    everything from one process instead, ``config.asgi`` (``./dev serve``'s).

    Each in a process group of its own, stopped by its pid on exit, Ctrl-C or SIGTERM.
    """

    def __init__(self, args: argparse.Namespace, env: dict[str, str], *, streams=False):
        env = {**os.environ, **env}
        self.servers: dict[str, serving.Process] = {}
        if args.worker_class == "uvicorn":
            self.servers["commands"] = serving.Gunicorn(
                "config.asgi", env=env, worker_class=WORKER_CLASSES["uvicorn"],
                workers=args.workers, port=args.port,
            )  # fmt: skip
            self.servers["streams"] = self.servers["commands"]
        else:
            self.servers["commands"] = serving.Gunicorn.commands(
                env=env, worker_class=args.worker_class, workers=args.workers,
                threads=args.threads, port=args.port,
            )  # fmt: skip
            if streams:
                self.servers["streams"] = serving.Gunicorn.streams(
                    env=env, workers=args.stream_workers
                )
        self.describe = (
            f"commands: gunicorn {args.worker_class} {args.workers} workers"
            + (f" x {args.threads} threads" if args.worker_class == "gthread" else "")
            + (" on config.asgi (one process)" if args.worker_class == "uvicorn" else "")
            + (f"; streams: {args.stream_workers} uvicorn workers" if streams else "")
        )
        self.vias = ["direct", "proxy"] if args.via == "both" else [args.via]
        if "proxy" in self.vias:
            self.servers["proxy"] = serving.Nginx(
                commands=self.servers["commands"].port,
                # No stream in this run when there is no streams server: nobody listens.
                streams=self.servers["streams"].port if "streams" in self.servers else free_port(),
            )
            self.describe += "; nginx with deploy/nginx.conf in front"

    def start(self) -> None:
        for server in dict.fromkeys(self.servers.values()):
            server.start()
        for server in dict.fromkeys(self.servers.values()):
            server.wait_ready()

    def stop(self) -> None:
        for server in reversed(list(dict.fromkeys(self.servers.values()))):
            server.stop()

    def port(self, via: str, what: str = "commands") -> int:
        """Where the clients send commands (or open streams), directly or through nginx."""
        return self.servers["proxy" if via == "proxy" else what].port

    def processes(self, via: str) -> dict[str, int]:
        """The servers whose CPU a scenario counts: the root pid of each."""
        roots = {"gunicorn": self.servers["commands"].pid}
        if via == "proxy":
            roots["nginx"] = self.servers["proxy"].pid
        return roots

    def logs(self) -> str:
        return ", ".join(str(server.logfile) for server in dict.fromkeys(self.servers.values()))


WORKER_CLASSES = {
    "gthread": "gthread",
    "sync": "sync",
    "uvicorn": "uvicorn_worker.UvicornWorker",
}


# --------------------------------------------------------------------------- clients


class TransportError(Exception):
    pass


@dataclass
class Tally:
    """What one scenario's requests were answered."""

    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    transport_errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def error(self) -> None:
        with self.lock:
            self.transport_errors += 1

    def count(self, low: int, high: int) -> int:
        return sum(n for status, n in self.statuses.items() if low <= status < high)

    @property
    def requests(self) -> int:
        return len(self.latencies) + self.transport_errors


class Connection:
    """One keep-alive HTTP/1.1 connection; reconnects when the server closed it."""

    def __init__(self, port: int, timeout: float) -> None:
        self.port = port
        self.timeout = timeout
        self.conn = http.client.HTTPConnection(HOST, port, timeout=timeout)

    def call(self, method: str, path: str, token: str, body: dict | None = None, key=None):
        headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if key:
            headers["Idempotency-Key"] = key
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=payload, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            raise TransportError(repr(error)) from error
        seconds = time.perf_counter() - started
        if response.will_close:
            self.conn.close()
        return response.status, data, seconds

    def close(self) -> None:
        self.conn.close()


class Player:
    """Chooses a legal command on a replica with the random bot, as the referee sees it."""

    def __init__(self, seed: int, storyguide_token: str) -> None:
        from games.bots import RandomBot
        from games.manifest import manifest_for
        from games.ruleset import Actor, find_ruleset

        self.rules = find_ruleset("chat-quidditch")
        # No substitutions (§8.6): one moves a character to another nick, and the tokens
        # the bench holds per nick would no longer be the nick's player's.
        self.bot = RandomBot(
            {**manifest_for(self.rules).playtest.rare_actions, "substitution": 0.0}
        )
        self.rng = random.Random(seed)
        self.referee = Actor("referee")
        self.storyguide_token = storyguide_token

    def choose(self, match: Match) -> tuple[dict, str] | None:
        """A command and the token to send it with, or None if only waiting is legal now."""
        now = time.time()
        offered = [
            command
            for command in self.rules.allowed_commands(match.state, self.referee)
            if command["action"] != "timeout" or command["deadline"] < now
        ]
        command = self.bot.choose(match.state, "referee", offered, self.rng)
        if command is None:
            return None
        token = match.tokens.get(command.get("player") or "", self.storyguide_token)
        return command, token


def submit(conn, match, command, token, expected_version, tally, idempotency, since=None):
    """POST one command; returns (status, parsed body or None).

    ``since``: the moment (perf_counter) the request was due, if it was scheduled.
    """
    body = {"command": command, "expected_version": expected_version}
    key = uuid.uuid4().hex if idempotency else None
    try:
        status, data, seconds = conn.call(
            "POST", f"/api/matches/{match.id}/commands/", token, body, key
        )
    except TransportError:
        tally.error()
        match.transport_errors += 1
        return None, None
    if since is not None:
        seconds = max(seconds, time.perf_counter() - since)
    tally.add(status, seconds)
    try:
        answer = json.loads(data) if data else None
    except ValueError:
        answer = None
    return status, answer


def refresh(conn, match: Match, token: str, tally: Tally) -> None:
    """Read the match again (after an unexpected answer); counted like any request."""
    try:
        status, data, seconds = conn.call("GET", f"/api/matches/{match.id}/", token)
    except TransportError:
        tally.error()
        return
    tally.add(status, seconds)
    if status == 200:
        game = json.loads(data)
        match.state, match.version = game["state"], game["version"]


def run_spread(args, port, fixture, matches, pool, seconds, tally) -> float:
    """Each client plays its own share of the matches, round robin."""
    stop_at = time.monotonic() + seconds
    budget = threading.Semaphore(args.max_requests)
    shares = [matches[i :: args.clients] for i in range(args.clients)]

    def client(index: int) -> None:
        conn = Connection(port, args.timeout)
        player = Player(args.seed * 1000 + index, fixture.storyguide_token)
        mine = shares[index]
        turn = idle = 0
        # With --rate each client sends on a schedule (open loop) and latency counts
        # from the scheduled moment, so that a slow server cannot hide its queue.
        interval = args.clients / args.rate if args.rate else 0.0
        scheduled = time.perf_counter() + interval * index / args.clients
        try:
            while mine and time.monotonic() < stop_at and budget.acquire(blocking=False):
                slot = turn % len(mine)
                turn += 1
                match = mine[slot]
                if match.over:
                    match = mine[slot] = pool.take()
                    matches.append(match)
                choice = player.choose(match)
                if choice is None:
                    budget.release()
                    idle += 1
                    if idle >= len(mine):  # every match waits for a deadline
                        time.sleep(0.01)
                        idle = 0
                    continue
                idle = 0
                if interval:
                    pause = scheduled - time.perf_counter()
                    if pause > 0:
                        time.sleep(pause)
                command, token = choice
                status, answer = submit(
                    conn,
                    match,
                    command,
                    token,
                    match.version,
                    tally,
                    not args.no_idempotency,
                    since=scheduled if interval else None,
                )
                scheduled += interval
                if status == 201:
                    match.created += 1
                    match.state = answer["game"]["state"]
                    match.version = answer["game"]["version"]
                elif status is None or status >= 400:
                    refresh(conn, match, fixture.storyguide_token, tally)
        finally:
            conn.close()

    return run_clients(client, args.clients)


class Shared:
    """The newest state of the one match, as the last winning answer returned it."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.cond = threading.Condition()


def run_one(args, port, fixture, shared: Shared, played, pool, seconds, tally) -> float:
    """All clients on one match at once; the match after it when it ends."""
    stop_at = time.monotonic() + seconds
    budget = threading.Semaphore(args.max_requests)

    def client(index: int) -> None:
        conn = Connection(port, args.timeout)
        player = Player(args.seed * 1000 + 500 + index, fixture.storyguide_token)
        try:
            while time.monotonic() < stop_at and budget.acquire(blocking=False):
                with shared.cond:
                    match = shared.match
                    if match.over:
                        match = shared.match = pool.take()
                        played.append(match)
                        shared.cond.notify_all()
                    # A private copy of the replica: the shared one moves on under us.
                    view = Match(match.id, match.state, match.version, match.tokens)
                choice = player.choose(view)
                if choice is None:
                    budget.release()
                    time.sleep(0.005)
                    continue
                command, token = choice
                status, answer = submit(
                    conn, match, command, token, view.version, tally, not args.no_idempotency
                )
                if status == 201:
                    game = answer["game"]
                    with shared.cond:
                        match.created += 1
                        if game["version"] > match.version:
                            match.state, match.version = game["state"], game["version"]
                        shared.cond.notify_all()
                elif status == 409:
                    # Someone else's command got in first; wait for its answer to arrive.
                    current = (answer or {}).get("current_version", view.version + 1)
                    with shared.cond:
                        caught_up = shared.cond.wait_for(
                            lambda m=match, v=current: shared.match is not m or m.version >= v,
                            timeout=1.0,
                        )
                    if not caught_up:
                        with shared.cond:
                            refresh(conn, match, fixture.storyguide_token, tally)
                else:
                    with shared.cond:
                        refresh(conn, match, fixture.storyguide_token, tally)
        finally:
            conn.close()

    return run_clients(client, args.one_clients)


def run_clients(client, count: int) -> float:
    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(count)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        while thread.is_alive():
            thread.join(0.2)  # short joins, so that Ctrl-C gets through
    return time.perf_counter() - started


# --------------------------------------------------------------------------- CPU accounting

TICKS = os.sysconf("SC_CLK_TCK")


def _proc_stats() -> dict[int, tuple[int, float]]:
    """Every process: pid -> (parent pid, CPU seconds used so far)."""
    stats = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS)
    return stats


def _backends(database: str) -> set[int]:
    """PostgreSQL's backends serving ``database`` (their process titles name it)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                title = cmdline.read().decode(errors="replace")
        except OSError:
            continue
        if title.startswith("postgres: ") and f" {database} " in title:
            found.add(int(entry))
    return found


class CpuMeter:
    """CPU seconds used by the servers (each a process and its children: gunicorn's
    master and workers, nginx's), by the PostgreSQL backends of the bench database, and
    by this process (the clients), over a scenario.

    The machine may be shared: the sum per request says how many requests two idle
    cores could serve, whatever else ran meanwhile. PostgreSQL's shared background
    processes (WAL writer, checkpointer) are not counted.
    """

    def __init__(self, servers: dict[str, int], database: str) -> None:
        self.servers = servers
        self.database = database

    def _sample(self) -> dict[str, float]:
        stats = _proc_stats()
        with open("/proc/stat") as stat:
            busy = [int(n) for n in stat.readline().split()[1:]]
        sample = {"machine": (sum(busy) - busy[3] - busy[4]) / TICKS}  # all but idle, iowait
        for name, root in self.servers.items():
            tree = {root} | {pid for pid, (parent, _) in stats.items() if parent == root}
            sample[name] = sum(stats[p][1] for p in tree if p in stats)
        sample["postgres"] = sum(stats[p][1] for p in _backends(self.database) if p in stats)
        sample["clients"] = time.process_time()
        return sample

    def __enter__(self):
        self.before = self._sample()
        return self

    def __exit__(self, *exc) -> None:
        after = self._sample()
        self.used = {name: after[name] - self.before[name] for name in after}


# --------------------------------------------------------------------------- report


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[index]


def report(
    name: str, clients: int, tally: Tally, elapsed: float, cpu: dict, goals, offered=""
) -> dict:
    values = sorted(tally.latencies)
    p50, p95, p99 = (percentile(values, q) * 1000 for q in (0.50, 0.95, 0.99))
    rps = tally.requests / elapsed if elapsed else 0.0
    accepted = tally.statuses.get(201, 0)
    server_errors = tally.count(500, 600)
    errors = server_errors + tally.transport_errors
    others_4xx = {s: n for s, n in sorted(tally.statuses.items()) if 400 <= s < 500}
    print(f"\n{name}: {clients} clients{offered}, {elapsed:.1f} s")
    print(
        f"  requests {tally.requests} ({rps:.0f}/s): 2xx {tally.count(200, 300)}, "
        f"4xx {tally.count(400, 500)} {others_4xx or ''}, 5xx {server_errors}, "
        f"transport errors {tally.transport_errors}"
    )
    print(f"  commands accepted (201) {accepted} ({accepted / elapsed:.0f}/s)")
    print(
        f"  latency ms: p50 {p50:.1f}  p95 {p95:.1f}  p99 {p99:.1f}  "
        f"max {values[-1] * 1000 if values else float('nan'):.1f}"
    )
    machine = cpu.pop("machine")
    ours = sum(cpu.values())
    per_request = {part: seconds / max(tally.requests, 1) * 1000 for part, seconds in cpu.items()}
    total = sum(per_request.values())
    parts = {"gunicorn": "gunicorn", "nginx": "nginx", "postgres": "PostgreSQL backends"}
    parts["clients"] = "clients"
    print(
        f"  CPU per request {total:.2f} ms: "
        + ", ".join(f"{label} {per_request[part]:.2f}" for part, label in parts.items()
                    if part in per_request)
    )  # fmt: skip
    print(
        f"  cores busy: this run {ours / elapsed:.2f}, everything else "
        f"{max(machine - ours, 0) / elapsed:.2f}; two idle cores would serve about "
        f"{2000 / total:.0f} req/s at this CPU per request"
    )
    min_rps, max_p99 = goals
    met = (min_rps is None or rps >= min_rps) and p99 <= max_p99 and errors == 0
    goal = (f">= {min_rps} req/s, " if min_rps else "") + f"p99 <= {max_p99} ms, zero errors"
    print(f"  goal {goal}: {'met' if met else 'NOT met'}")
    return {
        "rps": rps, "p99": p99, "errors": errors, "met": met, "cpu_ms": total,
        "per_request": per_request,
    }  # fmt: skip


def check_logs(matches: list[Match]) -> bool:
    """Every touched match: seq 1..version without gap or double, events == 201s, chain valid."""
    from django.db.models import Count

    from games.models import Game, GameEvent
    from games.selectors import game_verify

    touched = {m.id: m for m in matches if m.created or m.transport_errors}
    games = Game.objects.in_bulk(list(touched))
    seqs: dict[int, list[int]] = {pk: [] for pk in touched}
    for game_id, seq in (
        GameEvent.objects.filter(game_id__in=list(touched))
        .order_by("game_id", "seq")
        .values_list("game_id", "seq")
    ):
        seqs[game_id].append(seq)
    doubled_rows = (
        GameEvent.objects.filter(game_id__in=list(touched))
        .values("game_id", "seq")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    events = answers = lost = doubled = gaps = invalid = uncertain = 0
    for pk, match in touched.items():
        game, got = games[pk], seqs[pk]
        events += len(got)
        answers += match.created
        if got != list(range(1, game.version + 1)):
            gaps += 1
        if match.transport_errors:
            # An answer lost in transport: the command may or may not have been applied.
            uncertain += 1
            if not match.created <= len(got) <= match.created + match.transport_errors:
                lost += 1
        elif len(got) < match.created:
            lost += match.created - len(got)
        elif len(got) > match.created:
            doubled += len(got) - match.created
        verdict = game_verify(game)
        if not verdict.ok:
            invalid += 1
            print(f"  match {pk}: verify failed: {verdict.to_json()['problems'][:3]}")
    ok = not (lost or doubled or gaps or invalid or doubled_rows)
    print(
        f"\nlog check: {len(touched)} matches, {events} events, {answers} answers 201: "
        f"lost {lost}, doubled {doubled + doubled_rows}, matches with a gap {gaps}, "
        f"chains valid {len(touched) - invalid}/{len(touched)}"
        + (f", {uncertain} matches with a transport error" if uncertain else "")
        + f": {'ok' if ok else 'FAILED'}"
    )
    return ok


def machine() -> str:
    import platform

    from django.db import connection

    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        pg = cursor.fetchone()[0].split()[0]
    return (
        f"{os.cpu_count()} cores, {memory:.0f} GiB, Python {platform.python_version()}, "
        f"PostgreSQL {pg}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )


# --------------------------------------------------------------------------- profile


class InProcess:
    """Commands submitted in this process through the whole Django stack (the test
    client, on the WSGI handler), chosen and sent as the clients do."""

    def __init__(self, args: argparse.Namespace, fixture: Fixture) -> None:
        from django.test import Client

        self.args, self.fixture = args, fixture
        self.client = Client()
        self.player = Player(args.seed, fixture.storyguide_token)
        self.match = create_match(fixture)

    def command(self, wrap=contextlib.nullcontext) -> None:
        while True:
            if self.match.over:
                self.match = create_match(self.fixture)
            choice = self.player.choose(self.match)
            if choice is not None:
                break
            time.sleep(0.01)
        command, token = choice
        match = self.match
        headers = {"HTTP_AUTHORIZATION": f"Token {token}"}
        if not self.args.no_idempotency:
            headers["HTTP_IDEMPOTENCY_KEY"] = uuid.uuid4().hex
        body = json.dumps({"command": command, "expected_version": match.version})
        with wrap():
            response = self.client.post(
                f"/api/matches/{match.id}/commands/",
                body,
                content_type="application/json",
                **headers,
            )
        assert response.status_code == 201, (response.status_code, response.content[:300])
        answer = json.loads(response.content)
        match.state, match.version = answer["game"]["state"], answer["game"]["version"]

    def queries(self, count: int, around=contextlib.nullcontext):
        """``count`` commands with their SQL captured (``around`` each, too): the number of
        statements of each, transaction control (BEGIN, COMMIT) not counted, as in
        ``tests/games/test_command_path.py``; and how often each shape of SQL came."""
        from collections import Counter

        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        shapes: Counter[str] = Counter()
        per_command: list[int] = []

        @contextlib.contextmanager
        def captured():
            connection.queries_log.clear()  # it keeps only the last 9000
            with CaptureQueriesContext(connection) as capture, around():
                yield
            sql = [query["sql"] for query in capture.captured_queries]
            per_command.append(sum(not q.upper().startswith(TRANSACTION_CONTROL) for q in sql))
            for query in sql:
                shapes[_query_shape(query)] += 1

        for _ in range(count):
            self.command(captured)
        return per_command, shapes


def print_queries(per_command: list[int], label: str) -> None:
    print(
        f"statements per command{label}: median {statistics.median(per_command):g}, "
        f"min {min(per_command)}, max {max(per_command)} (BEGIN and COMMIT not counted)"
    )


def profile(args: argparse.Namespace, fixture: Fixture, count: int) -> None:
    """Submit commands in-process through the whole Django stack: time, queries, costs.

    First ``count`` commands timed (wall and this process's CPU), then ``count``
    more with the queries captured and cProfile on.
    """
    import cProfile
    import pstats

    here = InProcess(args, fixture)
    for _ in range(20):  # warm up: imports, URL resolver, prepared statements
        here.command()
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        here.command()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{count} commands in-process, no profiler: {wall / count * 1000:.2f} ms per command, "
        f"{cpu / count * 1000:.2f} ms of it CPU in this process (PostgreSQL's not included)"
    )

    profiler = cProfile.Profile(time.process_time)  # CPU only: waits on the database drop out

    @contextlib.contextmanager
    def profiled():
        profiler.enable()
        try:
            yield
        finally:
            profiler.disable()

    per_command, shapes = here.queries(count, profiled)
    print_queries(per_command, "")
    for shape, n in shapes.most_common():
        print(f"  {n / len(per_command):5.2f}  {shape}")
    dump = Path(tempfile.gettempdir()) / "api_load.pstats"
    profiler.dump_stats(dump)
    print(f"profile written to {dump} (CPU time; open with python -m pstats)")
    stats = pstats.Stats(profiler).strip_dirs().sort_stats("cumulative")
    stats.print_stats(60)
    stats.sort_stats("tottime").print_stats(30)


def _query_shape(sql: str) -> str:
    """A query with its literals replaced, so that the same query from two commands counts once."""
    sql = re.sub(r"E?'(?:[^']|'')*'", "?", " ".join(sql.split()))
    sql = re.sub(r"\b\d+\b", "?", sql)
    if sql.startswith("UPDATE"):
        return sql.split(" SET ", 1)[0] + " SET " + ", ".join(re.findall(r'"(\w+)" = ', sql))
    if sql.startswith("INSERT"):
        return sql.split(" VALUES ", 1)[0][:110]
    return sql[:160]


# --------------------------------------------------------------------------- the reference


def run_prototype(path: str) -> dict[int, dict]:
    """The reference turn transaction (``../shared/bench/turn-prototype``), run as its
    README says, on this machine and this PostgreSQL: requests/s and p99 by number of
    matches (200: spread, 1: one hot match)."""
    env = {**os.environ, "VENV": sys.prefix, "PROTO_PORT": str(free_port())}
    done = subprocess.run(
        ["bash", "run.sh"], cwd=path, env=env, capture_output=True, text=True, timeout=600
    )
    figures = {}
    for line in done.stdout.splitlines():
        found = dict(re.findall(r"(\w+)=([\w.]+)", line))
        if found.get("mode") == "turn":
            figures[int(found["matches"])] = {
                "rps": float(found["rps"]),
                "p99": float(found["p99"].removesuffix("ms")),
                "line": line,
            }
    if set(figures) != {1, 200}:
        raise RuntimeError(f"the prototype did not run: {done.stdout[-500:]}{done.stderr[-500:]}")
    print("the reference (turn-prototype, gunicorn 5 sync workers, 16 clients, 15 s each):")
    for matches in (200, 1):
        print("  " + figures[matches]["line"])
    return figures


def compare(prototype: dict[int, dict] | None, results: dict[str, dict]) -> None:
    """The service beside the reference (the ratio of the issue's goal, 0.8x), and what
    the proxy costs when the run went both ways."""
    for via, found in results.items():
        if prototype:
            print(f"\nthe service {via} beside the reference, same machine, same run:")
        if prototype and "spread" in found:
            ours, theirs = found["spread"], prototype[200]
            print(
                f"  spread: {ours['rps']:.0f} / {theirs['rps']:.0f} req/s = "
                f"{ours['rps'] / theirs['rps']:.2f}x (goal 0.80x); p99 {ours['p99']:.0f} ms "
                f"(reference {theirs['p99']:.0f} ms); {ours['cpu_ms']:.2f} ms CPU per request"
            )
        if prototype and "one" in found:
            ours, theirs = found["one"], prototype[1]
            print(
                f"  one match: p99 {ours['p99']:.0f} ms (reference {theirs['p99']:.0f} ms, "
                f"goal {ONE_GOAL_P99_MS} ms)"
            )
    if {"direct", "proxy"} <= set(results):
        print("\nwhat the proxy costs (through nginx against straight to the command server):")
        for scenario, direct in results["direct"].items():
            proxied = results["proxy"][scenario]
            print(
                f"  {scenario}: {proxied['rps'] / direct['rps']:.2f}x the requests/s; CPU per "
                f"request {direct['cpu_ms']:.2f} -> {proxied['cpu_ms']:.2f} ms (nginx itself "
                f"{proxied['per_request']['nginx']:.2f} ms); p99 {direct['p99']:.0f} -> "
                f"{proxied['p99']:.0f} ms"
            )


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    env = service_env(args)

    def terminate(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminate)
    prototype = run_prototype(args.prototype) if args.prototype and not args.profile else None
    recreate_database(args)
    clear_rate_counters(args.cache_url)
    django_setup(env)
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    fixture = prepare()
    if args.profile:
        profile(args, fixture, args.profile)
        return 0

    started = time.perf_counter()
    spread = args.scenario in {"spread", "both"}
    one = args.scenario in {"one", "both"}
    matches = [create_match(fixture) for _ in range(args.matches)] if spread else []
    # Spare matches for those that end: short ones take 23 commands, the median ~230.
    pool = MatchPool(fixture, int(args.duration * (6 * spread + 2 * one)) + 20)
    print(
        f"prepared {len(matches) + len(pool.fresh)} matches in "
        f"{time.perf_counter() - started:.1f} s; {machine()}"
    )
    connection.close()

    shape = Shape(args, env)
    results: dict[str, dict] = {}
    all_matches: list[Match] = []
    try:
        shape.start()
        print(
            f"{shape.describe}; Idempotency-Key {'off' if args.no_idempotency else 'on'}; "
            f"cache {args.cache_url}"
        )
        for via in shape.vias:
            port, found = shape.port(via), results.setdefault(via, {})
            if args.warmup:
                warm = [pool.take() for _ in range(max(args.clients, 1))]
                run_spread(args, port, fixture, warm, pool, args.warmup, Tally())
                all_matches += warm
            if spread:
                tally = Tally()
                with CpuMeter(shape.processes(via), args.database) as cpu:
                    elapsed = run_spread(args, port, fixture, matches, pool, args.duration, tally)
                found["spread"] = report(
                    f"spread over {args.matches} matches, {via}",
                    args.clients,
                    tally,
                    elapsed,
                    cpu.used,
                    (SPREAD_GOAL_RPS, SPREAD_GOAL_P99_MS),
                    f" offering {args.rate:.0f} req/s" if args.rate else "",
                )
            if one:
                tally = Tally()
                first = pool.take()
                played = [first]
                with CpuMeter(shape.processes(via), args.database) as cpu:
                    elapsed = run_one(
                        args, port, fixture, Shared(first), played, pool, args.duration, tally
                    )
                found["one"] = report(
                    f"one match at a time, {via} ({len(played)} matches played in turn)",
                    args.one_clients,
                    tally,
                    elapsed,
                    cpu.used,
                    (None, ONE_GOAL_P99_MS),
                )
                all_matches += played
        all_matches += matches
    except KeyboardInterrupt:
        print("\ninterrupted; stopping the servers")
        return 130
    finally:
        shape.stop()
        print(f"servers stopped (logs: {shape.logs()})")
    if pool.made_late:
        print(f"({pool.made_late} matches had to be made during the run)")
    compare(prototype, results)
    per_command, _ = InProcess(args, fixture).queries(QUERY_SAMPLE)
    print_queries(per_command, f" ({QUERY_SAMPLE} commands in-process, as the clients send them)")
    logs_ok = check_logs(all_matches)
    if shutil.which("pgbench") and "spread" in results.get("direct", {}):
        connection.close()
        database = pgbench_commands.figure(
            service_env(args)["DATABASE_URL"], clients=args.clients, seconds=args.duration
        )
        ours = results["direct"]["spread"]["rps"]
        print(
            f"\nthe database's own limit (bench/pgbench_commands.py, {args.clients} clients): "
            f"{database:.0f} commands/s; the service at {ours / database:.2f}x of it (goal 0.25x)"
        )
    errors = sum(r["errors"] for found in results.values() for r in found.values())
    if args.drop:
        connection.close()
        drop_database(args)
    return 0 if logs_ok and errors == 0 else 1


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):
        sys.exit(main())
