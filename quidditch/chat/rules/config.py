"""The match settings and the state a match starts from.

{
  "teams": [team, team],          # see teams.build_teams
  "answer_seconds": 10,           # §3.4: time for Abblocken and Halten
  "final": false,                 # §8.2: final-game rules
  "rounds": 10,                   # §5.1, §7
  "half_time_after": 5,           # §6
  "foul_xp": false,               # §5.5.3: do XP count on fouls?
  "referee_releases": true        # §5.4, §5.5, §5.7: wait for the referee's release
}
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import config_settings, within_bounds

from .contract import CONTRACT, DEFAULTS
from .match import State
from .pitch import UNNAMED
from .teams import ROLE_WORDS, build_teams, invalid

RULES = {"answer_seconds": "§3.4", "rounds": "§5.1", "half_time_after": "§6"}
"""The section each bounded setting comes from."""


def settings(config: object) -> dict:
    """The match settings with defaults filled in, checked."""
    result = config_settings(config, DEFAULTS, besides=("teams",))
    for name, rule in RULES.items():
        within_bounds(name, result[name], CONTRACT.config["properties"][name], rule)
    for name in ("final", "foul_xp", "referee_releases", "cup_game"):
        if not isinstance(result[name], bool):
            raise invalid(_("%(name)s must be true or false"), name=name)
    return result


def build_state(config: dict) -> State:
    """The state before the first command (§4): nicks named, nothing rolled."""
    settings_ = settings(config)
    teams, players = build_teams(config.get("teams"))
    lineup: dict[str, list[list[str]]] = {role: [[], []] for role in ROLE_WORDS}
    for nick, player in players.items():  # one pass, in roster order
        lineup[player["role"]][player["team"]].append(nick)
    return {
        "config": settings_,
        "teams": teams,
        "players": players,
        "lineup": lineup,
        "pitch": list(UNNAMED),
        "phase": "experience" if not all(t["xp_set"] for t in teams) else "quaffle_roll",
        "round": 0,
        "last_round": settings_["rounds"],
        "subround": None,
        "positioning": None,
        "possession": None,
        "carrier": None,
        "last_carriers": [None, None],
        "thirds": {},
        "out": [],
        "flew": [],
        "threw": [],
        "bludgers": [],
        "snitch": None,
        "searched": [],
        "found": [],
        "grabbed": [],
        "fouled": [],
        "pass": None,
        "flight": None,
        "bonus_third": None,
        "unguarded": None,
        "free_throw": None,
        "pending": [],
        "goals": [0, 0],
        "score": [0, 0],
        "snitch_caught_by": None,
        "end_votes": [],
        "substitutions": [],
        "over": False,
        "ended_by": None,
        "awaiting": [],
    }
