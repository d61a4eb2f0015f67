"""How many complete Chat-Quidditch matches one core simulates per second.

Random legal players (``quidditch.rules.bots``) play whole matches on server
dice (HMAC-SHA256 per die), the default match settings and full teams. The
rate is CPU time of this process, so other load on the machine does not count.

    .venv/bin/python -m bench.chat_quidditch [matches]

It runs the default settings, then the same matches with automatic releases
(``referee_releases: false``), as a match without a human referee would.
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


def rate(matches: int, **settings: object) -> float:
    """Play ``matches`` matches and print how many one core completes per second."""
    rules = ChatQuidditch()
    config = {"teams": [team("Gryffindor"), team("Slytherin")], **settings}
    dice_rolled = 0
    started = time.process_time()
    for seed in range(matches):
        dice = ServerDice(b"benchmark server seed, 32 bytes", f"bench-{seed}")
        play_match(rules, config, dice, random.Random(seed), record=False)
        dice_rolled += len(dice.rolls)
    seconds = time.process_time() - started
    per_second = matches / seconds
    print(
        f"{settings or 'default settings'}: {matches} matches in {seconds:.2f} s CPU, "
        f"{per_second:.0f} matches/s (goal {GOAL}), {dice_rolled / matches:.0f} dice per match"
    )
    return per_second


def main(matches: int) -> None:
    rate(matches)
    # Simulated matches need no human referee to release the balls.
    rate(matches, referee_releases=False)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
