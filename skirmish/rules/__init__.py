"""Draco Dormiens skirmishes as pure rules (the package's ``manifest`` registers them)."""

from .ruleset import Skirmish

__all__ = ["Skirmish"]
