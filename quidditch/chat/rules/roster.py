"""Teams of campaign characters: the config a client sends, made self-contained (§2, §4.1.1).

A client names the campaign's houses and characters by id::

    {"teams": [{"house": 3, "captain": 12,
                "players": [{"character": 12, "position": "chaser", "xp": 1}, ...]},
               {...}],
     "rounds": 10, ...}

:func:`prepare` fills in what the rules need from the campaign's roster (the
house's name and initial, each character's name, a position left out taken
from the character's sheet) and turns the captain's id into its place in the
team, so that the stored config sets the match up alone and a replay never
reads the campaign. A team given by house name, as the rules' own config
is written (docs/rules/chat-quidditch.md), passes through as it is.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import Roster

from .teams import invalid


def prepare(config: dict, roster: Roster) -> dict:
    if not isinstance(config, dict) or not isinstance(config.get("teams"), list):
        return config  # setup names what is missing
    teams = [_team(team, roster) if _by_id(team) else team for team in config["teams"]]
    houses = [team.get("house") for team in teams]
    if len(houses) == 2 and houses[0] == houses[1]:
        raise invalid(_("A house cannot play against itself."), "§2")
    named = [
        p.get("character") if isinstance(p, dict) else None
        for team in teams
        for key in ("players", "substitutes")
        for p in (team.get(key) or [] if isinstance(team, dict) else [])
    ]
    twice = {c for c in named if c is not None and named.count(c) > 1}
    if twice:
        names = sorted(roster[c]["name"] for c in twice)
        raise invalid(_("%(names)s cannot play twice in one match."), "§2", names=", ".join(names))
    return {**config, "teams": teams}


def _by_id(team: object) -> bool:
    return isinstance(team, dict) and isinstance(team.get("house"), int)


def _team(team: dict, roster: Roster) -> dict:
    """One team of characters of one house, as the rules' config writes it."""
    entries = team.get("players")
    if not isinstance(entries, list) or not entries:
        raise invalid(_("Every team needs its players."), "§2")
    players = [_player(entry, team["house"], roster) for entry in entries]
    house = roster[players[0]["character"]]["house"]
    captain = team.get("captain")
    ids = [player["character"] for player in players]
    if captain is not None and captain not in ids:
        raise invalid(
            _("%(house)s: the captain must play in the team."), "§2.2", house=house["name"]
        )
    prepared = {
        "house": house["name"],
        "initial": house["initial"],
        "players": players,
        "captain": ids.index(captain) if captain is not None else 0,
    }
    if "substitutes" in team:
        entries = team["substitutes"]
        if not isinstance(entries, list):
            raise invalid(
                _("%(house)s: the substitutes must be a list."), "§8.6", house=house["name"]
            )
        prepared["substitutes"] = [_substitute(entry, team["house"], roster) for entry in entries]
    return prepared


def _substitute(entry: object, house_id: int, roster: Roster) -> dict:
    """A character of the house who may come in by a substitution (§8.6)."""
    character = entry.get("character") if isinstance(entry, dict) else None
    sheet = _sheet(character, house_id, roster)
    return {"name": sheet["name"], "character": character}


def _sheet(character: object, house_id: int, roster: Roster) -> dict:
    sheet = roster.get(character) if isinstance(character, int) else None
    if sheet is None:
        raise invalid(
            _("There is no character %(character)s in this campaign."), "§2", character=character
        )
    if (sheet.get("house") or {}).get("id") != house_id:
        raise invalid(_("%(name)s does not play for this house."), "§2", name=sheet["name"])
    return sheet


def _player(entry: object, house_id: int, roster: Roster) -> dict:
    character = entry.get("character") if isinstance(entry, dict) else None
    sheet = _sheet(character, house_id, roster)
    position = entry.get("position") or sheet.get("position")
    if not position:
        raise invalid(_("%(name)s needs a position."), "§2", name=sheet["name"])
    player = {"position": position, "name": sheet["name"], "character": character}
    if "xp" in entry:
        player["xp"] = entry["xp"]
    return player
