"""Table Top Quidditch's rules, pure; importing this package registers ``tabletop-quidditch``."""

from .ruleset import TabletopQuidditch

__all__ = ["TabletopQuidditch"]
