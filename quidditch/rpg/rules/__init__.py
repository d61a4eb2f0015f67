"""The optional quidditch rules, pure; importing this package registers ``rpg-quidditch``."""

from .ruleset import RpgQuidditch

__all__ = ["RpgQuidditch"]
