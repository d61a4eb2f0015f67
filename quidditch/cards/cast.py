"""How the card game meets its campaign (:class:`games.manifest.Cast`): it casts nobody
(its teams are Gryffindor and Slytherin by name), but stores its decks as laid out."""

from __future__ import annotations

from games.manifest import Cast
from games.ruleset import Roster

from .rules.ruleset import build_settings


class CardCast(Cast):
    def prepare(self, config: dict, roster: Roster) -> dict:
        """The config as stored: a deck given as a mapping is written out as its layout,
        in the order given, since the database keeps no order of an object's keys
        (PostgreSQL's jsonb) and a replay must lay the decks as the match did."""
        settings = build_settings(config)
        return {name: settings[name] for name in config}
