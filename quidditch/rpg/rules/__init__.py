"""The optional quidditch rules, pure: they import nothing of the package outside ``rules/``
(its manifest registers them, ``quidditch.rpg.manifest``)."""

from .ruleset import RpgQuidditch

__all__ = ["RpgQuidditch"]
