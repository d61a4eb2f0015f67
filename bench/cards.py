"""1,000 matches of the quidditch card game, bot against bot, with every card accounted for.

The simple bot plays Slytherin against the random legal player (and the other
way round for half the matches) on server dice, every command through the
pure rules. After every command the cards are counted: hands + decks +
discard piles + scoring piles + the pitch deck, its discard pile, the balls
and the cards on them + the special cards on the table must be every card,
each once. Reports how the matches went and how fast they were played (CPU
time of this process).

    .venv/bin/python -m bench.cards [matches]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from games.bots import play_out
from games.dice import ServerDice
from quidditch.cards.rules import CardQuidditch
from quidditch.cards.rules.decks import all_cards

SIMPLE_FIRST = {"slytherin": "simple", "gryffindor": "random"}
SIMPLE_SECOND = {"slytherin": "random", "gryffindor": "simple"}


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
    if not state["over"]:
        raise SystemExit(f"match {seed} did not end")
    return state, commands


def main(matches: int) -> None:
    rules = CardQuidditch()
    simple_wins, rounds, commands = 0, [], []
    start = time.process_time()
    for seed in range(matches):
        bots = SIMPLE_FIRST if seed % 2 == 0 else SIMPLE_SECOND
        state, played = play(rules, seed, bots)
        simple = next(seat for seat, bot in bots.items() if bot == "simple")
        simple_wins += state["winner"] == simple
        rounds.append(state["round"])
        commands.append(played)
    seconds = time.process_time() - start
    print(f"{matches} matches without a rule error, every card accounted for at every command")
    print(f"rounds a match: median {statistics.median(rounds)}, most {max(rounds)}")
    print(f"commands a match: median {statistics.median(commands)}, most {max(commands)}")
    print(f"the simple bot won {simple_wins / matches:.0%} against the random player")
    print(f"{seconds:.1f} s of CPU, {matches / seconds:.0f} matches per CPU second")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000)
