"""The dice game's rules, pure: they import nothing of the package outside ``rules/``;
the game's manifest (``manifest.py``) registers them as ``dice-quidditch``."""

from .ruleset import DiceQuidditch

__all__ = ["DiceQuidditch"]
