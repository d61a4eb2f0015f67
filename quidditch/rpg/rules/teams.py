"""Two teams of seven by position: three chasers, two beaters, a keeper and a seeker.

A client names the campaign's characters by id (``prepare`` fills in their
names, houses, attributes and Health from the roster) or writes players
inline, with a name and the three attributes the rules use. A character
at zero Health cannot be fielded.
"""

from __future__ import annotations

from games.ruleset import Roster, RuleViolation
from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER

SIDES = ("home", "away")
LINE_UP = {CHASER: 3, BEATER: 2, KEEPER: 1, SEEKER: 1}
ATTRIBUTES = ("Strength", "Toughness", "Dexterity")
RULE = "QUIDDITCH"


def invalid(message: str) -> RuleViolation:
    return RuleViolation("invalid_config", message, RULE)


def prepare_teams(teams: object, roster: Roster) -> list:
    """Teams named by character ids, filled in from the campaign's roster."""
    if not isinstance(teams, list):
        return teams
    prepared = [_team(team, roster) if _by_id(team) else team for team in teams]
    named = [p.get("character") for team in prepared for p in team.get("players", [])]
    twice = sorted({roster[c]["name"] for c in named if c is not None and named.count(c) > 1})
    if twice:
        raise invalid(f"{', '.join(twice)} cannot play twice in one match")
    return prepared


def _by_id(team: object) -> bool:
    return isinstance(team, dict) and isinstance(team.get("house"), int)


def _team(team: dict, roster: Roster) -> dict:
    players = []
    for entry in team.get("players") or []:
        character = entry.get("character") if isinstance(entry, dict) else None
        sheet = roster.get(character) if isinstance(character, int) else None
        if sheet is None:
            raise invalid(f"there is no character {character} in this campaign")
        if (sheet.get("house") or {}).get("id") != team["house"]:
            raise invalid(f"{sheet['name']} does not play for this house")
        if sheet["health"] <= 0:
            raise invalid(f"{sheet['name']} has no Health left and cannot play")
        players.append(
            {
                "character": character,
                "name": sheet["name"],
                "position": entry.get("position") or sheet.get("position"),
                "attributes": {name: sheet["attributes"].get(name, 0) for name in ATTRIBUTES},
                "health": sheet["health"],
            }
        )
    house = roster[players[0]["character"]]["house"] if players else {"name": "", "id": None}
    return {"house": house["name"], "house_id": house["id"], "players": players}


def build_players(teams: object) -> tuple[list[dict], dict[str, dict]]:
    """The teams (house) and the players by key (``home.chaser1``), checked against the line-up."""
    if not isinstance(teams, list) or len(teams) != 2:
        raise invalid("a match has two teams")
    houses, players = [], {}
    for side, team in zip(SIDES, teams, strict=True):
        if not isinstance(team, dict) or not isinstance(team.get("house"), str):
            raise invalid(f"the {side} team needs a house")
        counts = dict.fromkeys(LINE_UP, 0)
        for entry in team.get("players") or []:
            position = entry.get("position") if isinstance(entry, dict) else None
            if position not in LINE_UP:
                raise invalid(f"every player of {team['house']} needs a position")
            counts[position] += 1
            attributes = entry.get("attributes") or {}
            if not all(isinstance(attributes.get(a), int) for a in ATTRIBUTES):
                raise invalid(f"{entry.get('name')} needs {', '.join(ATTRIBUTES)}")
            health = entry.get("health", 5)
            if not isinstance(health, int) or health <= 0:
                raise invalid(f"{entry.get('name')} has no Health left and cannot play")
            number = counts[position] if LINE_UP[position] > 1 else ""
            players[f"{side}.{position}{number}"] = {
                "side": side,
                "position": position,
                "name": entry.get("name") or f"{team['house']} {position}",
                "character": entry.get("character"),
                "attributes": {a: attributes[a] for a in ATTRIBUTES},
                "health": health,
                "health_lost": 0,
            }
        if counts != LINE_UP:
            raise invalid(f"{team['house']} needs three chasers, two beaters, a keeper, a seeker")
        houses.append({"side": side, "house": team["house"], "house_id": team.get("house_id")})
    return houses, players


def of(players: dict, side: str, position: str) -> list[str]:
    return [key for key, p in players.items() if p["side"] == side and p["position"] == position]


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
