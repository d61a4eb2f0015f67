"""Draco Dormiens quidditch's bots: how their matches end, and what a match costs.

Two pairings from the example config (every attribute alike, so only the
choices and the dice differ): the bot that plays to win (``sensible``) in every
seat and the referee's, as the conformance suite plays it; and ``sensible``
Gryffindor against ``random`` Slytherin. For each: how many matches end with
the snitch caught, how many turns they take, how often Gryffindor wins and
loses (the rest are draws), and
matches per CPU second (every roll a campaign check on server dice,
HMAC-SHA256 per die).

    .venv/bin/python -m bench.rpg_quidditch [matches]
"""

from __future__ import annotations

import random
import sys
import time

from games.bots import play_out
from games.dice import ServerDice
from games.manifest import manifest_for, register_manifest
from quidditch.rpg.manifest import MANIFEST

register_manifest(MANIFEST)  # run without Django: the game's bots are its manifest's

SEATS = ("beater1", "beater2", "seeker")
PAIRINGS = {
    "sensible v sensible": {
        **{f"{side}.{seat}": "sensible" for side in ("home", "away") for seat in SEATS},
        "referee": "sensible",
    },
    "sensible v random": {
        **{f"home.{seat}": "sensible" for seat in SEATS},
        **{f"away.{seat}": "random" for seat in SEATS},
        "referee": "random",
    },
}


def main(matches: int) -> None:
    rules = MANIFEST.rules
    for pairing, bots in PAIRINGS.items():
        caught = wins = losses = turns = longest = 0
        start = time.process_time()
        for seed in range(matches):
            rng = random.Random(seed)
            dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
            state = play_out(
                rules, rules.setup(manifest_for(rules).contract.example), bots, rng, dice
            )
            caught += state["caught_by"] is not None
            wins += state["winner"] == "home"
            losses += state["winner"] == "away"
            turns += state["turn"]
            longest = max(longest, state["turn"])
        seconds = time.process_time() - start
        print(
            f"{pairing}: {caught} of {matches} end with the snitch caught; "
            f"Gryffindor wins {wins} and loses {losses}; {turns / matches:.0f} turns on average, "
            f"{longest} at most; {matches / seconds:.0f} matches per CPU second"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000)
