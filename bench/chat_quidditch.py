"""How many complete Chat-Quidditch matches one core simulates per second.

Random legal players (``quidditch.rules.bots``) play whole matches on server
dice (HMAC-SHA256 per die), the default match settings and full teams. The
rate is CPU time of this process, so other load on the machine does not count.

    .venv/bin/python -m bench.chat_quidditch [matches]
"""

from __future__ import annotations

import random
import sys
import time

from games.dice import ServerDice
from quidditch.rules import ChatQuidditch
from quidditch.rules.bots import play_match

GOAL = 500
ROSTER = ["keeper", "seeker", "chaser", "chaser", "chaser", "beater", "beater"]
XP = {2: 2, 0: 1, 5: 1}


def team(house: str) -> dict:
    players = [{"position": p, "name": f"{house} {i}"} for i, p in enumerate(ROSTER)]
    for index, player in enumerate(players):
        player["xp"] = XP.get(index, 0)
    return {"house": house, "players": players}


def main(matches: int = 2000) -> float:
    rules = ChatQuidditch()
    config = {"teams": [team("Gryffindor"), team("Slytherin")]}
    dice_rolled = 0
    started = time.process_time()
    for seed in range(matches):
        dice = ServerDice(b"benchmark server seed, 32 bytes", f"bench-{seed}")
        before = len(dice.rolls)
        play_match(rules, config, dice, random.Random(seed), record=False)
        dice_rolled += len(dice.rolls) - before
    seconds = time.process_time() - started
    rate = matches / seconds
    print(
        f"{matches} matches in {seconds:.2f} s CPU: {rate:.0f} matches/s "
        f"(goal {GOAL}); {dice_rolled / matches:.0f} dice per match"
    )
    return rate


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
