"""Live streams under load: 1,000 readers of one match while commands are played.

    .venv/bin/python -m bench.stream                       # 1,000 streams, 20 s of commands
    .venv/bin/python -m bench.stream --streams 200 --duration 10

Set up like ``bench/api_load.py`` (its database ``storyguide_bench`` dropped and
made again, a campaign through the services, the servers as deployed: the command
server on ``config.wsgi``, the streams server on ``config.streams`` under uvicorn
workers, and nginx with ``deploy/nginx.conf`` in front when it is installed), then,
in one run:

1. **without streams**: the spread scenario of ``api_load.py`` (clients playing
   their own matches as fast as answered) for ``--load`` seconds;
2. ``--streams`` readers open ``GET /api/matches/{id}/stream/`` on one match
   (asyncio sockets in this process, the storyguide's token, ``?after=`` the
   match's version) and the server's memory is read before and after;
3. **with streams**: the same spread scenario again, while one more client plays
   the streamed match at ``--pace`` commands a second for ``--duration`` seconds;
   every reader notes when each event arrives.

It prints how many streams were held to the end, the latency from the moment a
command was sent to the moment each reader received its event (p50, p99, max:
an upper bound of commit-to-receipt, since it includes the command itself,
whose own latency is printed beside it), the server's memory per open stream,
and the spread scenario's requests/s and p99 without and with the streams open.
Goals: every stream held, p99 under one second. Exit status 1 when a goal is
missed or a reader lost or repeated an event.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import api_load

GOAL_P99_SECONDS = 1.0


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of paced commands")
    parser.add_argument("--pace", type=float, default=5.0, help="commands/s to the streamed match")
    parser.add_argument("--load", type=float, default=10.0, help="seconds of the spread scenario")
    args, rest = parser.parse_known_args(argv)
    # The rest of the set-up (database, cache, servers, clients of the spread scenario) is
    # api_load's; one way in: through the proxy when it is installed.
    args.base = api_load.parse_args(rest)
    if args.base.via == "both":
        args.base.via = "proxy"
    return args


# --------------------------------------------------------------------------- readers


class Reader:
    """One stream: the seqs it received, when, and whether it was still open at the end."""

    def __init__(self) -> None:
        self.received: list[tuple[int, float]] = []
        self.open = False
        self.failure = ""

    async def follow(self, port: int, path: str, token: str, stop: asyncio.Event) -> None:
        try:
            reader, writer = await asyncio.open_connection(api_load.HOST, port)
        except OSError as error:
            self.failure = repr(error)
            return
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {api_load.HOST}\r\nAuthorization: Token {token}\r\n"
                "Accept: text/event-stream\r\n\r\n"
            ).encode()
        )
        status = await reader.readline()
        if b" 200 " not in status:
            self.failure = status.decode(errors="replace").strip()
            writer.close()
            return
        self.open = True
        waiting = asyncio.ensure_future(stop.wait())
        try:
            while not stop.is_set():
                line = asyncio.ensure_future(reader.readline())
                done, _ = await asyncio.wait({line, waiting}, return_when=asyncio.FIRST_COMPLETED)
                if line not in done:
                    line.cancel()
                    break
                raw = line.result()
                if not raw:  # the server closed the stream
                    self.open = False
                    break
                if raw.startswith(b"id: "):
                    self.received.append((int(raw[4:]), time.perf_counter()))
        finally:
            waiting.cancel()
            writer.close()


async def open_streams(count: int, port: int, path: str, token: str, stop: asyncio.Event):
    readers = [Reader() for _ in range(count)]
    tasks = []
    for index, reader in enumerate(readers):
        tasks.append(asyncio.ensure_future(reader.follow(port, path, token, stop)))
        if index % 50 == 49:
            await asyncio.sleep(0.05)  # open them at a pace the accept queue takes
    return readers, tasks


# --------------------------------------------------------------------------- the paced client


def play_paced(args, port, fixture, match, sent: dict[int, float], latencies: list[float]):
    """Play the streamed match at ``--pace`` commands/s; note when each event was sent."""
    conn = api_load.Connection(port, args.base.timeout)
    player = api_load.Player(7, fixture.storyguide_token)
    tally = api_load.Tally()
    stop_at = time.monotonic() + args.duration
    interval = 1 / args.pace
    try:
        while time.monotonic() < stop_at and not match.over:
            choice = player.choose(match)
            if choice is None:
                time.sleep(0.01)
                continue
            command, token = choice
            sent_at = time.perf_counter()
            status, answer = api_load.submit(
                conn, match, command, token, match.version, tally, True
            )
            if status == 201:
                game = answer["game"]
                sent[game["version"]] = sent_at
                latencies.append(time.perf_counter() - sent_at)
                match.state, match.version = game["state"], game["version"]
            else:
                api_load.refresh(conn, match, fixture.storyguide_token, tally)
            time.sleep(max(0.0, interval - (time.perf_counter() - sent_at)))
    finally:
        conn.close()


# --------------------------------------------------------------------------- the server's memory


def resident_kib(root_pid: int) -> int:
    """Resident memory of a process and its children (gunicorn and its workers)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(entry.name) != root_pid and int(stat[1]) != root_pid:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def spread(args, shape, fixture, pool, label: str) -> dict:
    matches = [pool.take() for _ in range(args.base.matches)]
    tally = api_load.Tally()
    port = shape.port(args.base.via)
    elapsed = api_load.run_spread(args.base, port, fixture, matches, pool, args.load, tally)
    rps = tally.requests / elapsed
    p99 = percentile(tally.latencies, 0.99) * 1000 if tally.latencies else float("nan")
    errors = tally.count(500, 600) + tally.transport_errors
    print(f"  {label}: {rps:.0f} req/s, p99 {p99:.0f} ms, errors {errors}")
    return {"rps": rps, "p99": p99, "errors": errors}


# --------------------------------------------------------------------------- the run


def main(argv=None) -> int:
    args = parse_args(argv)
    env = {**api_load.service_env(args.base), "STREAMS_PER_USER": str(args.streams * 2)}
    api_load.recreate_database(args.base)
    api_load.clear_rate_counters(args.base.cache_url)
    api_load.django_setup(env)
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    fixture = api_load.prepare()
    streamed = api_load.create_match(fixture)
    pool = api_load.MatchPool(fixture, 2 * args.base.matches + int(8 * args.load) + 20)
    connection.close()
    print(f"{args.streams} streams on one match; {api_load.machine()}")

    shape = api_load.Shape(args.base, env, streams=True)
    streams_server = shape.servers["streams"]
    via = args.base.via
    failed = False
    try:
        shape.start()
        print(f"{shape.describe}; {via}")
        before = spread(args, shape, fixture, pool, "spread scenario, no streams open")
        idle_kib = resident_kib(streams_server.pid)

        sent: dict[int, float] = {}
        command_latencies: list[float] = []
        path = f"/api/matches/{streamed.id}/stream/?after={streamed.version}"

        async def run():
            stop = asyncio.Event()
            readers, tasks = await open_streams(
                args.streams, shape.port(via, "streams"), path, fixture.storyguide_token, stop
            )
            for _ in range(100):  # up to 20 s for the last ones to be answered
                await asyncio.sleep(0.2)
                if all(reader.open or reader.failure for reader in readers):
                    break
            await asyncio.sleep(1)
            opened = sum(reader.open for reader in readers)
            held_kib = resident_kib(streams_server.pid)
            print(
                f"  opened {opened} of {args.streams} streams; streams server memory "
                f"{idle_kib / 1024:.0f} MiB idle, {held_kib / 1024:.0f} MiB with the streams: "
                f"{(held_kib - idle_kib) / max(opened, 1):.0f} KiB per open stream"
            )
            paced = threading.Thread(
                target=play_paced,
                args=(args, shape.port(via), fixture, streamed, sent, command_latencies),
            )
            loaded = {}
            loader = threading.Thread(
                target=lambda: loaded.update(
                    spread(args, shape, fixture, pool, "spread scenario, streams open")
                )
            )
            paced.start()
            loader.start()
            while paced.is_alive() or loader.is_alive():
                await asyncio.sleep(0.2)
            await asyncio.sleep(2)  # the last events on their way
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            return readers, loaded

        readers, after = asyncio.run(run())
        failed |= report(args, readers, sent, command_latencies)
        ratio = after["rps"] / before["rps"] if before["rps"] else float("nan")
        print(
            f"  the command path with the streams open: {ratio:.2f}x the requests/s, "
            f"p99 {before['p99']:.0f} -> {after['p99']:.0f} ms"
        )
        failed |= bool(before["errors"] or after["errors"])
    finally:
        shape.stop()
        print(f"servers stopped (logs: {shape.logs()})")
    return 1 if failed else 0


def report(args, readers: list[Reader], sent: dict[int, float], commands: list[float]) -> bool:
    """Print the streams' figures; True when a goal is missed or an event lost or doubled."""
    held = sum(reader.open for reader in readers)
    expected = sorted(sent)
    latencies = []
    wrong = 0
    for reader in readers:
        seqs = [seq for seq, _ in reader.received]
        if seqs != expected:
            wrong += 1
        latencies += [at - sent[seq] for seq, at in reader.received if seq in sent]
    failures = {reader.failure for reader in readers if reader.failure}
    print(f"  {len(expected)} commands at {args.pace:g}/s; {held} of {args.streams} streams held")
    if failures:
        print(f"  refused or failed: {sorted(failures)[:3]}")
    if latencies:
        print(
            f"  sent-to-receipt over {len(latencies)} deliveries: "
            f"p50 {statistics.median(latencies) * 1000:.0f} ms, "
            f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms, "
            f"max {max(latencies) * 1000:.0f} ms "
            f"(the command itself: p50 {statistics.median(commands) * 1000:.0f} ms)"
        )
    print(f"  readers that missed or repeated an event: {wrong}")
    met = held == args.streams and latencies and percentile(latencies, 0.99) < GOAL_P99_SECONDS
    print(f"  goal: all {args.streams} held, p99 < 1 s: {'met' if met else 'NOT met'}")
    return not met or wrong > 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
