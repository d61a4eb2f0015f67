"""Matches of the quidditch card game, bot against bot, with every card accounted for.

Two series on server dice, every command through the pure rules:

1. the simple bot (the one that plays to win) against the random legal player,
   Slytherin and Gryffindor in turn: how often it wins;
2. the simple bot against itself on every seat and the referee's, as the
   platform's bot games are played (issue 28): every match must end as the rules
   end it, by the Snitch, within ``max_commands``.

After every command the cards are counted: hands + decks + discard piles +
scoring piles + the pitch deck, its discard pile, the balls and the cards on
them + the special cards on the table must be every card, each once. Reports
how the matches went and how fast they were played (CPU time of this process).

    .venv/bin/python -m bench.cards [matches]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from games.bots import REFEREE_SEAT, play_out
from games.dice import ServerDice
from games.manifest import register_manifest
from quidditch.cards.manifest import MANIFEST
from quidditch.cards.rules import CardQuidditch
from quidditch.cards.rules.decks import all_cards

register_manifest(MANIFEST)  # run without Django: the game's bots are its manifest's

SIMPLE_FIRST = {"slytherin": "simple", "gryffindor": "random"}
SIMPLE_SECOND = {"slytherin": "random", "gryffindor": "simple"}
SIMPLE_ALONE = {"slytherin": "simple", "gryffindor": "simple", REFEREE_SEAT: "simple"}


def play(rules: CardQuidditch, seed: int, bots: dict[str, str]) -> tuple[dict, int]:
    """One match to its end, counting the cards after every command; the end and the count."""
    rng = random.Random(seed)
    dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
    state = rules.setup({})
    cards, commands = all_cards(state), 0

    def count(before: dict, after: dict) -> None:
        nonlocal commands
        commands += 1
        if all_cards(after) != cards:
            raise SystemExit(f"match {seed}, command {commands}: a card is lost or doubled")

    state = play_out(rules, state, bots, rng, dice, step=count)
    return state, commands


def series(rules: CardQuidditch, matches: int, bots_of) -> tuple[list[dict], list[int], float]:
    """``matches`` matches, seed by seed: their ends, their lengths, the CPU seconds."""
    ends, lengths = [], []
    start = time.process_time()
    for seed in range(matches):
        state, commands = play(rules, seed, bots_of(seed))
        ends.append(state)
        lengths.append(commands)
    return ends, lengths, time.process_time() - start


def main(matches: int) -> None:
    rules = MANIFEST.rules

    def against_random(seed: int) -> dict[str, str]:
        return SIMPLE_FIRST if seed % 2 == 0 else SIMPLE_SECOND

    ends, lengths, seconds = series(rules, matches, against_random)
    if not all(state["over"] for state in ends):
        raise SystemExit("a match against the random player did not end")
    wins = sum(
        state["winner"] == ("slytherin" if seed % 2 == 0 else "gryffindor")
        for seed, state in enumerate(ends)
    )
    print(f"simple v random: {matches} matches without a rule error, every card accounted for")
    print(f"  rounds a match: median {statistics.median(s['round'] for s in ends)}")
    print(f"  commands a match: median {statistics.median(lengths)}, most {max(lengths)}")
    print(f"  the simple bot won {wins / matches:.0%} against the random player")
    print(f"  {seconds:.1f} s of CPU, {matches / seconds:.0f} matches per CPU second")

    ends, lengths, seconds = series(rules, matches, lambda seed: SIMPLE_ALONE)
    by_snitch = sum(state["over"] and rules.result(state)["snitch"] is not None for state in ends)
    print(f"simple v simple: {by_snitch} of {matches} matches ended by the Snitch")
    print(f"  commands a match: median {statistics.median(lengths)}, most {max(lengths)}")
    print(f"  {seconds:.1f} s of CPU, {seconds / matches * 200:.1f} s for 200 matches")
    if by_snitch < matches:
        raise SystemExit("a match of the simple bot against itself did not end by the Snitch")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000)
