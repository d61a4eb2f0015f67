"""How many Draco Dormiens quidditch matches one core plays per second.

Sensible bots hold one team's beaters and seeker, random ones the other's;
every roll is a campaign check on server dice (HMAC-SHA256 per die). The rate
is CPU time of this process.

    .venv/bin/python -m bench.rpg_quidditch [matches]
"""

from __future__ import annotations

import random
import sys
import time

from games.bots import play_out
from games.dice import ServerDice
from quidditch.rpg.rules import RpgQuidditch

BOTS = {
    **{f"home.{seat}": "sensible" for seat in ("beater1", "beater2", "seeker")},
    **{f"away.{seat}": "random" for seat in ("beater1", "beater2", "seeker")},
}


def main(matches: int) -> None:
    rules = RpgQuidditch()
    turns = 0
    start = time.process_time()
    for seed in range(matches):
        rng = random.Random(seed)
        dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
        state = play_out(rules, rules.setup(rules.example_config), BOTS, rng, dice)
        if not state["over"]:
            raise SystemExit(f"match {seed} did not end")
        turns += state["turn"]
    seconds = time.process_time() - start
    print(f"{matches} matches ({turns / matches:.0f} turns on average) in {seconds:.1f} s of CPU")
    print(f"{matches / seconds:.0f} matches per CPU second")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000)
