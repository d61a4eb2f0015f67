"""How many complete Chat-Quidditch matches one core simulates per second.

Random legal players (``quidditch.chat.simulation``: the platform's random
bot) play whole matches on server dice (HMAC-SHA256 per die), the default
match settings and full teams. The
rate is CPU time of this process, so other load on the machine does not count.

    .venv/bin/python -m bench.chat_quidditch [matches] [repeats]

It runs the default settings, then the same matches with automatic releases
(``referee_releases: false``), as a match without a human referee would. Last,
matches of the sensible bot (``quidditch.chat.bots``) at every nick's seat and
the referee's, as the platform lets bots act (``games.bots.next_bot_move``, each
seat seeing its own view), and how they ended: by the snitch or the last round,
never by agreement (issue 28).

The CPU speed of a shared virtual machine drifts by a fifth from one second to
the next, so each setting plays its matches ``repeats`` times (3 by default)
and reports the best pass, which is the one least slowed by the machine, with
the median beside it.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from games.bots import REFEREE_SEAT, next_bot_move
from games.dice import ServerDice
from games.manifest import manifest_for, register_manifest
from quidditch.chat.manifest import MANIFEST
from quidditch.chat.simulation import play_match

register_manifest(MANIFEST)  # run without Django: the game's bots are its manifest's

GOAL = 500
ROSTER = ["keeper", "seeker", "chaser", "chaser", "chaser", "beater", "beater"]
XP = {2: 2, 0: 1, 5: 1}


def team(house: str) -> dict:
    players = [{"position": p, "name": f"{house} {i}"} for i, p in enumerate(ROSTER)]
    for index, player in enumerate(players):
        player["xp"] = XP.get(index, 0)
    return {"house": house, "players": players}


def play(matches: int, config: dict) -> tuple[float, int]:
    """Play ``matches`` matches; the CPU seconds they took and the dice they rolled."""
    rules = MANIFEST.rules
    dice_rolled = 0
    started = time.process_time()
    for seed in range(matches):
        dice = ServerDice(b"benchmark server seed, 32 bytes", f"bench-{seed}")
        play_match(rules, config, dice, random.Random(seed), record=False)
        dice_rolled += len(dice.rolls)
    return time.process_time() - started, dice_rolled


def rate(matches: int, repeats: int = 3, **settings: object) -> float:
    """Play ``matches`` matches ``repeats`` times; print how many one core completes per second."""
    config = {"teams": [team("Gryffindor"), team("Slytherin")], **settings}
    passes = [play(matches, config) for _ in range(repeats)]
    seconds = sorted(s for s, _ in passes)
    best, median = seconds[0], seconds[len(seconds) // 2]
    per_second = matches / best
    print(
        f"{settings or 'default settings'}: {matches} matches in {best:.2f} s CPU, "
        f"{per_second:.0f} matches/s (goal {GOAL}; best of {repeats}, median "
        f"{matches / median:.0f}), {passes[0][1] / matches:.0f} dice per match"
    )
    return per_second


def bots(matches: int) -> float:
    """Play ``matches`` matches of sensible bots; print how fast, and how they ended."""
    rules = MANIFEST.rules
    ended: Counter = Counter()
    started = time.process_time()
    for seed in range(matches):
        rng, now = random.Random(seed), 1_700_000_000.0
        dice = ServerDice(b"benchmark server seed, 32 bytes", f"bots-{seed}")
        state = rules.setup(manifest_for(rules).contract.example)
        seats = dict.fromkeys([*rules.seats(state), REFEREE_SEAT], "sensible")
        while (move := next_bot_move(rules, state, seats, rng, now=now)) is not None:
            now += 1.0
            state = rules.apply(state, move.command, actor=move.actor, dice=dice, now=now).state
        ended[state["ended_by"]] += 1
    seconds = time.process_time() - started
    print(
        f"sensible bots at every seat: {matches} matches in {seconds:.2f} s CPU, "
        f"{matches / seconds:.0f} matches/s; ended by {dict(ended)}"
    )
    return matches / seconds


def main(matches: int, repeats: int) -> None:
    rate(matches, repeats)
    # Simulated matches need no human referee to release the balls.
    rate(matches, repeats, referee_releases=False)
    bots(matches // 10)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 2000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 3,
    )
