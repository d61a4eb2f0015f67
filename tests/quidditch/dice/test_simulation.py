"""Bot against bot, many games: no rule error, and the table's invariants at every step.

The invariants: a row never holds more than four dice (LE TERRAIN); every one of
the nine dice is on a row, set aside or in a hand; goal and snitch points never
go down; the game ends with a side at five snitch points (LA VICTOIRE).
``bench/dice_game.py`` plays 10,000 games the same way and reports games per second.
"""

import random

from games.bots import play_out
from games.dice import ServerDice
from quidditch.dice.rules.dice import ALL_DICE
from tests.quidditch.dice import RULES

GAMES = 300


def play(seed: int, bots: dict[str, str]) -> dict:
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), "simulation")
    state = play_out(RULES, RULES.setup({}), bots, rng, dice, step=check)
    assert state["over"], f"game {seed} did not end"
    return state


def check(before: dict, after: dict) -> None:
    if after["phase"] == "placing":
        assert all(len(row) <= 4 for row in after["rows"].values())
        on_rows = sorted(die for row in after["rows"].values() for die in row)
        placed = sorted(die for die, d in after["dice"].items() if d["row"] is not None)
        assert on_rows == placed
        assert set(after["dice"]) == set(ALL_DICE)
    for side, score in after["score"].items():
        assert score["goals"] >= before["score"][side]["goals"]
        assert score["snitch"] >= before["score"][side]["snitch"]


def test_sensible_against_random_games_end_without_a_rule_error():
    results = [play(seed, {"red": "sensible", "blue": "random"}) for seed in range(GAMES)]
    assert all(max(s["snitch"] for s in state["score"].values()) >= 5 for state in results)
    wins = sum(RULES.result(state)["winner"] == "red" for state in results)
    assert wins > GAMES * 0.6, f"the sensible bot won only {wins} of {GAMES}"
