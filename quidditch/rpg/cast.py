"""How Draco Dormiens quidditch meets its campaign (games.manifest.Cast): two of its houses
field seven of their characters each, whose sheets a match fills in and writes back to."""

from __future__ import annotations

from games.manifest import Cast
from games.ruleset import Roster, State
from quidditch.positions import house_teams

from .rules.ruleset import bounded_teams
from .rules.teams import LINE_UP, SEATED, prepare_teams


class RpgCast(Cast):
    def prepare(self, config: dict, roster: Roster) -> dict:
        """The teams named by character ids filled in from the roster, once they are within
        the config's bounds (a setup's refusals, before a character is looked up)."""
        if not isinstance(config, dict):
            return config
        bounded_teams(config.get("teams"))
        return {**config, "teams": prepare_teams(config.get("teams"), roster)}

    def starting_config(self, example: dict, roster: Roster) -> dict:
        """Two of the campaign's houses, each with seven of its characters in their
        positions (three chasers, two beaters, a keeper and a seeker), where two can
        field them all; else the example's teams written out."""
        teams = house_teams(roster, LINE_UP, complete=True)
        return {**example, "teams": teams} if teams else super().starting_config(example, roster)

    def characters(self, state: State) -> dict[str, int]:
        """Each beater and seeker of the campaign's (the seats): its player holds it."""
        return {
            key: player["character"]
            for key, player in state["players"].items()
            if player["position"] in SEATED and player["character"] is not None
        }
