"""How many complete games of the quidditch dice game one core plays per second.

The sensible bot plays red against the random legal player on server dice
(HMAC-SHA256 per die), every command through the pure rules, and each game is
checked to end with a side at five snitch points. The rate is CPU time of
this process, so other load on the machine does not count.

    .venv/bin/python -m bench.dice_game [games]

10,000 games by default: the simulation issue 17 asks for, run here rather
than in the test suite (which plays 300).
"""

from __future__ import annotations

import random
import sys
import time

from games.bots import play_out
from games.dice import ServerDice
from quidditch.dice.rules import DiceQuidditch

BOTS = {"red": "sensible", "blue": "random"}


def main(games: int) -> None:
    rules = DiceQuidditch()
    wins = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
        state = play_out(rules, rules.setup({}), BOTS, rng, dice)
        if not state["over"]:
            raise SystemExit(f"game {seed} did not end")
        wins += state["winner"] == "red"
    seconds = time.process_time() - start
    print(f"{games} games without a rule error in {seconds:.1f} s of CPU")
    print(f"{games / seconds:.0f} games per CPU second; the sensible bot won {wins / games:.0%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
