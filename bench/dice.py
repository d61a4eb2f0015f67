"""Benchmark: server rolls per second, and the time to verify a 10,000-event log.

    .venv/bin/python bench/dice.py

Goals (one core): 100,000 server rolls/s or more; a 10,000-event log verified
in under 0.5 s. The log is built in memory with the minimal "tally" ruleset
(one d6 per command), so the figure is the verifier's own cost: the hash
chain, re-deriving every roll from the revealed seed, and the replay.
"""

from __future__ import annotations

import secrets
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.chain import event_body, event_hash
from games.dice import ServerDice, commitment
from games.ruleset import REFEREE, Actor, find_ruleset
from games.testing import Tally
from games.verification import GameRecord, verify

ROLLS = 200_000
EVENTS = 10_000


def rolls_per_second() -> float:
    dice = ServerDice(secrets.token_bytes(32), "bench")
    start = time.perf_counter()
    for _ in range(ROLLS):
        dice.roll(6, "bench")
    return ROLLS / (time.perf_counter() - start)


def build_log(events: int) -> tuple[GameRecord, list[dict]]:
    rules = find_ruleset(Tally.name)
    config = {"target": 10 * events}
    seed = secrets.token_bytes(32)
    dice = ServerDice(seed, "bench")
    actor = Actor(REFEREE)
    state = rules.setup(config)
    previous = commitment(seed)
    moment = datetime(2026, 11, 21, tzinfo=UTC)
    log = []
    for seq in range(1, events + 1):
        first_roll = len(dice.rolls)
        moment += timedelta(seconds=1)
        command = {"action": "roll"}
        outcome = rules.apply(state, command, actor=actor, dice=dice, now=moment.timestamp())
        state = outcome.state
        body = event_body(
            seq=seq,
            actor=actor.to_json(),
            submitted={"command": command},
            command=command,
            dice=[roll.to_json() for roll in dice.rolls[first_roll:]],
            events=outcome.events,
            created_at=moment,
        )
        previous = event_hash(previous, body)
        log.append({**body, "hash": previous})
    record = GameRecord(config, state, commitment(seed), "bench", seed.hex())
    return record, log


def main() -> None:
    print(f"server rolls: {rolls_per_second():,.0f}/s on one core (goal: 100,000/s)")
    record, log = build_log(EVENTS)
    rules = find_ruleset(Tally.name)
    timings = []
    for _ in range(5):
        start = time.perf_counter()
        report = verify(record, log, rules)
        timings.append(time.perf_counter() - start)
        assert report.ok, report.to_json()
    print(
        f"verify a {EVENTS:,}-event log: best {min(timings) * 1000:.0f} ms, "
        f"median {sorted(timings)[2] * 1000:.0f} ms (goal: under 500 ms)"
    )


if __name__ == "__main__":
    main()
