"""How many complete games of the quidditch dice game one core plays per second, and how.

Two pairings on server dice (HMAC-SHA256 per die), every command through the
pure rules: the bot that plays to win (``sensible``) against itself, in both
seats and at the roll-off, as the platform's conformance suite plays it; and
against the random legal player. Each game must end by the rules' own ending,
a side catching the snitch at five snitch points (LA VICTOIRE), within the
ruleset's ``max_commands``. The rate is CPU time of this process, so other load
on the machine does not count.

    .venv/bin/python -m bench.dice_game [games]

10,000 games a pairing by default: the simulation issue 17 asks for, run here
rather than in the test suite (which plays 40 a pairing).
"""

from __future__ import annotations

import random
import sys
import time

from games.bots import play_out
from games.dice import ServerDice
from games.manifest import register_manifest
from quidditch.dice.manifest import MANIFEST

register_manifest(MANIFEST)  # run without Django: the game's bots are its manifest's

PAIRINGS = {
    "the bot against itself": {"red": "sensible", "blue": "sensible", "referee": "sensible"},
    "the bot (red) against random play": {"red": "sensible", "blue": "random"},
}


def main(games: int) -> None:
    rules = MANIFEST.rules
    for name, bots in PAIRINGS.items():
        caught = red_wins = 0
        start = time.process_time()
        for seed in range(games):
            rng = random.Random(seed)
            dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
            state = play_out(rules, rules.setup({}), bots, rng, dice)
            if state["over"] and max(s["snitch"] for s in state["score"].values()) >= 5:
                caught += 1
            red_wins += state["winner"] == "red"
        seconds = time.process_time() - start
        print(f"{name}: {games} games in {seconds:.1f} s of CPU, {games / seconds:.0f} a second")
        print(f"  ended by the catch: {caught / games:.1%}; red won {red_wins / games:.0%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
