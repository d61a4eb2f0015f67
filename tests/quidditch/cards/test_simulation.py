"""Bot against bot, many matches: no rule error, and the table's invariants at every step.

The invariants: every card is accounted for (hands + decks + discard piles +
scoring piles + the pitch deck, its discard pile, the balls and the cards on
them + special cards on the table = all cards, each once); no hand holds more
than seven; at most one Quaffle, two Bludgers and one Snitch are in play
(NOTE under Pitch Again); scoring piles never shrink; every match ends with
the Snitch caught. ``bench/cards.py`` plays 1,000 matches the same way.
"""

import random
from collections import Counter

import pytest

from games.bots import play_out
from games.dice import ServerDice
from quidditch.cards.rules.cards import face_of
from tests.quidditch.cards import RULES, G, S, all_cards

MATCHES = 60


def play(seed: int, bots: dict[str, str]) -> dict:
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), "simulation")
    start = RULES.setup({})
    every_card = all_cards(start)
    steps = []

    def check(before: dict, after: dict) -> None:
        assert all_cards(after) == every_card
        assert all(len(piles["hand"]) <= 7 for piles in after["teams"].values())
        balls = Counter(face_of(ball) for ball in after["pitch"]["in_play"])
        assert balls["quaffle"] <= 1 and balls["bludger"] <= 2 and balls["snitch"] <= 1
        for team, piles in after["teams"].items():
            assert len(piles["scoring"]) >= len(before["teams"][team]["scoring"])
        steps.append(1)

    state = play_out(RULES, start, bots, rng, dice, step=check)
    assert state["over"], f"match {seed} did not end"
    assert RULES.result(state)["snitch"] in (S, G)
    return state


@pytest.mark.parametrize(
    "bots",
    [{S: "simple", G: "random"}, {S: "random", G: "simple"}, {S: "simple", G: "simple"}],
    ids=["simple-random", "random-simple", "simple-simple"],
)
def test_matches_end_without_a_rule_error_and_every_card_is_accounted_for(bots):
    for seed in range(MATCHES // 3):
        play(seed, bots)


def test_the_simple_bot_beats_the_random_player_most_of_the_time():
    results = [play(seed, {S: "simple", G: "random"}) for seed in range(MATCHES)]
    wins = sum(RULES.result(state)["winner"] == S for state in results)
    assert wins > MATCHES * 0.6, f"the simple bot won only {wins} of {MATCHES}"
