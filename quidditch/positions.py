"""The four positions of every quidditch game, the vocabulary the games and the league share.

Pure; each game's package says how many of each a team fields.
"""

KEEPER, SEEKER, CHASER, BEATER = "keeper", "seeker", "chaser", "beater"
ORDER = (KEEPER, SEEKER, CHASER, BEATER)
"""The positions as a team sheet lists them, and as open places are filled."""


def house_teams(roster: dict, places: dict[str, int], *, complete: bool = False) -> list | None:
    """Two teams of a campaign's characters, as a team ruleset's ``prepare`` reads them:
    each a house by id and its characters by id, each in a position.

    ``places`` says how many of each position a team fields. A character plays the
    position their sheet names while there is a place for it, else a place still
    open; a character of no Health left stays out. The two houses that fill the
    most places play, and only if each fields a keeper and a seeker (every team
    needs them), and all of ``places`` where the rules want ``complete`` teams.
    ``None`` when two such houses cannot be found.
    """
    houses: dict[int, list[tuple[int, dict]]] = {}
    for character, sheet in sorted(roster.items(), key=lambda item: item[1]["name"]):
        if sheet.get("house") and sheet.get("health", 1) > 0:
            houses.setdefault(sheet["house"]["id"], []).append((character, sheet))
    teams = []
    for house, characters in houses.items():
        open_places = dict(places)
        placed: list[tuple[int, str]] = []
        unplaced = []
        for character, sheet in characters:
            position = sheet.get("position")
            if open_places.get(position, 0) > 0:
                open_places[position] -= 1
                placed.append((character, position))
            else:
                unplaced.append(character)
        for character in unplaced:
            position = next(
                (p for p in (KEEPER, SEEKER, CHASER, BEATER) if open_places.get(p)), None
            )
            if position is None:
                break
            open_places[position] -= 1
            placed.append((character, position))
        fielded = {position for _, position in placed}
        if {KEEPER, SEEKER} <= fielded and not (complete and any(open_places.values())):
            teams.append((len(placed), house, placed))
    if len(teams) < 2:
        return None
    best = sorted(teams, key=lambda team: (-team[0], team[1]))[:2]
    return [
        {
            "house": house,
            "players": [
                {"character": c, "position": position}
                for c, position in sorted(placed, key=lambda player: ORDER.index(player[1]))
            ],
        }
        for _, house, placed in sorted(best, key=lambda team: team[1])
    ]
