"""500 complete matches of Table Top Quidditch between random legal bots, with figures.

Every command is one ``allowed_commands`` offered, resolved by the pure rules on
server dice (HMAC-SHA256 per die); after every command the simulation checks that
nobody is off the pitch (each player on a square of the oval or out of the
match), no two players share a square and every ball is on the pitch. It
prints how the matches ended and what happened in them, and the rate in CPU
time of this process.

    .venv/bin/python -m bench.tabletop [matches] [home bot] [away bot]

500 matches of ``random`` against ``random`` by default: the simulation issue 15
asks for, run here rather than in the test suite (which plays 30).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from games.bots import play_out
from games.dice import ServerDice
from quidditch.tabletop.rules.pitch import pitch_of
from quidditch.tabletop.rules.ruleset import TabletopQuidditch


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
    rules = TabletopQuidditch()
    ended, happened, commands, goals = Counter(), Counter(), [], Counter()
    start = time.process_time()
    for seed in range(matches):
        rng = random.Random(seed)
        dice = ServerDice(rng.randbytes(32), f"bench-{seed}")
        seen = []

        def step(before, after, seen=seen):
            check(before, after)
            seen.append(after)

        state = play_out(rules, rules.setup({}), {"home": home, "away": away}, rng, dice, step=step)
        if not state["over"]:
            raise SystemExit(f"match {seed} did not end")
        ended[state["ended_by"]] += 1
        commands.append(len(seen))
        goals.update(state["goals"])
        happened.update(
            phase_end
            for before, after in zip([rules.setup({}), *seen], seen, strict=False)
            if (phase_end := _phase_ended(before, after))
        )
    seconds = time.process_time() - start
    commands.sort()
    print(f"{matches} matches ({home} v {away}) without a rule error, nobody off the pitch")
    print(f"ended by: {dict(ended)}")
    print(
        f"commands a match: median {commands[len(commands) // 2]}, "
        f"longest {commands[-1]}; goals: {dict(goals)}"
    )
    print(f"phases ended by: {dict(happened.most_common())}")
    print(f"{seconds:.1f} s of CPU, {matches / seconds:.1f} matches per CPU second")


def _phase_ended(before: dict, after: dict) -> str | None:
    phase = after["phase"]
    if phase and phase["ending"] and not (before["phase"] or {}).get("ending"):
        return phase["ending"]
    return None


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        int(arguments[0]) if arguments else 500,
        arguments[1] if len(arguments) > 1 else "random",
        arguments[2] if len(arguments) > 2 else "random",
    )
