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

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.db import connection, transaction


def remember(key: str, value, timeout: int) -> None:
    """Keep ``value``, read from the database, unless it was read inside a transaction:
    it may hold what is not committed yet, and may never be (a rollback)."""
    if not connection.in_atomic_block:
        cache.set(key, value, timeout=timeout)


def forget(key: str) -> None:
    """Take ``key`` out now, and again when the change that called this commits: a
    request that read the database in between read it before the change."""
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


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
