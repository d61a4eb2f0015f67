"""§8.1: the first half, every house against every other once, and the second half swapped."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.ruleset import RuleViolation
from league.rules.fixtures import FIRST_HALF, SECOND_HALF, cup_year, games

from . import HOUSES


def test_8_1_four_houses_play_six_games_a_half():
    year = games(cup_year(HOUSES))
    assert Counter(game.half for game in year) == {FIRST_HALF: 6, SECOND_HALF: 6}


def test_8_1_twenty_houses_play_380_games():
    year = games(cup_year([f"House {i}" for i in range(20)]))
    assert len(year) == 380
    assert [game.number for game in year] == list(range(1, 381))


def test_8_1_the_four_houses_year_match_day_by_match_day():
    plan = [
        (day.half, day.number, [(g.home, g.away) for g in day.games]) for day in cup_year(HOUSES)
    ]
    assert plan == [
        (1, 1, [("G", "S"), ("H", "R")]),
        (1, 2, [("S", "H"), ("R", "G")]),
        (1, 3, [("R", "S"), ("G", "H")]),
        (2, 1, [("S", "G"), ("R", "H")]),
        (2, 2, [("H", "S"), ("G", "R")]),
        (2, 3, [("S", "R"), ("H", "G")]),
    ]


def test_8_1_an_odd_number_of_houses_gives_one_bye_a_match_day():
    days = cup_year(["G", "H", "R"])
    assert [day.bye for day in days] == ["G", "H", "R"] * 2
    assert all(len(day.games) == 1 for day in days)


@pytest.mark.parametrize("houses", [[], ["G"], ["G", "G", "H"]], ids=["none", "one", "twice"])
def test_8_1_a_cup_needs_two_different_houses(houses):
    with pytest.raises(RuleViolation) as refused:
        cup_year(houses)
    assert refused.value.rule == "§8.1"


def test_8_1_fixtures_serve_as_json():
    day = cup_year(HOUSES)[0]
    assert day.to_json()["games"][0] == {
        "key": "game-1",
        "number": 1,
        "half": 1,
        "match_day": 1,
        "home": "G",
        "away": "S",
    }


@given(st.integers(min_value=2, max_value=24))
def test_8_1_every_pair_meets_once_a_half_and_swaps_home_and_away(count):
    houses = [f"House {i}" for i in range(count)]
    days = cup_year(houses)
    year = games(days)
    first = [g for g in year if g.half == FIRST_HALF]
    second = [g for g in year if g.half == SECOND_HALF]
    assert len({frozenset((g.home, g.away)) for g in first}) == len(first)
    assert len(first) == count * (count - 1) // 2
    assert [(g.away, g.home, g.match_day) for g in second] == [
        (g.home, g.away, g.match_day) for g in first
    ]
    for day in days:
        playing = [h for g in day.games for h in (g.home, g.away)] + [day.bye] * (
            day.bye is not None
        )
        assert sorted(playing) == sorted(houses)


@given(st.integers(min_value=2, max_value=24))
def test_8_1_home_and_away_are_balanced_within_a_half(count):
    houses = [f"House {i}" for i in range(count)]
    first = [g for g in games(cup_year(houses)) if g.half == FIRST_HALF]
    home = Counter(g.home for g in first)
    per_house = [home[h] for h in houses]
    assert max(per_house) - min(per_house) <= 1
    runs = 0
    for house in houses:
        where = [g.home == house for g in first if house in (g.home, g.away)]
        runs += sum(a == b for a, b in pairwise(where))
    assert runs <= max(count - 2, 0)
