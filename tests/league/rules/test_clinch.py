"""§8.1, §8.2: clinched and eliminated, as proofs over every result the remaining games
can have (league.rules.clinch), on constructed tables.

Points follow §7 (10 a goal, 50 the snitch, 100 the win); a Chat-Quidditch game gives
one side at most 340 points (19 goals and the catch) and at least nothing
(docs/rules/league.md derives the bound from the text).
"""

from __future__ import annotations

import itertools
import random

import pytest

from league.rules.bounds import ScoreBounds
from league.rules.clinch import (
    CLINCHED,
    CLINCHED_UNLESS_TIEBREAK,
    CUP_FINAL,
    DECIDER_OR_LOTS,
    ELIMINATED,
    FINALS,
    LOTS,
    OPEN,
    THIRD_PLACE_FINAL,
    TIEBREAK_ONLY,
    Mark,
    marks,
)
from league.rules.fixtures import cup_year, games
from league.rules.lots import Lot
from league.rules.results import GameResult, Side
from league.rules.standings import standings

from . import HOUSES, game

CHAT_QUIDDITCH = ScoreBounds(
    goal_points=10, snitch_points=50, win_bonus=100, most_goals=20, most_goals_with_snitch=19
)


def mark(table_marks, house, target=CUP_FINAL) -> Mark:
    return next(m for m in table_marks[house] if m.target == target)


CLINCHED_WITH_GAMES_TO_GO = [("R", "H"), ("S", "G")]
"""The games still to play after :func:`clinched_with_games_to_go`."""


def clinched_with_games_to_go():
    """G 1000, H 700, R 680, S 0, with R v H and S v G to play."""
    return standings(
        HOUSES,
        [
            *(game("G", other, 10, 0) for other in ("H", "H", "R", "R", "S")),  # 200 each
            game("H", "R", 3, 0),  # H 130
            game("H", "S", 19, 0, snitch="H"),  # H 340
            game("S", "H", 0, 13),  # H 230
            game("R", "S", 19, 0, snitch="R"),  # R 340
            game("S", "R", 0, 19, snitch="R"),  # R 340
        ],
    )


def test_8_2_a_house_in_the_cup_final_with_games_to_go_though_two_others_could_each_pass_it():
    """G (1000) loses its last game at worst and stays on 1000. H (700) and R (680) could
    each pass it, but only by winning their game against each other by 300 or more, and
    that game cannot give both: G is in the cup final with a game to go."""
    table = clinched_with_games_to_go()
    assert [(row.house, row.points) for row in table.rows] == [
        ("G", 1000),
        ("H", 700),
        ("R", 680),
        ("S", 0),
    ]
    found = marks(table, CLINCHED_WITH_GAMES_TO_GO, CHAT_QUIDDITCH)

    assert mark(found, "G") == Mark(CUP_FINAL, CLINCHED)
    assert mark(found, "G").sentence("Gryffindor") == (
        "Gryffindor are in the cup final whatever happens."
    )
    assert mark(found, "H").status == OPEN
    assert mark(found, "R").status == OPEN
    assert mark(found, "S") == Mark(CUP_FINAL, ELIMINATED)
    assert (
        mark(found, "S").sentence("Slytherin") == "Slytherin can no longer finish in the top two."
    )


def test_8_2_eliminated_though_its_points_can_still_reach_the_second_house_snitch_catches_decide():
    """S can take 340 points from its last game, exactly R's 340, and pass H; but S can
    end with at most one snitch catch and R has two: R stays ahead, G too, and S is out
    of the top two although its points can still reach R's."""
    played = [
        *(game("G", other, 10, 0) for other in ("H", "H", "R", "R", "S")),
        game("H", "R"),
        game("R", "H"),
        game("R", "S", 2, 0, snitch="R"),  # R 170, a catch
        game("S", "R", 0, 2, snitch="R"),  # R 170, a catch
        game("H", "S", 1, 0),  # H 110
        game("S", "H", 0, 1),  # H 110
    ]
    table = standings(HOUSES, played)
    points = {row.house: (row.points, row.snitch_catches) for row in table.rows}
    assert points == {"G": (1000, 0), "R": (340, 2), "H": (220, 0), "S": (0, 0)}
    found = marks(table, [("G", "S")], CHAT_QUIDDITCH)

    assert mark(found, "S") == Mark(CUP_FINAL, ELIMINATED)
    assert mark(found, "S", THIRD_PLACE_FINAL) == Mark(THIRD_PLACE_FINAL, CLINCHED)
    assert mark(found, "S", THIRD_PLACE_FINAL).sentence("Slytherin") == (
        "Slytherin play the third-place final whatever happens."
    )
    assert mark(found, "R") == Mark(CUP_FINAL, CLINCHED)
    assert mark(found, "H") == Mark(CUP_FINAL, ELIMINATED)


def lots_table():
    """H and R are done and level on 340 points, one catch, 20 goals conceded; S, with
    nothing yet and 20 goals conceded, can at best win its last game 19:0 with the catch:
    340 points, one catch, 20 conceded, level with both. G is far ahead."""
    played = [
        *(game("G", other, 10, 0) for other in ("H", "H", "R", "R")),
        game("G", "S", 2, 0),
        game("H", "R"),
        game("R", "H"),
        game("H", "S", 5, 0, snitch="H"),  # H 200
        game("S", "H", 0, 4),  # H 140
        game("R", "S", 5, 0, snitch="R"),
        game("S", "R", 0, 4),
    ]
    return standings(HOUSES, played)


def test_8_2_a_place_in_the_cup_final_that_only_lots_can_give():
    table = lots_table()
    keys = {row.house: (row.points, row.snitch_catches, row.goals_against) for row in table.rows}
    assert keys == {"G": (920, 0, 0), "H": (340, 1, 20), "R": (340, 1, 20), "S": (0, 0, 20)}
    found = marks(table, [("S", "G")], CHAT_QUIDDITCH)

    assert mark(found, "S") == Mark(CUP_FINAL, TIEBREAK_ONLY, LOTS)
    assert mark(found, "S").sentence("Slytherin") == (
        "Slytherin can still reach the cup final, but only by lots (§8.2)."
    )
    # H and R are level whatever happens: a decider between the two, or lots with S.
    assert mark(found, "H") == Mark(CUP_FINAL, TIEBREAK_ONLY, DECIDER_OR_LOTS)
    assert mark(found, "H").sentence("Hufflepuff") == (
        "Hufflepuff can still reach the cup final, but only through a decider or by lots (§8.2)."
    )
    assert mark(found, "G") == Mark(CUP_FINAL, CLINCHED)
    assert mark(found, "S", THIRD_PLACE_FINAL) == Mark(
        THIRD_PLACE_FINAL, CLINCHED_UNLESS_TIEBREAK, LOTS
    )
    assert mark(found, "S", THIRD_PLACE_FINAL).sentence("Slytherin") == (
        "Slytherin play the third-place final unless the lots go the other way (§8.2)."
    )


def test_8_2_once_the_halves_are_over_the_table_says_what_the_tiebreak_is_and_then_who_won_it():
    played = [
        *(game("G", other, 10, 0) for other in ("H", "H", "R", "R", "S", "S")),
        *(game(a, b) for a, b in (("H", "R"), ("R", "H"), ("H", "S"), ("S", "H"))),
        *(game(a, b) for a, b in (("R", "S"), ("S", "R"))),
    ]
    table = standings(HOUSES, played)
    assert table.lots_needed == (("H", "R", "S"),)
    found = marks(table, [], CHAT_QUIDDITCH)
    assert [mark(found, house) for house in "HRS"] == [Mark(CUP_FINAL, TIEBREAK_ONLY, LOTS)] * 3

    drawn = Lot(houses=("H", "R", "S"), order=("R", "S", "H"), rolls=())
    decided = marks(standings(HOUSES, played, lots=[drawn]), [], CHAT_QUIDDITCH)
    assert mark(decided, "R") == Mark(CUP_FINAL, CLINCHED)
    assert mark(decided, "S") == Mark(CUP_FINAL, ELIMINATED)
    assert mark(decided, "H", THIRD_PLACE_FINAL) == Mark(THIRD_PLACE_FINAL, CLINCHED)


def test_8_2_with_more_than_four_houses_a_final_at_all_is_the_top_four():
    houses = ("A", "B", "C", "D", "E", "F")
    played = [game(a, b) for a, b in itertools.combinations(houses, 2)]
    played += [game("A", other, 10, 0) for other in "BCDE"]
    played += [game("B", other, 10, 0) for other in "CDEF"]
    table = standings(houses, played)
    found = marks(table, [("F", "A")], CHAT_QUIDDITCH)
    assert [m.target for m in found["A"]] == [CUP_FINAL, FINALS, THIRD_PLACE_FINAL]
    assert mark(found, "A", FINALS) == Mark(FINALS, CLINCHED)
    assert mark(found, "F", FINALS).sentence("F") == ""  # F may still climb: open
    assert mark(found, "F", FINALS).status == OPEN
    assert mark(found, "C", FINALS).status == TIEBREAK_ONLY  # C, D, E level, done


def test_8_2_without_a_bound_on_the_score_nobody_is_out_while_they_have_a_game_to_play():
    """rpg-quidditch runs until the snitch is caught: any game can carry a house past any
    other, so S, far behind, can still reach the cup final, and G cannot be sure of it."""
    played = [game("G", other, 10, 0) for other in ("H", "R", "S")]
    unbounded = ScoreBounds(10, 150, 0, None, None)
    found = marks(standings(HOUSES, played), [("S", "R"), ("H", "G")], unbounded)
    assert mark(found, "S").status == OPEN
    assert mark(found, "G").status == OPEN


# -- The marks are proofs: against every result, the league's own table -------------------

SMALL = ScoreBounds(
    goal_points=10, snitch_points=50, win_bonus=100, most_goals=2, most_goals_with_snitch=1
)
"""A game with at most two goals, so that every result of three games can be tried."""


def every_table(houses, played, remaining, bounds):
    """The table of every result the remaining games can have, as standings() makes it."""
    outcomes = list(bounds.outcomes())
    for results in itertools.product(outcomes, repeat=len(remaining)):
        later = [
            GameResult(
                f"later-{i}",
                tuple(
                    Side(
                        house=house,
                        goals=result.goals[side],
                        goals_conceded=result.goals[1 - side],
                        snitch=result.catcher == side,
                        points=result.points[side],
                    )
                    for side, house in enumerate(pair)
                ),
                result.winner,
            )
            for i, (pair, result) in enumerate(zip(remaining, results, strict=True))
        ]
        yield standings(houses, [*played, *later])


def proven(counts, line):
    """The status the definitions give, from (ahead, ahead or level) in every table."""
    ahead = [a for a, _ in counts]
    ahead_or_level = [al for _, al in counts]
    if max(ahead_or_level) < line:
        return CLINCHED
    if min(ahead) >= line:
        return ELIMINATED
    if min(ahead_or_level) >= line:
        return TIEBREAK_ONLY
    if max(ahead) < line:
        return CLINCHED_UNLESS_TIEBREAK
    return OPEN


@pytest.mark.parametrize(
    ("houses", "left", "lines", "statuses"),
    [
        (HOUSES, 3, {CUP_FINAL: 2}, {CLINCHED, ELIMINATED, OPEN, TIEBREAK_ONLY}),
        (
            ("A", "B", "C", "D", "E"),
            2,
            {CUP_FINAL: 2, FINALS: 4},
            {CLINCHED, ELIMINATED, OPEN, TIEBREAK_ONLY, CLINCHED_UNLESS_TIEBREAK},
        ),
    ],
)
def test_8_2_every_mark_holds_in_the_table_of_every_result_the_remaining_games_can_have(
    houses, left, lines, statuses
):
    """On random tables of mostly goalless games (so that houses are often level), the
    marks agree with the league's own standings() over every result of the last games:
    clinched means in the top ``line`` in every table, out means in none, the tiebreak
    marks mean level across the line, and lots three or more level there."""
    rng = random.Random(0)
    plan = games(cup_year(list(houses)))
    scores = [(0, 0)] * 4 + [(1, 0), (0, 1), (1, 1)]
    seen = set()
    for _ in range(20):
        rng.shuffle(plan)
        played = [
            game(
                f.home,
                f.away,
                *rng.choice(scores),
                snitch=rng.choice([None] * 5 + [f.home, f.away]),
            )
            for f in plan[:-left]
        ]
        remaining = [(f.home, f.away) for f in plan[-left:]]
        found = marks(standings(houses, played), remaining, SMALL)
        counts = {house: [] for house in houses}
        for table in every_table(houses, played, remaining, SMALL):
            for row in table.rows:
                level = sum(1 for other in table.rows if other.place == row.place) - 1
                counts[row.house].append((row.place - 1, row.place - 1 + level))
        for house in houses:
            for target, line in lines.items():
                got = mark(found, house, target)
                assert got.status == proven(counts[house], line), (house, target)
                straddling = [al - a for a, al in counts[house] if a < line <= al]
                if got.tiebreak == LOTS:
                    assert min(straddling) >= 2, (house, target)
                seen.add(got.status)
    assert statuses <= seen, "the tables try every kind of mark"
