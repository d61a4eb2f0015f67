"""How the dice game meets its campaign (:class:`games.manifest.Cast`): Red and Blue are
colours, not the campaign's houses, so it casts nobody; it only stores every setting."""

from __future__ import annotations

from games.manifest import Cast
from games.ruleset import Roster

from .rules.ruleset import build_settings


class DiceCast(Cast):
    def prepare(self, config: dict, roster: Roster) -> dict:
        """Every setting, defaults filled in: a stored game keeps the reading it began
        with, whatever later defaults say."""
        return build_settings(config)
