"""Draco Dormiens skirmishes as pure rules; importing this package registers ``skirmish``."""

from .ruleset import Skirmish

__all__ = ["Skirmish"]
