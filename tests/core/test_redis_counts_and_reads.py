"""In Redis, a write's rate limit counts and reads the caller's kept roles in one pipeline
(``core.cache.SharedClientRedisCache.count_and_read``, issue 42): the count as ``count``
gives it, and the values as ``get_many`` gives them. Skipped where no Redis answers (the
suite's cache is in memory; this is the deployment's)."""

import uuid

import pytest
import redis

from core.cache import SharedClientRedisCache

LOCATION = "redis://127.0.0.1:6379/13"


@pytest.fixture
def shared():
    try:
        redis.Redis.from_url(LOCATION).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("needs Redis at 127.0.0.1:6379")
    return SharedClientRedisCache(LOCATION, {"KEY_PREFIX": uuid.uuid4().hex})


def test_the_count_and_the_kept_values_come_from_one_pipeline(shared):
    shared.set("roles", (3, {7: "player"}), 60)
    shared.set("roles:stamp", 3, None)
    assert shared.count_and_read("window", 60, ["roles", "roles:stamp", "nothing"]) == (
        1,
        {"roles": (3, {7: "player"}), "roles:stamp": 3},
    )
    assert shared.count_and_read("window", 60, ["roles"])[0] == 2
    assert shared.count("window", 60) == 3


def test_the_window_ends_with_its_first_counts_timeout(shared):
    shared.count_and_read("window", 60, ["roles"])
    ttl = shared._cache.get_client().ttl(shared.make_and_validate_key("window"))
    assert 0 < ttl <= 60
