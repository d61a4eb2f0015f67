"""Random legal bots against each other, many complete matches: no rule error, and the
invariants at every step: nobody is ever off the pitch (a player is on a square of the
oval or out of the match), no two players share a square, every ball is on the pitch and
the quaffle's carrier stands where it is; scores never go down.

``bench/tabletop.py`` plays 500 matches the same way and prints what happened.
"""

import random

from games.bots import play_out
from games.dice import ServerDice
from quidditch.tabletop.rules.pitch import pitch_of
from tests.quidditch.tabletop import RULES

MATCHES = 30


def play(seed: int, bots: dict[str, str]) -> dict:
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), "simulation")
    state = play_out(RULES, RULES.setup({}), bots, rng, dice, step=check)
    assert state["over"], f"match {seed} did not end"
    return state


def check(before: dict, after: dict) -> None:
    pitch = pitch_of(**after["pitch"])
    squares = [tuple(p["square"]) for p in after["players"].values() if p["square"]]
    assert all(pitch.on_pitch(square) for square in squares), "a player left the pitch"
    assert len(squares) == len(set(squares)), "two players share a square"
    balls = [after["quaffle"]["square"], *(b["square"] for b in after["bludgers"])]
    if after["snitch"]["square"] is not None:
        balls.append(after["snitch"]["square"])
    assert all(pitch.on_pitch(tuple(ball)) for ball in balls), "a ball left the pitch"
    carrier = after["quaffle"]["carrier"]
    if carrier is not None:
        assert after["players"][carrier]["square"] == after["quaffle"]["square"]
    for side, score in after["score"].items():
        assert score >= before["score"][side]


def test_random_legal_matches_end_without_a_rule_error_and_nobody_leaves_the_pitch():
    ended = [
        play(seed, {"home": "random", "away": "random"})["ended_by"] for seed in range(MATCHES)
    ]
    assert set(ended) <= {"snitch", "concession", "no_seekers"}


def test_the_chaser_bot_against_random_scores_more_often():
    states = [play(seed, {"home": "chaser", "away": "random"}) for seed in range(10)]
    assert sum(s["goals"]["home"] for s in states) > sum(s["goals"]["away"] for s in states)
