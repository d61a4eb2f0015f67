"""The card game's rules, pure; importing this package registers ``card-quidditch``."""

from .ruleset import CardQuidditch

__all__ = ["CardQuidditch"]
