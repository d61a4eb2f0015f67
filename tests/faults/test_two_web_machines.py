"""Two web machines behind one database (issue 32): the served-apart shape as real
processes, two command servers (``config.wsgi`` on gunicorn, A and B) and the streams
server (``config.streams`` on uvicorn), on one PostgreSQL and one Redis that every
process shares as its cache (``CACHE_URL``), as ``docker-compose.yml`` runs them
behind its proxy (here the tests choose the server, as the proxy would by turns).

- a command on either command server reaches a stream on the streams server at
  once (the delay is printed; the bound asserted is a generous 5 s);
- a token revoked on A is refused on B, and by the streams server, at once;
- the login rate limit counts the attempts on both command servers together;
- a command server SIGKILLed while its command commits loses nothing, and the
  retry with the same Idempotency-Key, sent to the other server, gets the first
  answer.
"""

from __future__ import annotations

import os
import secrets
import statistics
import threading
import time
import uuid
from dataclasses import dataclass

import httpx
import psycopg
import pytest
from django.db import connection
from django.utils import timezone
from httpx_sse import connect_sse
from knox.models import AuthToken

from campaign.services import campaign_create
from games.services import game_create
from tests.faults.support import PrivateRedis, database_url, wait_until
from tests.serving import Gunicorn

pytestmark = [pytest.mark.faults, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

DELIVERY_BOUND = 5.0
"""Seconds within which a committed command must reach a stream (it takes milliseconds)."""
LOGIN_LIMIT = 5


@pytest.fixture(scope="module")
def machines(django_db_setup, tmp_path_factory):
    """Command servers A and B and the streams server, on the test database and a Redis
    of their own; stopped (by their process groups) after the module's tests."""
    workdir = tmp_path_factory.mktemp("two-web-machines")
    cache = PrivateRedis(workdir)
    cache.start()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url(),
        "CACHE_URL": cache.url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "LOGIN_RATE_LIMIT": f"{LOGIN_LIMIT}/min",
        "CELERY_BROKER_URL": "",
        "LOG_LEVEL": "WARNING",
    }
    servers = {
        "A": command_server(env, workdir),
        "B": command_server(env, workdir),
        "streams": Gunicorn.streams(env=env, workers=1, logdir=workdir),
    }
    try:
        for server in servers.values():
            server.start()
        for server in servers.values():
            server.wait_ready()
        yield Machines(servers, cache, env, workdir)
    finally:
        for server in servers.values():
            server.stop()
        cache.stop()


def command_server(env: dict, workdir) -> Gunicorn:
    return Gunicorn.commands(env=env, workers=1, threads=4, logdir=workdir)


@dataclass
class Machines:
    servers: dict[str, Gunicorn]
    cache: PrivateRedis
    env: dict
    workdir: object


@pytest.fixture
def match(django_user_model):
    """A game of the quidditch dice game, played by its storyguide through the API."""
    storyguide = django_user_model.objects.create_user(f"sg-{uuid.uuid4().hex[:8]}")
    campaign = campaign_create(name="Two machines", storyguide=storyguide)
    game = game_create(
        campaign=campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=storyguide,
        now=timezone.now(),
    )
    token = AuthToken.objects.create(user=storyguide)[1]
    return game, storyguide, {"Authorization": f"Token {token}", "Accept": "application/json"}


def next_command(server, game, auth) -> tuple[dict, int]:
    """A legal command for the storyguide now, and the version it applies to."""
    current = httpx.get(f"{server.url}/api/matches/{game.pk}/", headers=auth, timeout=10).json()
    return current["allowed_commands"][0], current["version"]


def submit(server, game, auth, command, version, key=None) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/matches/{game.pk}/commands/",
        json={"command": command, "expected_version": version},
        headers={**auth, "Idempotency-Key": key or uuid.uuid4().hex},
        timeout=30,
    )


def test_a_command_on_either_command_server_reaches_a_stream_on_the_streams_server_at_once(
    machines, match
):
    servers = machines.servers
    game, _, auth = match
    commands = 20
    received: dict[int, float] = {}

    def follow():
        url = f"{servers['streams'].url}/api/matches/{game.pk}/stream/"
        with (
            httpx.Client(timeout=30) as client,
            connect_sse(client, "GET", url, headers=dict(auth)) as source,  # (it writes Accept)
        ):
            for sse in source.iter_sse():
                if sse.id:
                    received[int(sse.id)] = time.monotonic()
                if len(received) >= commands:
                    return

    reader = threading.Thread(target=follow, daemon=True)
    reader.start()
    time.sleep(0.5)  # the stream is open (it replays from 0 anyway: nothing is missed)
    delays, after_answer = [], []
    for n in range(1, commands + 1):
        server = servers["A" if n % 2 else "B"]
        command, version = next_command(server, game, auth)
        sent = time.monotonic()
        answer = submit(server, game, auth, command, version)
        answered = time.monotonic()
        assert answer.status_code == 201, answer.text
        seq = answer.json()["event"]["seq"]
        wait_until(lambda s=seq: s in received, timeout=DELIVERY_BOUND, what=f"event {seq}")
        delays.append(received[seq] - sent)
        after_answer.append(received[seq] - answered)
    reader.join(timeout=10)
    assert sorted(received) == list(range(1, commands + 1))
    print(
        f"\n{commands} commands sent on A or B, received on the streams server: p50 "
        f"{statistics.median(delays) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms after "
        f"sending (the command's own round trip included); p50 "
        f"{statistics.median(after_answer) * 1000:.0f} ms, max "
        f"{max(after_answer) * 1000:.0f} ms after its answer (negative: before it)"
    )
    assert max(delays) < DELIVERY_BOUND


def test_a_token_revoked_on_one_command_server_is_refused_on_the_other_at_once(machines, match):
    servers = machines.servers
    game, _, auth = match
    for server in (servers["A"], servers["B"]):  # known, so cached, everywhere
        assert httpx.get(f"{server.url}/api/campaigns/", headers=auth).status_code == 200
    revoked = httpx.post(f"{servers['A'].url}/api/auth/token/revoke/", headers=auth)
    assert revoked.status_code == 204
    refused = httpx.get(f"{servers['B'].url}/api/campaigns/", headers=auth)
    assert refused.status_code == 401
    stream = httpx.get(f"{servers['streams'].url}/api/matches/{game.pk}/stream/", headers=auth)
    assert stream.status_code == 401


def test_the_login_rate_limit_counts_the_attempts_on_both_command_servers(machines, match):
    servers = machines.servers
    machines.cache.client().flushdb()  # no counts of the other tests' logins
    _, storyguide, _ = match
    # Every attempt counts, a refused one too: a password guesser is what the limit stops.
    # The counts are kept in fixed windows of a minute: six attempts that straddled the
    # turn of a minute would be counted in two, so they are made after a turn.
    left = 60 - time.time() % 60
    if left < 15:
        time.sleep(left + 0.1)
    credentials = {"username": storyguide.username, "password": "alohomora"}
    statuses = [
        httpx.post(f"{servers['AB'[n % 2]].url}/api/auth/token/", json=credentials).status_code
        for n in range(LOGIN_LIMIT + 1)
    ]
    assert statuses == [400] * LOGIN_LIMIT + [429]


HOLD = 0x5A_32_0001
"""The advisory lock that holds a commit of an event (test-only trigger)."""


@pytest.fixture
def commits_held():
    """While the yielded function's lock is held, every event's COMMIT waits for it: a
    deferred constraint trigger on the event log takes the lock at commit time."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            CREATE FUNCTION faults_hold_commit() RETURNS trigger AS $$
            BEGIN
                PERFORM pg_advisory_lock_shared({HOLD});
                PERFORM pg_advisory_unlock_shared({HOLD});
                RETURN NULL;
            END;
            $$ LANGUAGE plpgsql;
            CREATE CONSTRAINT TRIGGER faults_hold_commit AFTER INSERT ON games_gameevent
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faults_hold_commit();
            """
        )
    holder = psycopg.connect(
        database_url().replace("postgres://", "postgresql://", 1), autocommit=True
    )
    try:
        holder.execute("SELECT pg_advisory_lock(%s)", (HOLD,))
        yield lambda: holder.execute("SELECT pg_advisory_unlock(%s)", (HOLD,))
    finally:
        holder.close()
        with connection.cursor() as cursor:
            cursor.execute(
                "DROP TRIGGER faults_hold_commit ON games_gameevent;"
                "DROP FUNCTION faults_hold_commit();"
            )


def waiting_at_commit() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND wait_event = 'advisory'"
        )
        return cursor.fetchone()[0] > 0


def test_a_command_server_killed_at_its_commit_loses_nothing_and_the_retry_elsewhere_is_answered_alike(  # noqa: E501
    machines, match, commits_held
):
    """A dies while its command's transaction commits, before it can answer. The commit
    completes without it; the client's retry with the same key, sent to B, applies
    nothing again and is answered as A would have answered."""
    doomed = command_server(machines.env, machines.workdir).start().wait_ready()
    other = machines.servers["B"]
    game, _, auth = match
    command, version = next_command(other, game, auth)
    key = uuid.uuid4().hex
    outcome = []

    def send_to_the_doomed_server():
        try:
            outcome.append(submit(doomed, game, auth, command, version, key))
        except httpx.TransportError as error:
            outcome.append(error)

    lost = threading.Thread(target=send_to_the_doomed_server, daemon=True)
    try:
        lost.start()
        wait_until(waiting_at_commit, timeout=20, what="the command to reach its commit")
        doomed.kill()
        lost.join(timeout=10)
        assert isinstance(outcome[0], httpx.TransportError)  # no answer ever came
    finally:
        doomed.stop()
        commits_held()  # the database finishes the commit the dead server asked for

    # Nothing lost: the commit of the server that died is there, with the key it was sent.
    committed = wait_until(
        lambda: game.events.filter(seq=version + 1).first(),
        timeout=10,
        what="the dead server's event to commit",
    )
    assert committed.idempotency_key == key

    retried = submit(other, game, auth, command, version, key)
    again = submit(other, game, auth, command, version, key)
    assert retried.status_code == 201, retried.text
    event = retried.json()["event"]
    assert (event["seq"], event["hash"]) == (committed.seq, committed.hash)  # the first one's
    assert again.status_code == 201 and again.json() == retried.json()
    game.refresh_from_db()
    assert game.version == version + 1
    assert list(game.events.values_list("seq", flat=True)) == list(range(1, version + 2))
