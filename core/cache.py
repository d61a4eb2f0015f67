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

from collections.abc import Callable
from typing import TypeVar

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


def kept(key: str, read: Callable[[], T], timeout: int) -> T:
    """``read()``'s value, from the cache while no :func:`forget` of ``key`` came since it
    was kept.

    A reader that read the database just before a change committed, and kept what it read
    just after ``forget`` took the key out, would have its stale value served for as long
    as ``timeout``. So the value is kept with the key's stamp as it was *before* the
    database was read, and served only while the stamp is still that one: ``forget`` moves
    the stamp on, and a value read across a change is read again."""
    stamp = cache.get(_stamp(key), 0)
    found = cache.get(key)
    if isinstance(found, tuple) and found[0] == stamp:
        return found[1]
    value = read()
    remember(key, (stamp, value), timeout)
    return value


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
