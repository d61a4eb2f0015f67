"""Server-Sent Events: a numbered log replayed from the database, then followed live.

A game's events and a campaign's activities are numbered 1, 2, 3 ... in the
order they committed. A stream sends each as one message whose ``id:`` is that
number, so a client that reconnects with ``Last-Event-ID`` (or ``?after=``)
gets exactly what it missed, read from the database, and then what comes next,
with no gap and nothing twice. Nothing is buffered per stream: a message is
read from the database only when the stream is ready to send it, so a slow
reader holds back only itself and costs no memory while it lags.

What wakes a stream: on PostgreSQL a trigger on each log table sends
``NOTIFY storyguide_log, '<log key>:<seq>'`` when the row commits (ids only);
each server process keeps one ``LISTEN`` connection and wakes the streams
waiting on that key, which then read the new rows. Elsewhere (SQLite) a
stream looks again every ``STREAM_POLL_SECONDS``. Either way a comment line
every ``STREAM_HEARTBEAT_SECONDS`` keeps proxies from closing an idle stream.

Who may open one: the token header (bots, plugins), the session (pages), or,
for a browser's ``EventSource`` on another origin, a signed ``?stream_token=``
from ``POST /api/auth/stream-token/``, never the API token itself in a URL. A
stream token lives as long as what it was made from: the token (until it is
revoked or expires) or the session (``SESSION_COOKIE_AGE``), so an
``EventSource``, which reconnects with the same URL, goes on reconnecting; it
carries that token's scope (``core.tokens``). A user may hold
``STREAMS_PER_USER`` streams at once, in all the server processes together
(``StreamSlots``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import math
import uuid
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from functools import cached_property, partial

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.cache import cache
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import StreamingHttpResponse
from django.utils import timezone
from django.views import View

from core import auth, credentials, languages, tokens
from core.auth import live_token
from core.client_address import client_address
from core.errors import AccessRevoked, AppError, TooManyStreams, Unauthenticated, gettext_noop
from core.numbers import whole_number
from core.responses import answer, error_body

log = logging.getLogger(__name__)

CHANNEL = "storyguide_log"
TOKEN_SALT = "storyguide.stream"


def settings_value(name: str, default: float) -> float:
    return getattr(settings, name, default)


#: Whether this stream is served by an ASGI server (set by ``StreamView``), whose reads
#: then run on the event loop's shared threads; under WSGI (the test client, the
#: development server) there is a request thread, and the reads run on it.
_on_shared_threads: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "stream reads on shared threads", default=False
)


def database(function):
    """``function``, which reads the database, as a coroutine.

    A stream lives for hours: it must hold neither a thread of its own (asgiref's
    default for a request's synchronous code) nor a database connection between
    reads, or a thousand readers would need a thousand of each. Under an ASGI
    server its reads run on the event loop's few worker threads, whose
    connections persist and are dropped if they broke (a restarted database).
    """

    def read(*args, **kwargs):
        if not connection.in_atomic_block:  # (a test's transaction is left alone)
            connection.close_if_unusable_or_obsolete()
        return function(*args, **kwargs)

    async def on_a_thread(*args, **kwargs):
        request_thread = not _on_shared_threads.get()
        return await sync_to_async(read, thread_sensitive=request_thread)(*args, **kwargs)

    return on_a_thread


# --- messages ------------------------------------------------------------------


def message(data: dict, *, id: int | None = None, event: str | None = None) -> bytes:
    """One SSE message: ``id:``, ``event:`` and one ``data:`` line of compact JSON."""
    lines = []
    if id is not None:
        lines.append(f"id: {id}")
    if event is not None:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return ("\n".join(lines) + "\n\n").encode()


HEARTBEAT = b": keep-alive\n\n"


# --- waking streams ----------------------------------------------------------------


class Wakeups:
    """One process's ``LISTEN storyguide_log``, fanned out to the streams watching a key.

    Each watched key counts the notifications this process received for it (its
    generation). A stream notes the generation before it reads, and when the read
    finds nothing new it waits for a later generation: a notification that arrives
    while it reads (its snapshot too early to see the row) makes it read again at
    once instead of being lost until the next heartbeat. Started on the first watch
    in an event loop; if the connection drops, the streams fall back to polling
    until it is back, and every watched key is woken once it is (what committed in
    between was notified to nobody).
    """

    def __init__(self) -> None:
        self.keys: dict[str, _Watched] = {}
        self.listening = False
        self._task: asyncio.Task | None = None

    @contextlib.contextmanager
    def watching(self, key: str):
        """Count ``key``'s notifications while the block runs (a stream's life)."""
        self._start()
        watched = self.keys.setdefault(key, _Watched())
        watched.watchers += 1
        try:
            yield
        finally:
            watched.watchers -= 1
            if not watched.watchers:
                del self.keys[key]

    def generation(self, key: str) -> int:
        """How many notifications of ``key`` (watched) this process has received."""
        return self.keys[key].generation

    async def wait(self, key: str, seen: int, timeout: float) -> bool:
        """Wait until ``key`` (watched) is notified after generation ``seen``, or
        ``timeout`` passes; True if notified (at once if that happened already)."""
        watched = self.keys[key]
        if watched.generation != seen:
            return True
        try:
            await asyncio.wait_for(watched.notified.wait(), timeout)
            return True
        except TimeoutError:
            return False

    def wake(self, key: str) -> None:
        watched = self.keys.get(key)
        if watched is not None:
            watched.next_generation()

    def wake_all(self) -> None:
        for watched in self.keys.values():
            watched.next_generation()

    def _start(self) -> None:
        if self._task is None and connection.vendor == "postgresql":
            self._task = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        import psycopg
        from psycopg.conninfo import make_conninfo

        params = connection.settings_dict
        conninfo = make_conninfo(
            dbname=params["NAME"],
            user=params.get("USER") or None,
            password=params.get("PASSWORD") or None,
            host=params.get("HOST") or None,
            port=params.get("PORT") or None,
        )
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True
                ) as listener:
                    await listener.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    self.wake_all()
                    async for notice in listener.notifies():
                        self.wake(notice.payload.rpartition(":")[0])
            except asyncio.CancelledError:
                raise
            except Exception:  # a dropped connection: poll meanwhile, then listen again
                log.warning("stream wake-ups lost their LISTEN connection", exc_info=True)
            self.listening = False
            await asyncio.sleep(1)


class _Watched:
    """A watched key: its generation, and the event its waiters wait on for the next."""

    def __init__(self) -> None:
        self.generation = 0
        self.watchers = 0
        self.notified = asyncio.Event()

    def next_generation(self) -> None:
        self.generation += 1
        self.notified.set()
        self.notified = asyncio.Event()


_wakeups: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def wakeups() -> Wakeups:
    """The wake-ups of the running event loop (one per server process)."""
    loop = asyncio.get_running_loop()
    if loop not in _wakeups:
        _wakeups[loop] = Wakeups()
    return _wakeups[loop]


# --- one stream ----------------------------------------------------------------------


@dataclass
class Page:
    """What a log has after a point, as the reader may see it: ``(seq, data)`` pairs,
    and whether the log is closed (a finished game) once these are sent."""

    items: list[tuple[int, dict]]
    closed: bool = False

    @cached_property
    def messages(self) -> list[tuple[int, bytes]]:
        """The items as SSE messages, encoded once for every stream that shares the page."""
        return [(seq, message(data, id=seq)) for seq, data in self.items]


class SharedReads:
    """Streams that ask the same question at once share one answer.

    A commit wakes every stream of its log together; readers who see the log
    alike (``view``) and resume from the same point ask the database once and
    send the same encoded page, so a thousand readers of one match cost one
    read per kind of reader, not a thousand.
    """

    def __init__(self) -> None:
        self.pending: dict[tuple, asyncio.Future] = {}

    async def read(self, question: tuple, read: Callable[[], Awaitable[Page]]) -> Page:
        answer = self.pending.get(question)
        if answer is None:
            answer = self.pending[question] = asyncio.ensure_future(read())
            answer.add_done_callback(lambda _: self.pending.pop(question, None))
        return await asyncio.shield(answer)


_shared_reads: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def shared_reads() -> SharedReads:
    loop = asyncio.get_running_loop()
    if loop not in _shared_reads:
        _shared_reads[loop] = SharedReads()
    return _shared_reads[loop]


class AccessEnded(Exception):
    """The reader of a stream may no longer read it (``follow``'s ``allowed``)."""


async def follow(
    key: str,
    after: int,
    read: Callable[[int], Awaitable[Page]],
    view: str = "",
    allowed: Callable[[], Awaitable[bool]] | None = None,
) -> AsyncIterator:
    """The messages of a log from ``after`` on: first what the database has, then each
    new row as it commits; an ``end`` message when the log closes. Readers of the
    same ``key`` and ``view`` share their reads (``SharedReads``).

    ``allowed()`` is asked before every read, so that nothing committed after a
    reader lost their access reaches them: :class:`AccessEnded` then ends it."""
    heartbeat = settings_value("STREAM_HEARTBEAT_SECONDS", 15)
    poll = settings_value("STREAM_POLL_SECONDS", 1)
    waker = wakeups()
    yield b"retry: 3000\n\n"
    quiet = 0.0
    with waker.watching(key):
        while True:
            # The generation before the read: a wake-up during it is not lost, and a
            # read begun before it (another stream's, shared) is not taken as the answer.
            seen = waker.generation(key)
            if allowed is not None and not await allowed():
                raise AccessEnded
            page = await shared_reads().read((key, view, after, seen), partial(read, after))
            # And after it: a removal that committed between the first question and the
            # read (with a move after it) is seen now, before the move is sent.
            if page.items and allowed is not None and not await allowed():
                raise AccessEnded
            for seq, encoded in page.messages:
                yield encoded
                after = seq
            if page.closed and not page.items:
                yield message({"after": after}, event="end")
                return
            if page.items:
                quiet = 0.0
                continue
            timeout = min(heartbeat - quiet, heartbeat if waker.listening else poll)
            if not await waker.wait(key, seen, max(timeout, 0.01)):
                quiet += timeout
                if quiet >= heartbeat:
                    yield HEARTBEAT
                    quiet = 0.0


class StreamSlots:
    """How many streams each reader holds open, counted across every server process.

    A reader has ``STREAMS_PER_USER`` slots in the shared cache (Redis in a
    deployment), and each open stream holds one under a lease that it renews as it
    sends (a heartbeat at least every ``STREAM_HEARTBEAT_SECONDS``): a stream that
    ends gives its slot back at once, and one whose process died frees it when the
    lease runs out.
    """

    def lease(self) -> float:
        return 3 * settings_value("STREAM_HEARTBEAT_SECONDS", 15)

    def take(self, holder: int | str) -> tuple[str, str] | None:
        """A free slot of ``holder``'s, now held by a new stream: (its key, the stream's
        mark in it); ``None`` if all are held."""
        stream = uuid.uuid4().hex
        for slot in range(int(settings_value("STREAMS_PER_USER", 20))):
            key = f"stream-slot:{holder}:{slot}"
            if cache.add(key, stream, self.lease()):
                return key, stream
        return None

    async def renew(self, held: tuple[str, str]) -> None:
        await cache.atouch(held[0], self.lease())

    async def give_back(self, held: tuple[str, str]) -> None:
        key, stream = held
        if await cache.aget(key) == stream:  # (not a slot whose lease ran out and was taken)
            await cache.adelete(key)


slots = StreamSlots()


def start_after(request) -> int:
    """Where a stream starts: after ``Last-Event-ID`` (a reconnect), else ``?after=``, else 0."""
    for raw in (request.headers.get("Last-Event-ID"), request.GET.get("after")):
        after = whole_number(raw)
        if after is not None:
            return after
    return 0


def event_stream(
    user, key: str, after: int, read, *, client, view: str = "", access=None
) -> StreamingHttpResponse:
    """The streaming answer to the request ``client``; the user's stream count is held
    while it is open (an anonymous reader of something public is counted by address).
    ``view`` tells readers who see the log differently apart (``follow``).

    A user's stream lasts as long as their access (``while_allowed``): their
    credentials of the moment it opened (``core.credentials``), and ``access()``,
    the view's own check (from the cache), that they may still read it as they
    opened it. An anonymous reader reads only what is public, for as long as it likes.
    """
    holder = user.pk if user is not None else f"address:{client_address(client)}"
    held = slots.take(holder)
    if held is None:
        # By then a slot whose stream's process died is free, its lease run out.
        raise TooManyStreams(headers={"Retry-After": str(math.ceil(slots.lease()))})
    chunks = partial(follow, key, after, read, view)
    if user is not None:
        allowed = _reader_allowed(user, client, access)
        chunks = partial(
            while_allowed, partial(chunks, allowed=allowed), allowed, _farewell(client)
        )

    async def messages():
        renewed = asyncio.get_running_loop().time()
        try:
            async for chunk in chunks():
                yield chunk
                if asyncio.get_running_loop().time() - renewed > slots.lease() / 3:
                    await slots.renew(held)
                    renewed = asyncio.get_running_loop().time()
        finally:
            await slots.give_back(held)

    response = StreamingHttpResponse(messages(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
    return response


def _farewell(request) -> Callable[[], Awaitable[bytes]]:
    """The last message of a stream whose reader lost their access: ``AccessRevoked``'s
    fields, as an API error gives them, in the reader's language."""

    @database
    def revoked() -> bytes:
        body = error_body(AccessRevoked(), languages.answer_language(request))
        return message(body, event="revoked")

    return revoked


def _reader_allowed(user, request, access) -> Callable[[], Awaitable[bool]]:
    """Whether the reader may go on: their credentials' generation is still the one they
    opened the stream in (``authenticate``), the token it was opened with (directly or
    through a stream token) lives, and the view's ``access()`` holds."""
    opened_in = request.credentials_generation
    token = request.stream_opened_with

    @database
    def allowed() -> bool:
        if credentials.generation(user.pk) != opened_in:
            return False
        if token and live_token(token) is None:
            return False
        return access is None or access()

    return allowed


async def while_allowed(
    chunks: Callable[[], AsyncIterator[bytes]],
    allowed: Callable[[], Awaitable[bool]],
    revoked: Callable[[], Awaitable[bytes]],
) -> AsyncIterator[bytes]:
    """The stream's ``chunks`` for as long as ``allowed()`` says the reader may have them.

    It is asked before every read of the log (``follow``), so that a reader who lost
    their access (removed, another role, credentials revoked) gets nothing that
    committed after, and every ``STREAM_ACCESS_CHECK_SECONDS`` while the stream
    waits for news, so that an idle stream ends too; then a ``revoked`` message
    (``revoked()``) ends the stream, and a reconnect is judged afresh.
    """
    every = settings_value("STREAM_ACCESS_CHECK_SECONDS", 2)
    loop = asyncio.get_running_loop()
    source = chunks()
    checked = loop.time()
    pending: asyncio.Future | None = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(source))
            await asyncio.wait({pending}, timeout=max(checked + every - loop.time(), 0))
            if loop.time() >= checked + every:
                if not await allowed():
                    yield await revoked()
                    return
                checked = loop.time()
            if pending.done():
                done, pending = pending, None
                try:
                    chunk = done.result()
                except StopAsyncIteration:
                    return
                except AccessEnded:
                    yield await revoked()
                    return
                yield chunk
    finally:
        if pending is not None:
            pending.cancel()
            await asyncio.wait({pending})
            if not pending.cancelled():
                pending.exception()  # retrieved, so that nothing is logged about it
        await source.aclose()


class SlowReader(Exception):
    """A stream's reader took no message for ``STREAM_SEND_TIMEOUT_SECONDS``."""


def drop_slow_readers(app):
    """The ASGI ``app`` with a stream dropped when its reader stops taking messages.

    Nothing waits in a buffer for a slow reader (a message is read from the
    database only when the last one was taken), but a reader that takes nothing
    would hold its stream open for ever: when the server cannot hand it one
    message within ``STREAM_SEND_TIMEOUT_SECONDS``, the connection is closed and
    the reader, once it reads again, reconnects with ``Last-Event-ID``.
    """

    async def application(scope, receive, send):
        timeout = settings_value("STREAM_SEND_TIMEOUT_SECONDS", 30)

        async def send_in_time(message):
            try:
                # (not wait_for: on Python 3.11 it swallows the cancellation of a stream
                # whose reader left, when the send ends at that moment, and the stream
                # would go on for nobody)
                async with asyncio.timeout(timeout):
                    await send(message)
            except TimeoutError:
                raise SlowReader() from None

        try:
            await app(scope, receive, send_in_time)
        except SlowReader:
            log.info("dropped a stream whose reader took nothing for %s s", timeout)

    return application


# --- who is asking -----------------------------------------------------------------------


def stream_token(user, auth_token=None) -> str:
    """A signed stream token for ``user``, made from ``auth_token`` (``None``: their
    session), and their credentials generation of now: revoking that token, or every
    credential of theirs, makes it worthless at once (``core.credentials``)."""
    claims = {"user": user.pk, "generation": credentials.generation(user.pk)}
    if auth_token is not None:
        claims["token"] = auth_token.digest
    return signing.dumps(claims, salt=TOKEN_SALT)


def stream_token_lifetime(auth_token=None) -> int | None:
    """Seconds a stream token made from ``auth_token`` (``None``: a session) lives at most;
    ``None`` for a token that never expires. Revocation ends it sooner."""
    if auth_token is None:
        return settings.SESSION_COOKIE_AGE
    if auth_token.expiry is None:
        return None
    return max(0, int((auth_token.expiry - timezone.now()).total_seconds()))


@database
def authenticate(request):
    """The user of a stream request: its token header, its session, or a stream token;
    ``None`` for nobody. A bad credential is refused rather than read as nobody.

    Kept on the request for the stream's life: the user's credentials generation it
    opens in (``credentials_generation``) and the token it was opened with
    (``stream_opened_with``, a digest): the stream ends when either goes."""
    holder = _credentials_holder(request)
    request.stream_opened_with = holder.token
    user = holder.user
    if user is not None:
        generation = credentials.generation(user.pk)
        if holder.generation is not None and holder.generation != generation:
            raise Unauthenticated(
                gettext_noop(
                    "The stream token was issued before your credentials were revoked; "
                    "ask for a new one."
                )
            )
        request.credentials_generation = generation
    return user


@dataclass(frozen=True)
class _Holder:
    """Who a stream request's credentials name: the user, for a stream token the
    credentials generation it was issued in, and the token (its digest) it came from."""

    user: object | None
    generation: int | None = None
    token: str = ""


EXPIRED = gettext_noop("The stream token is invalid or expired; ask for a new one.")


def _credentials_holder(request) -> _Holder:
    from rest_framework.exceptions import AuthenticationFailed

    from core.auth import TokenAuthentication

    if request.headers.get("Authorization"):
        authentication = TokenAuthentication()
        try:
            found = authentication.authenticate(request)
        except AuthenticationFailed as failed:
            raise Unauthenticated(str(failed.detail)) from None
        if found is not None:
            return _Holder(found[0], token=found[1].digest)
    raw = request.GET.get("stream_token")
    if raw:
        return _stream_token_holder(request, raw)
    user = request.user  # the session, through AuthenticationMiddleware
    return _Holder(user if user.is_authenticated else None)


def _stream_token_holder(request, raw: str) -> _Holder:
    """A stream token's user, seen through the token it was made from while that lives;
    one made from a session lives for a session's age."""
    try:
        claims = signing.loads(raw, salt=TOKEN_SALT)
        digest = claims.get("token", "")
        if not digest:
            signing.loads(raw, salt=TOKEN_SALT, max_age=settings.SESSION_COOKIE_AGE)
    except signing.BadSignature:
        raise Unauthenticated(EXPIRED) from None
    if digest:
        auth_token = live_token(digest)
        if auth_token is None or auth_token.user_id != claims["user"]:
            raise Unauthenticated(EXPIRED)
        user = auth_token.user
        if not user.is_active:
            raise Unauthenticated(EXPIRED)
        tokens.seen_from(user, auth.scope(auth_token), request)
        return _Holder(user, claims.get("generation", -1), digest)
    user = get_user_model().objects.filter(pk=claims["user"], is_active=True).first()
    return _Holder(user, claims.get("generation", -1))


class StreamView(View):
    """``GET <something>/{id}/stream/``: a subclass opens the stream of object ``pk``.

    Its docstring is its documentation: ``core.schema.add_streams`` puts every
    stream view in the OpenAPI schema, which DRF's generator would not see.
    """

    async def get(self, request, pk: int):
        _on_shared_threads.set(isinstance(request, ASGIRequest))
        try:
            return await self.open(request, pk)
        except AppError as error:  # refused before streaming: as every endpoint refuses
            return await database(answer)(error, request)

    async def open(self, request, pk: int) -> StreamingHttpResponse:
        raise NotImplementedError


# --- the database side ------------------------------------------------------------------


def notify_on_insert(table: str, key: str, owner: str) -> tuple[str, str]:
    """SQL for a PostgreSQL trigger that NOTIFYs ``'<key>:<owner id>:<seq>'`` for each row
    inserted into ``table`` (sent when the row commits), and the SQL that drops it.
    Used by the migrations of the logs that streams follow."""
    function = f"{table}_notify"
    create = f"""
        CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', '{key}:' || NEW.{owner} || ':' || NEW.seq);
            RETURN NULL;
        END;
        $$ LANGUAGE plpgsql;
        DROP TRIGGER IF EXISTS {function} ON {table};
        CREATE TRIGGER {function} AFTER INSERT ON {table}
            FOR EACH ROW EXECUTE FUNCTION {function}();
    """
    drop = f"DROP TRIGGER IF EXISTS {function} ON {table}; DROP FUNCTION IF EXISTS {function}();"
    return create, drop


def postgresql_only(sql: str):
    """A migration step that runs ``sql`` on PostgreSQL and does nothing elsewhere."""

    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run
