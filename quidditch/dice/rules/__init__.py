"""The dice game's rules, pure; importing this package registers ``dice-quidditch``."""

from .ruleset import DiceQuidditch

__all__ = ["DiceQuidditch"]
