"""1,000 matches between sensible and random teams: no rule error, and the match's invariants.

The teams are the demo campaign's shape (seven by position, attributes 3 to 6). At
every step no score goes down, no Health goes below zero or up, and each match ends
with the snitch caught. ``bench/rpg_quidditch.py`` reports matches per second.
"""

import random

from games.bots import play_out
from games.dice import ServerDice
from tests.quidditch.rpg import RULES

MATCHES = 1_000
POSITIONS = ["chaser"] * 3 + ["beater"] * 2 + ["keeper", "seeker"]
SENSIBLE_HOME = {"home.beater1": "sensible", "home.beater2": "sensible", "home.seeker": "sensible"}
RANDOM_AWAY = {"away.beater1": "random", "away.beater2": "random", "away.seeker": "random"}


def demo_team(house: str, rng: random.Random) -> dict:
    return {
        "house": house,
        "players": [
            {
                "name": f"{house} {n}",
                "position": position,
                "attributes": {
                    a: rng.randint(3, 6) for a in ("Strength", "Toughness", "Dexterity")
                },
                "health": rng.randint(3, 6),
            }
            for n, position in enumerate(POSITIONS)
        ],
    }


def check(before: dict, after: dict) -> None:
    for side in ("home", "away"):
        assert after["score"][side] >= before["score"][side]
    for key, player in after["players"].items():
        assert 0 <= player["health"] <= before["players"][key]["health"]


def test_a_thousand_matches_end_with_the_snitch_caught():
    for seed in range(MATCHES):
        rng = random.Random(seed)
        config = {"teams": [demo_team("Gryffindor", rng), demo_team("Slytherin", rng)]}
        dice = ServerDice(rng.randbytes(32), "simulation")
        bots = {**SENSIBLE_HOME, **RANDOM_AWAY}
        state = play_out(RULES, RULES.setup(config), bots, rng, dice, step=check)
        assert state["over"] and state["caught_by"] in ("home", "away"), f"match {seed}"
