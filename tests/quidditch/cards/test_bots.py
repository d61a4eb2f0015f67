"""The bot that plays to win (issue 28): first among the card game's bots, and a match of
it against itself ends as the rules end it, "until someone catches the Golden Snitch"
(Winning the Game), never by agreement and never stuck (``bench/cards.py``: 1,000 seeds)."""

import random

import pytest

from games.bots import REFEREE_SEAT, play_out, strategies
from games.dice import ServerDice
from tests.quidditch.cards import MANIFEST, RULES, G, S

SEEDS = range(40)


def test_the_bot_that_plays_to_win_comes_first():
    assert next(iter(strategies(RULES))) == "simple"


@pytest.mark.parametrize("seed", SEEDS)
def test_simple_against_itself_ends_by_the_snitch_within_max_commands(seed):
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), f"bots-{seed}")
    commands = 0

    def count(before: dict, after: dict) -> None:
        nonlocal commands
        commands += 1

    bots = {S: "simple", G: "simple", REFEREE_SEAT: "simple"}
    state = play_out(RULES, RULES.setup({}), bots, rng, dice, step=count)
    assert state["over"] and commands < MANIFEST.playtest.max_commands
    caught = RULES.result(state)["snitch"]
    assert "P-snitch-1" in state["teams"][caught]["scoring"], "the Snitch ended it"


NARROW = {
    "team_deck": {"seeker12": 1, "keeper9": 2, "chaser8": 6, "beater3": 4, "seeker11": 1},
    "pitch_deck": {"snitch": 1, "goal": 2, "quaffle": 6, "bludger": 3},
}
"""Decks whose Chasers and Keepers tie or save every Quaffle: "If you both played cards of
the same value ... the Quaffle remains in play", and "Only one Quaffle may be in play"."""


@pytest.mark.parametrize("seed", range(10))
def test_simple_against_itself_lets_a_quaffle_that_would_tie_for_ever_pass_on(seed):
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), f"narrow-{seed}")
    bots = {S: "simple", G: "simple", REFEREE_SEAT: "simple"}
    state = play_out(RULES, RULES.setup(NARROW), bots, rng, dice)
    assert state["over"] and RULES.result(state)["snitch"] in (S, G)
