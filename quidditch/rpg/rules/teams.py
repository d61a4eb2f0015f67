"""Two teams of seven by position: three chasers, two beaters, a keeper and a seeker.

A client names the campaign's characters by id (``prepare_teams``, which the
package's cast calls, fills in their names, houses, attributes and Health from
the roster) or writes players inline, with a name and the three attributes the
rules use (a player with no name is called by the house and the place in the
team: "Gryffindor 4"). A character at zero Health cannot be fielded.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import Roster, RuleViolation
from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER

SIDES = ("home", "away")
LINE_UP = {CHASER: 3, BEATER: 2, KEEPER: 1, SEEKER: 1}
SEATED = (BEATER, SEEKER)
"""The positions whose players decide something, and so hold a seat: a beater's target, a
seeker's play. The chasers and the keeper only roll, and the storyguide rolls for them."""
ATTRIBUTES = ("Strength", "Toughness", "Dexterity")
RULE = "QUIDDITCH"
DEFAULT_HEALTH = 5


def invalid(message: str, **params) -> RuleViolation:
    return RuleViolation("invalid_config", message, RULE, params=params)


def prepare_teams(teams: object, roster: Roster) -> list:
    """Teams named by character ids, filled in from the campaign's roster."""
    if not isinstance(teams, list):
        return teams
    prepared, named = [], []
    for team in teams:
        if _by_id(team):
            team = _team(team, roster)
            named += [player["character"] for player in team["players"]]
        else:
            _check_written_out(team)
        prepared.append(team)
    twice = sorted({roster[c]["name"] for c in named if named.count(c) > 1})
    if twice:
        raise invalid(_("%(names)s cannot play twice in one match."), names=", ".join(twice))
    return prepared


def _by_id(team: object) -> bool:
    return isinstance(team, dict) and isinstance(team.get("house"), int)


def _check_written_out(team: object) -> None:
    """A team written out: its players are no characters of the campaign, whose sheets a
    match writes back to, so none may name one (field characters by the house's id)."""
    players = team.get("players") if isinstance(team, dict) else None
    if isinstance(players, list) and any(
        isinstance(p, dict) and p.get("character") is not None for p in players
    ):
        raise invalid(_("To field the campaign's characters, give their house by id."))


def _team(team: dict, roster: Roster) -> dict:
    players = []
    for entry in team.get("players") or []:
        character = entry.get("character") if isinstance(entry, dict) else None
        sheet = roster.get(character) if isinstance(character, int) else None
        if sheet is None:
            raise invalid(_("There is no character %(id)s in this campaign."), id=character)
        if (sheet.get("house") or {}).get("id") != team["house"]:
            raise invalid(_("%(name)s does not play for this house."), name=sheet["name"])
        if sheet["health"] <= 0:
            raise invalid(_("%(name)s has no Health left and cannot play."), name=sheet["name"])
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
        raise invalid(_("A match has two teams."))
    houses, players = [], {}
    for side, team in zip(SIDES, teams, strict=True):
        if not isinstance(team, dict) or not isinstance(team.get("house"), str):
            raise invalid(_("Each team needs a house."))
        counts = dict.fromkeys(LINE_UP, 0)
        for index, entry in enumerate(team.get("players") or [], start=1):
            position = entry.get("position") if isinstance(entry, dict) else None
            if position not in LINE_UP:
                raise invalid(_("Every player of %(house)s needs a position."), house=team["house"])
            counts[position] += 1
            name = entry.get("name") or f"{team['house']} {index}"
            if not isinstance(name, str):
                raise invalid(_("A player's name is a text."))
            attributes = entry.get("attributes")
            if not isinstance(attributes, dict) or not all(
                _whole(attributes.get(a)) for a in ATTRIBUTES
            ):
                raise invalid(_("%(name)s needs Strength, Toughness and Dexterity."), name=name)
            health = entry.get("health", DEFAULT_HEALTH)
            if not _whole(health) or health <= 0:
                raise invalid(_("%(name)s has no Health left and cannot play."), name=name)
            players[player_key(side, position, counts[position])] = {
                "side": side,
                "position": position,
                "name": name,
                "character": entry.get("character"),
                "attributes": {a: attributes[a] for a in ATTRIBUTES},
                "health": health,
                "health_lost": 0,
                "left": False,
            }
        if counts != LINE_UP:
            raise invalid(
                _("%(house)s needs three chasers, two beaters, a keeper and a seeker."),
                house=team["house"],
            )
        houses.append({"side": side, "house": team["house"], "house_id": team.get("house_id")})
    return houses, players


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def player_key(side: str, position: str, number: int) -> str:
    """A player's key in the state: ``home.chaser1`` ... ``home.keeper``, ``away.seeker``."""
    return f"{side}.{position}{number if LINE_UP[position] > 1 else ''}"


LINES = {
    (side, position): [player_key(side, position, n) for n in range(1, count + 1)]
    for side in SIDES
    for position, count in LINE_UP.items()
}
"""The keys of each side's players of each position: every match has the same line-up."""
KEYS = [key for keys in LINES.values() for key in keys]


def of(side: str, position: str) -> list[str]:
    """The keys of ``side``'s players of ``position``, numbered in the team's order."""
    return LINES[side, position]


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
