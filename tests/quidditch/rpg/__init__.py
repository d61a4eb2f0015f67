"""Tests of Draco Dormiens' optional quidditch rules, and the driver they share.

Every player has Strength 5, every keeper Toughness 4 and Dexterity 5, every
seeker Dexterity 5, with a d20 and the defended base of 10: a chaser shoots
against 10 + 4 + 5 = 19, a beater against 10 + 4 = 14. A roll keeps the
higher of two dice and adds the attribute.

A turn's dice come in a fixed order: the home chasers 1-3, the away chasers
1-3 (two dice each), then the home beaters 1-2 and the away beaters 1-2 (two
each), then each penalty shot (two), then at a snitch turn the home seeker
and the away seeker (two each).
"""

from __future__ import annotations

from games.ruleset import Actor
from quidditch.rpg.rules import RpgQuidditch
from tests.support import apply_scripted

RULES = RpgQuidditch()
REFEREE = Actor("referee")
MISS = (1, 1)  # a total of 6: fails every roll here


def team(house: str) -> dict:
    positions = ["chaser"] * 3 + ["beater"] * 2 + ["keeper", "seeker"]
    return {
        "house": house,
        "players": [
            {
                "name": f"{house[0]}{position[0].upper()}{n}",
                "position": position,
                "attributes": {"Strength": 5, "Toughness": 4, "Dexterity": 5},
            }
            for n, position in enumerate(positions, start=1)
        ],
    }


class Match:
    def __init__(self, **settings) -> None:
        self.state = RULES.setup({"teams": [team("Gryffindor"), team("Slytherin")], **settings})
        self.events: list[dict] = []

    def turn(self, targets: dict[str, str], *faces: int, seekers=None, blind=False) -> list:
        """Everyone chooses (the beaters ``targets``, the seekers ``seekers``); the last
        choice rolls the turn with ``faces``. ``blind``: the referee misses every foul."""
        events = []
        if blind:
            events += self.do({"action": "distract_referee"})
        choices = [{"action": "aim", "player": k, "target": t} for k, t in targets.items()]
        choices += [{"action": "seek", "player": k, "play": p} for k, p in (seekers or {}).items()]
        for command in choices[:-1]:
            events += self.do(command)
        events += self.do(choices[-1], *faces)
        return events

    def do(self, command: dict, *faces: int) -> list[dict]:
        outcome = apply_scripted(RULES, self.state, command, REFEREE, faces)
        self.state = outcome.state
        self.events += outcome.events
        return outcome.events


def flat(*pairs) -> list[int]:
    return [face for pair in pairs for face in pair]


AT_KEEPERS = {
    "home.beater1": "away.keeper",
    "home.beater2": "away.keeper",
    "away.beater1": "home.keeper",
    "away.beater2": "home.keeper",
}
