"""Teams, nicks and experience points (§2, §3.2, §4.1.1).

A team has one keeper and one seeker, up to three chasers and up to two
beaters (§2, §8.5). Every player plays under a nick made of the house
initial, the position and a number where a team may have several of that
position: GJäger1, GJäger2, GTreiber1, GSucher, GHüter. A lone chaser or
beater still carries the number 1 (§4.1.1).

The captain hands out the experience points: 2 points to one player and one
point each to two more, never to the seeker (§2.2, §3.2).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation, within_bounds
from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER

from .contract import TEAM_BY_NAME
from .vocabulary import GERMAN

ROLE_WORDS = GERMAN.roles
"""The position's word in a nick, the rules' German (other languages spell it: .vocabulary)."""
NUMBERED = {CHASER, BEATER}
LIMITS = {KEEPER: (1, 1), SEEKER: (1, 1), CHASER: (0, 3), BEATER: (0, 2)}
TEAM_LIMITS = {
    KEEPER: _("%(house)s has %(count)s keepers; a team has exactly one."),
    SEEKER: _("%(house)s has %(count)s seekers; a team has exactly one."),
    CHASER: _("%(house)s has %(count)s chasers; a team has at most three."),
    BEATER: _("%(house)s has %(count)s beaters; a team has at most two."),
}
"""The refusal of a team with too many or too few players of a position (§2, §8.5)."""

XP_ALLOWANCE = {2: 1, 1: 2}
"""How many players may get each XP value: one player 2, two players 1 (§3.2)."""


def invalid(message: str, rule: str = "", **params) -> RuleViolation:
    """A config the rules cannot set up; ``message`` is marked for translation."""
    return RuleViolation("invalid_config", message, rule, params=params)


def nick(initial: str, role: str, number: int) -> str:
    """A player's chat name (§4.1.1)."""
    return f"{initial}{ROLE_WORDS[role]}{number if role in NUMBERED else ''}"


def build_teams(teams_config: object) -> tuple[list[dict], dict[str, dict]]:
    """Validate the two teams and name their players.

    Returns the teams (house, initial, captain, goal third, whether XP is set)
    and the players by nick (team, role, name, character, XP).
    """
    if not isinstance(teams_config, list) or len(teams_config) != 2:
        raise invalid(_("A match needs exactly two teams."), "§2")
    teams: list[dict] = []
    players: dict[str, dict] = {}
    for index, team_config in enumerate(teams_config):
        team, roster = _build_team(index, team_config)
        teams.append(team)
        players.update(roster)
    if teams[0]["initial"] == teams[1]["initial"]:
        raise invalid(_("The two teams need different initials."), "§4.2")
    return teams, players


def _build_team(index: int, config: object) -> tuple[dict, dict[str, dict]]:
    if not isinstance(config, dict):
        raise invalid(_("Team %(number)s must be an object."), number=index + 1)
    house = config.get("house")
    if not isinstance(house, str) or not house:
        raise invalid(_("Team %(number)s needs a house name."), "§4.1.1", number=index + 1)
    bounds = TEAM_BY_NAME["properties"]
    within_bounds("house", house, bounds["house"], "§4.1.1")
    initial = config.get("initial", house[0])
    if not isinstance(initial, str) or len(initial) != 1 or not initial.isupper():
        raise invalid(
            _("%(house)s: the initial must be one capital letter."), "§4.1.1", house=house
        )
    if initial == "M":
        raise invalid(
            _("%(house)s: M is the middle third and cannot be an initial."), "§4.2", house=house
        )
    entries = config.get("players")
    if not isinstance(entries, list):
        raise invalid(_("%(house)s: the players must be a list."), "§2", house=house)
    within_bounds(f"{house}: players", entries, bounds["players"], "§2")
    player_bounds = bounds["players"]["items"]["properties"]
    roster: dict[str, dict] = {}
    counts = dict.fromkeys(LIMITS, 0)
    xp_given = False
    for entry in entries:
        if not isinstance(entry, dict) or entry.get("position") not in LIMITS:
            raise invalid(
                _("%(house)s: every player needs a position: keeper, seeker, chaser or beater."),
                "§2",
                house=house,
            )
        if "name" in entry:
            within_bounds(f"{house}: name", entry["name"], player_bounds["name"], "§2")
        role = entry["position"]
        counts[role] += 1
        xp = entry.get("xp", 0)
        xp_given = xp_given or "xp" in entry
        roster[nick(initial, role, counts[role])] = {
            "team": index,
            "role": role,
            "name": entry.get("name", ""),
            "character": entry.get("character"),
            "xp": xp,
        }
    for role, (least, most) in LIMITS.items():
        if not least <= counts[role] <= most:
            raise invalid(TEAM_LIMITS[role], "§2", house=house, count=counts[role])
    if xp_given:
        check_experience(roster, {n: p["xp"] for n, p in roster.items()}, "invalid_config")
    captain = _captain(house, config.get("captain", 0), list(roster))
    team = {
        "house": house,
        "initial": initial,
        "captain": captain,
        "goal_third": None,
        "xp_set": xp_given,
        "substitutes": _substitutes(house, config.get("substitutes", []), bounds["substitutes"]),
        "substituted": False,
    }
    return team, roster


def _substitutes(house: str, entries: object, bounds: dict) -> list[dict]:
    """Who may come in by a substitution (§8.6: "ein bisheriger Zuschauer"), in order."""
    if not isinstance(entries, list):
        raise invalid(_("%(house)s: the substitutes must be a list."), "§8.6", house=house)
    within_bounds(f"{house}: substitutes", entries, bounds, "§8.6")
    substitutes = []
    for entry in entries:
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not name:
            raise invalid(_("%(house)s: every substitute needs a name."), "§8.6", house=house)
        within_bounds(f"{house}: name", name, bounds["items"]["properties"]["name"], "§8.6")
        substitutes.append({"name": name, "character": entry.get("character")})
    return substitutes


def _captain(house: str, captain: object, nicks: list[str]) -> str:
    """The captain is one of the team's players (§2.2), given by nick or roster index."""
    if isinstance(captain, int) and not isinstance(captain, bool) and 0 <= captain < len(nicks):
        return nicks[captain]
    if isinstance(captain, str) and captain in nicks:
        return captain
    raise invalid(_("%(house)s: the captain must be a player of the team."), "§2.2", house=house)


def check_experience(roster: dict[str, dict], points: object, code: str) -> None:
    """One player may get 2 XP and two players 1 XP, never the seeker (§3.2)."""
    if not isinstance(points, dict):
        raise RuleViolation(code, _("Experience points must map nicks to points."), "§3.2")
    handed_out = dict.fromkeys(XP_ALLOWANCE, 0)
    for name, value in points.items():
        if name not in roster:
            raise RuleViolation(
                code, _("%(nick)s is not a player of this team."), "§3.2", params={"nick": name}
            )
        if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1, 2):
            raise RuleViolation(
                code, _("%(nick)s: experience points are 0, 1 or 2."), "§3.2", params={"nick": name}
            )
        if value and roster[name]["role"] == SEEKER:
            raise RuleViolation(code, _("A seeker may not get experience points."), "§3.2")
        if value:
            handed_out[value] += 1
    for value, allowed in XP_ALLOWANCE.items():
        if handed_out[value] > allowed:
            raise RuleViolation(
                code,
                _("Only %(allowed)s player(s) may get %(points)s experience points."),
                "§3.2",
                params={"allowed": allowed, "points": value},
            )
