"""Chat-Quidditch rules: pure Python, no Django, no clock, no global random, and nothing
of the package outside ``rules/`` (its words, table and bots read the rules, not the
other way round; ``quidditch.chat.manifest`` puts them together)."""

from .ruleset import ChatQuidditch

__all__ = ["ChatQuidditch"]
