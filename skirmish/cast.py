"""How a skirmish meets its campaign: the characters among its participants.

A participant may be one of the campaign's characters: the rules field it from the
campaign's roster (:func:`skirmish.rules.config.prepare`) before the config is stored,
and its player then holds its seat.
"""

from __future__ import annotations

from games.manifest import Cast
from games.ruleset import Roster, State

from .rules.config import prepare


class SkirmishCast(Cast):
    def prepare(self, config: dict, roster: Roster) -> dict:
        return prepare(config, roster)

    def characters(self, state: State) -> dict[str, int]:
        return {
            key: participant["character"]
            for key, participant in state["participants"].items()
            if participant["character"] is not None
        }
