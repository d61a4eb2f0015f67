"""Chat-Quidditch rules: pure Python, no Django, no clock, no global random.

Importing this package registers the ruleset as ``"chat-quidditch"``.
"""

from .ruleset import ChatQuidditch

__all__ = ["ChatQuidditch"]
