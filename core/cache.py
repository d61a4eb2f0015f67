"""What the service keeps in the cache, and how: only what is committed goes in, and a
change takes its entry out at once and again when it commits (``remember``,
``forget``). Below, Django's Redis cache with one Redis client per connection pool
instead of one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every
cache operation, and building one (its table of response callbacks) costs more
CPU than the operation: on the command path, which reads the token, the roles
and the rate limit from the cache, it was a sixth of the request's CPU
(``bench/README.md``). A ``redis.Redis`` is safe to share between threads (each
command takes a connection from the pool), so each process keeps one per pool.
"""

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.db import connection, transaction

T = TypeVar("T")


def remember(key: str, value, timeout: int) -> None:
    """Keep ``value``, read from the database, unless it was read inside a transaction:
    it may hold what is not committed yet, and may never be (a rollback)."""
    if not connection.in_atomic_block:
        cache.set(key, value, timeout=timeout)


def forget(key: str) -> None:
    """Take ``key`` out now, and again when the change that called this commits: a
    request that read the database in between read it before the change. Either time,
    the key's stamp moves on, so that a value read before and kept after is not taken
    for a current one (:func:`kept`)."""
    _move_on(key)
    transaction.on_commit(lambda: _move_on(key))


def kept(
    key: str,
    read: Callable[[], T],
    timeout: int,
    *,
    unwritten_here: bool = False,
    found: Mapping[str, Any] | None = None,
) -> T:
    """``read()``'s value, from the cache while no :func:`forget` of ``key`` came since it
    was kept.

    A reader that read the database just before a change committed, and kept what it read
    just after ``forget`` took the key out, would have its stale value served for as long
    as ``timeout``. So the value is kept with the key's stamp as it was *before* the
    database was read, and served only while the stamp is still that one: ``forget`` moves
    the stamp on, and a value read across a change is read again. ``unwritten_here`` and
    ``found``: as :func:`kept_together` takes them."""
    return kept_together({key: read}, timeout, unwritten_here=unwritten_here, found=found)[key]


def kept_together(
    reads: Mapping[str, Callable[[], Any]],
    timeout: int,
    *,
    unwritten_here: bool = False,
    found: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """:func:`kept` for several keys at once: every key's value with its stamp in one round
    trip to Redis (``MGET``), and what was not current read and kept in one more.

    Inside a transaction a value is kept only with ``unwritten_here``: the caller's
    transaction never writes what its reads read (a game's write reads its campaign's
    webhook endpoints), so what they read is committed, each statement seeing what had
    committed when it began (PostgreSQL's READ COMMITTED), after the stamps were read.

    ``found``: the keys' values and stamps as already read in this request
    (:func:`count_and_read`), for no round trip of their own."""
    stamps = {key: _stamp(key) for key in reads}
    if found is None:
        found = cache.get_many([*reads, *stamps.values()])
    values, fresh = {}, {}
    for key, read in reads.items():
        stamp, value = found.get(stamps[key], 0), found.get(key)
        if isinstance(value, tuple) and value[0] == stamp:
            values[key] = value[1]
        else:
            values[key] = read()
            fresh[key] = (stamp, values[key])
    if fresh and (unwritten_here or not connection.in_atomic_block):
        cache.set_many(fresh, timeout=timeout)
    return values


def count(key: str, timeout: int) -> int:
    """Count one more under ``key``, a counter that lives ``timeout`` seconds from its
    first count: the count now, atomic across processes (a rate limit's window). In Redis
    one round trip (:meth:`SharedClientRedisCache.count`); in the in-memory cache of the
    quick start, an add and an increment."""
    counter = getattr(cache, "count", None)
    if counter is not None:
        return counter(key, timeout)
    cache.add(key, 0, timeout)
    try:
        return cache.incr(key)
    except ValueError:  # the window expired between add and incr
        cache.add(key, 1, timeout)
        return 1


def count_and_read(key: str, timeout: int, kept_keys: list[str]) -> tuple[int, dict[str, Any]]:
    """:func:`count` under ``key``, and the values and stamps of ``kept_keys`` (entries of
    :func:`kept`) as ``kept_together(..., found=...)`` takes them: in Redis both in the one
    round trip of the count's pipeline (a write's rate limit and its caller's roles); in
    the in-memory cache, one after the other."""
    wanted = [*kept_keys, *(_stamp(kept_key) for kept_key in kept_keys)]
    counter = getattr(cache, "count_and_read", None)
    if counter is not None:
        return counter(key, timeout, wanted)
    return count(key, timeout), cache.get_many(wanted)


def _stamp(key: str) -> str:
    return f"{key}:stamp"


def _move_on(key: str) -> None:
    cache.delete(key)
    try:
        cache.incr(_stamp(key))
    except ValueError:  # no stamp yet (or evicted): any kept value is older than this one
        cache.set(_stamp(key), 1, timeout=None)


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class SharedClientRedisCache(RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient

    def count(self, key: str, timeout: int) -> int:
        """``INCR`` and ``EXPIRE ... NX`` in one pipeline: one round trip where Django's
        ``add`` and ``incr`` take three (``SET NX``, ``EXISTS``, ``INCRBY``)."""
        return self.count_and_read(key, timeout, [])[0]

    def count_and_read(self, key: str, timeout: int, keys: list[str]) -> tuple[int, dict]:
        """:meth:`count`, with ``MGET`` of ``keys`` in the same pipeline: what
        ``get_many`` would give for them."""
        counter = self.make_and_validate_key(key)
        made = {self.make_and_validate_key(name): name for name in keys}
        with self._cache.get_client(counter, write=True).pipeline() as pipe:
            pipe.incr(counter).expire(counter, timeout, nx=True)
            if made:
                pipe.mget(list(made))
            answers = pipe.execute()
        values = dict(zip(made.values(), answers[2], strict=True)) if made else {}
        return answers[0], {
            name: self._cache._serializer.loads(value)
            for name, value in values.items()
            if value is not None
        }
