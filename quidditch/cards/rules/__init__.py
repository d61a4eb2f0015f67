"""The card game's rules, pure: they import nothing of the package outside ``rules/``;
the game's manifest (``manifest.py``) registers them as ``card-quidditch``."""

from .ruleset import CardQuidditch

__all__ = ["CardQuidditch"]
