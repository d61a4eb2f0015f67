"""Complete matches of Table Top Quidditch between bots, with figures.

Every command is one ``allowed_commands`` offered, resolved by the pure rules on
server dice (HMAC-SHA256 per die); after every command the simulation checks that
nobody is off the pitch (each player on a square of the oval or out of the
match), no two players share a square and every ball is on the pitch. It
prints how the matches ended (issue 28 asks that the bot that plays to win end
99% of them by the rules' own ending, the snitch), how long they were, and the
rate in CPU time of this process.

    .venv/bin/python -m bench.tabletop [matches] [home bot] [away bot]

200 matches of ``chaser`` against ``chaser`` by default (the platform's figure);
``500 random random`` is the simulation of issue 15 (random players end a match
mostly by a concession, a rare action for them).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from games.bots import REFEREE_SEAT, play_out
from games.dice import ServerDice
from games.manifest import manifest_for, register_manifest
from quidditch.tabletop.manifest import MANIFEST
from quidditch.tabletop.rules.pitch import pitch_of

register_manifest(MANIFEST)  # run without Django: the game's bots are its manifest's

BY_THE_RULES = ("snitch", "no_seekers")


def check(before: dict, after: dict) -> None:
    pitch = pitch_of(**after["pitch"])
    squares = [tuple(p["square"]) for p in after["players"].values() if p["square"]]
    if not all(pitch.on_pitch(square) for square in squares):
        raise AssertionError("a player is off the pitch")
    if len(squares) != len(set(squares)):
        raise AssertionError("two players share a square")
    balls = [after["quaffle"]["square"], *(b["square"] for b in after["bludgers"])]
    balls += [after["snitch"]["square"]] if after["snitch"]["square"] else []
    if not all(pitch.on_pitch(tuple(ball)) for ball in balls):
        raise AssertionError("a ball is off the pitch")


def main(matches: int, home: str, away: str) -> None:
    rules = MANIFEST.rules
    bots = {"home": home, "away": away, REFEREE_SEAT: home}
    ended, commands, phases, goals = Counter(), [], [], Counter()
    start = time.process_time()
    for seed in range(matches):
        rng = random.Random(seed)
        dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
        played = []

        def step(before, after, played=played):
            check(before, after)
            played.append(after)

        state = play_out(rules, rules.setup({}), bots, rng, dice, step=step)
        ended[state["ended_by"] if state["over"] else "no end"] += 1
        commands.append(len(played))
        phases.append(state["phase"]["number"])
        goals.update(state["goals"])
    seconds = time.process_time() - start
    commands.sort()
    phases.sort()
    by_rules = sum(ended[how] for how in BY_THE_RULES)
    print(f"{matches} matches ({home} v {away}) without a rule error, nobody off the pitch")
    print(f"ended by: {dict(ended)}; by the rules' own ending: {by_rules / matches:.1%}")
    print(
        f"commands a match: median {commands[len(commands) // 2]}, "
        f"99th percentile {commands[int(len(commands) * 0.99)]}, longest {commands[-1]} "
        f"(the limit is {manifest_for(rules).playtest.max_commands}); "
        f"phases: median {phases[len(phases) // 2]}, "
        f"longest {phases[-1]}; goals: {dict(goals)}"
    )
    print(f"{seconds:.1f} s of CPU, {matches / seconds:.1f} matches per CPU second")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        int(arguments[0]) if arguments else 200,
        arguments[1] if len(arguments) > 1 else "chaser",
        arguments[2] if len(arguments) > 2 else "chaser",
    )
