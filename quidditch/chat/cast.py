"""How Chat-Quidditch meets its campaign (:class:`games.manifest.Cast`): its teams are the
campaign's houses, its players their characters, each typing for the nick he plays."""

from __future__ import annotations

from games.manifest import Cast
from games.ruleset import Roster, State
from quidditch.positions import house_teams

from .rules.roster import prepare
from .rules.teams import LIMITS


class ChatCast(Cast):
    """Houses and characters by id in the config a client sends, by name in the config
    stored (:mod:`.rules.roster`)."""

    def prepare(self, config: dict, roster: Roster) -> dict:
        return prepare(config, roster)

    def starting_config(self, example: dict, roster: Roster) -> dict:
        """Two of the campaign's houses, each with its characters in their positions (a
        keeper, a seeker, up to three chasers and two beaters, §2), where two can field
        a keeper and a seeker; else the example's teams by name."""
        teams = house_teams(roster, {role: most for role, (_, most) in LIMITS.items()})
        if not teams:
            return super().starting_config(example, roster)
        return {**example, "teams": [{**team, "substitutes": []} for team in teams]}

    def characters(self, state: State) -> dict[str, int]:
        """Each nick a campaign character plays (§4.1.1)."""
        return {
            nick: player["character"]
            for nick, player in state["players"].items()
            if player["character"] is not None
        }
