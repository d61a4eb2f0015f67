"""Where a game's seeds come from: the one place a new game draws them.

The server seed is secret until the game ends (only its commitment is shown), and
the client seed is public from the start (a player may replace it before the first
roll). Both come from the operating system's randomness, so that nobody, the
service included, chooses the dice. Tests replace :func:`fresh` with seeds made from
the test's own name (``tests/conftest.py``), so that a test takes the same path on
every run; nothing else may.
"""

import secrets


def fresh() -> tuple[bytes, str]:
    """A new game's server seed (32 bytes) and its default client seed (32 hex digits)."""
    return secrets.token_bytes(32), secrets.token_hex(16)
