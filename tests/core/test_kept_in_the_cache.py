"""A value read across a change is never served after it (``core.cache.kept``): a stream
asked for a removed member's roles just as the removal committed, kept what it had read
after the removal took the roles out of the cache, and was served the old roles: one event
written after the removal reached the removed member's stream (a flake of
tests/core/test_stream_access.py, issue 37's guarantee)."""

import pytest
from django.core.cache import cache

from core.cache import forget, kept

#: Outside any transaction, as a stream's read is: a change's ``forget`` runs at once and
#: again at its commit, which is at once.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _empty():
    cache.clear()


def test_a_value_read_before_a_change_and_kept_after_it_is_read_again():
    reads = iter([{"campaign": "player"}, {}])

    def read_across_the_removal():
        read = next(reads)
        forget("roles")  # the removal commits while the reader holds what it read
        return read

    assert kept("roles", read_across_the_removal, 60) == {"campaign": "player"}
    assert kept("roles", lambda: next(reads), 60) == {}, "read again: the removal is in"
    assert kept("roles", lambda: pytest.fail("read again"), 60) == {}, "kept once current"


def test_a_change_takes_a_current_value_out():
    assert kept("roles", lambda: {"campaign": "player"}, 60) == {"campaign": "player"}
    forget("roles")
    assert kept("roles", lambda: {}, 60) == {}
