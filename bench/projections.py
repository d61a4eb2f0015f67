"""Benchmark: a cup year's projections, the marks and 10,000 simulated seasons, on one core.

    .venv/bin/python -m bench.projections [seasons] [repeats]   # default 10,000 and 3

Goals (issue 33): 10,000 seasons of a 4-house year under 1 s; of a 20-house year of
380 games, half of them played, under 10 s. Each figure is this process's CPU time
(``time.process_time``, one core), the best of ``repeats`` runs with the median beside
it, for the whole of ``league.rules.projections.project``: the model fitted to the
played games, the exact marks, and the seasons. The 4-house year is timed half played
and before its first game (every game still to draw); the marks alone are timed too.
Pure Python, no database: the results are ``league.rules.sample`` results on fixed
server dice, so every run computes the same figures.
"""

from __future__ import annotations

import statistics
import sys
import time

from games.dice import ServerDice
from league.rules.bounds import ScoreBounds
from league.rules.clinch import marks
from league.rules.fixtures import cup_year, games
from league.rules.projections import project
from league.rules.sample import sample_results
from league.rules.simulation import CupYearNow
from league.rules.standings import standings

SEED = b"benchmark server seed, 32 bytes!"
CHAT_QUIDDITCH = ScoreBounds(10, 50, 100, most_goals=20, most_goals_with_snitch=19)
"""The bound the chat-quidditch ruleset states (docs/rules/league.md)."""


def a_year(houses: int, played: int):
    names = [f"House {chr(ord('A') + i)}" for i in range(houses)]
    plan = games(cup_year(names))
    results = sample_results(names, ServerDice(SEED, "bench"), played=played)
    now = CupYearNow(
        table=standings(names, results),
        remaining=tuple((fixture.home, fixture.away) for fixture in plan[played:]),
        house_points=dict.fromkeys(names, 0),
    )
    return now, results, len(plan)


def cpu(call, repeats: int) -> tuple[float, float]:
    """Best and median CPU seconds of ``call``."""
    timings = []
    for _ in range(repeats):
        started = time.process_time()
        call()
        timings.append(time.process_time() - started)
    return min(timings), statistics.median(timings)


def case(houses: int, played: int, seasons: int, repeats: int, goal: float | None) -> None:
    now, results, total = a_year(houses, played)
    best, median = cpu(
        lambda: project(now, results, CHAT_QUIDDITCH, seasons=seasons, seed=33), repeats
    )
    verdict = (
        "" if goal is None else f" (goal: under {goal:g} s: {'ok' if best < goal else 'TOO SLOW'})"
    )
    print(
        f"{houses} houses, {played} of {total} games played, {seasons:,} seasons: "
        f"best {best:.2f} s, median {median:.2f} s{verdict}"
    )
    best, median = cpu(lambda: marks(now.table, now.remaining, CHAT_QUIDDITCH), repeats)
    print(f"    the marks alone: best {best * 1000:.1f} ms, median {median * 1000:.1f} ms")


def main(seasons: int = 10_000, repeats: int = 3) -> None:
    case(4, 6, seasons, repeats, goal=1)
    case(4, 0, seasons, repeats, goal=None)
    case(20, 190, seasons, repeats, goal=10)


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:3]))
