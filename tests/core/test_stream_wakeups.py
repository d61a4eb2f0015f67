"""A stream misses no wake-up (issue 32): a commit notified while the stream reads.

A stream reads the rows after its point, finds none, and waits for a wake-up. The
commit that wakes it may land between its read and its wait: the read's snapshot
came too early to see the row, and the notification arrives before the stream
waits for one. Such a wake-up must not be lost, or the event would reach the
reader only at the next heartbeat (15 s; an hour here, so that a lost wake-up
shows as a stream that never delivers).

The interleaving is driven step by step: the stream's read is a stand-in that
takes its snapshot, signals that it did, and returns only when the test lets it.
"""

import asyncio

import pytest

from core import streams
from core.streams import Page, Wakeups, follow

KEY = "game:1"
RETRY = b"retry: 3000\n\n"
PROMPTLY = 10.0
"""Seconds allowed for a message that needs no waiting at all (a lost wake-up: an hour)."""


@pytest.fixture
def no_heartbeat_soon(settings, monkeypatch):
    """Heartbeats and polls an hour apart; wake-ups as a listening server process has
    them, but fed by the test instead of PostgreSQL."""
    settings.STREAM_HEARTBEAT_SECONDS = 3600
    settings.STREAM_POLL_SECONDS = 3600
    waker = Wakeups()
    waker.listening = True
    monkeypatch.setattr(waker, "_start", lambda: None)  # no LISTEN connection: the test notifies
    monkeypatch.setattr(streams, "wakeups", lambda: waker)
    return waker


class Log:
    """A log whose reads can be held: each read takes its snapshot when it starts."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, dict]] = []
        self.snapshot_taken = asyncio.Event()
        self.release = asyncio.Event()
        self.reads = 0

    def commit(self, seq: int) -> None:
        self.rows.append((seq, {"seq": seq}))

    async def read(self, after: int) -> Page:
        self.reads += 1
        snapshot = [(seq, data) for seq, data in self.rows if seq > after]
        self.snapshot_taken.set()
        await self.release.wait()
        return Page(items=snapshot)


async def settle() -> None:
    """Let every task run until it blocks. Nothing here waits on the clock, and asyncio
    runs what is ready in order, so this ends in the same state every time."""
    for _ in range(50):
        await asyncio.sleep(0)


def test_a_commit_notified_while_the_stream_reads_is_delivered_at_once(no_heartbeat_soon):
    """The stream's read misses the row (snapshot first), the NOTIFY comes before the
    stream waits: the stream reads again at once and delivers event 1."""

    async def scenario():
        log = Log()
        stream = follow(KEY, 0, log.read)
        assert await anext(stream) == RETRY
        delivered = asyncio.ensure_future(anext(stream))
        await log.snapshot_taken.wait()  # the read saw an empty log
        log.commit(1)
        no_heartbeat_soon.wake(KEY)  # the notification, while the read is still under way
        log.release.set()
        message = await asyncio.wait_for(delivered, PROMPTLY)
        await stream.aclose()
        return message

    assert asyncio.run(scenario()).startswith(b"id: 1\n")


def test_a_stream_woken_during_anothers_read_does_not_take_that_reads_old_answer(
    no_heartbeat_soon,
):
    """Two readers of one match: B waits; A opens and starts a read; the commit's NOTIFY
    wakes B, which asks the same question as A. A's read began before the commit, so
    B must read anew, not share A's answer; and A must read again too."""

    async def scenario():
        log = Log()
        log.release.set()
        b = follow(KEY, 0, log.read)
        assert await anext(b) == RETRY
        b_next = asyncio.ensure_future(anext(b))
        await settle()  # B read the empty log and now waits
        assert not b_next.done()

        log.release.clear()
        log.snapshot_taken.clear()
        a = follow(KEY, 0, log.read)
        assert await anext(a) == RETRY
        a_next = asyncio.ensure_future(anext(a))
        await log.snapshot_taken.wait()  # A's read has its (empty) snapshot
        log.commit(1)
        no_heartbeat_soon.wake(KEY)
        log.release.set()
        messages = await asyncio.wait_for(asyncio.gather(a_next, b_next), PROMPTLY)
        await a.aclose()
        await b.aclose()
        return messages

    for message in asyncio.run(scenario()):
        assert message.startswith(b"id: 1\n")
