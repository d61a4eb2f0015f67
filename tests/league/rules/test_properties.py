"""Invariants of the cup rules over many years: §8.1 standings and §8.2 lots."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.dice import ScriptedDice, ServerDice
from league.rules.fixtures import cup_year, games
from league.rules.lots import draw_lots
from league.rules.sample import sample_results
from league.rules.standings import SHARED_PLACE, standings

from . import fraud, game

SCORES = st.tuples(st.integers(0, 6), st.integers(0, 6), st.sampled_from([None, 0, 1]))


@st.composite
def years(draw):
    """Houses, the results of some of their games, and frauds in some of those games."""
    houses = [f"House {i}" for i in range(draw(st.integers(2, 7)))]
    fixtures = games(cup_year(houses))
    played = fixtures[: draw(st.integers(0, len(fixtures)))]
    results = []
    for fixture in played:
        home_goals, away_goals, catcher = draw(SCORES)
        snitch = None if catcher is None else (fixture.home, fixture.away)[catcher]
        results.append(
            game(fixture.home, fixture.away, home_goals, away_goals, snitch=snitch, key=fixture.key)
        )
    cheats = draw(st.lists(st.sampled_from(results), max_size=3)) if results else []
    frauds = [fraud(game=r.game, house=r.houses[0], key=str(i)) for i, r in enumerate(cheats)]
    return houses, results, frauds


@given(years(), st.lists(st.integers(1, 2), min_size=6, max_size=6))
def test_8_1_the_table_holds_every_house_once_and_every_point_and_game(year, faces):
    houses, results, frauds = year
    dice = ScriptedDice(faces)
    table = standings(houses, results, frauds=frauds, dice=dice)
    assert sorted(table.order) == sorted(houses)
    assert sum(row.points for row in table.rows) == (
        sum(side.points for r in results for side in r.sides) - 100 * len(frauds)
    )
    assert sum(row.played for row in table.rows) == 2 * len(results)
    assert sum(row.won for row in table.rows) == sum(row.lost for row in table.rows)
    assert sum(row.goals_for for row in table.rows) == sum(row.goals_against for row in table.rows)
    places = [row.place for row in table.rows]
    assert places[0] == 1
    for index, row in enumerate(table.rows[1:], start=1):
        above = table.rows[index - 1]
        assert above.points >= row.points
        assert row.place == (above.place if above.reason in SHARED_PLACE else index + 1)
    assert table.rows[-1].reason is None


@given(years())
def test_8_2_recomputing_with_the_stored_lots_gives_the_same_table(year):
    houses, results, frauds = year
    drawn = standings(houses, results, frauds=frauds, dice=ServerDice(b"s" * 32, "lots"))
    again = standings(houses, results, frauds=frauds, lots=drawn.lots, dice=ScriptedDice([]))
    assert again == drawn


@given(st.lists(st.text(min_size=1), min_size=2, max_size=8, unique=True), st.binary(min_size=1))
def test_8_2_a_draw_orders_every_level_house_and_replays_from_its_rolls(houses, seed):
    lot = draw_lots(houses, ServerDice(seed, "lots"))
    assert sorted(lot.order) == sorted(houses)
    assert lot.replay() == lot.order
    assert type(lot).from_json(lot.to_json()) == lot


def test_8_1_a_sample_year_plays_every_fixture_once():
    houses = [f"House {i}" for i in range(6)]
    results = sample_results(houses, ServerDice(b"s" * 32, "sample"))
    assert [r.game for r in results] == [g.key for g in games(cup_year(houses))]
    assert Counter(h for r in results for h in r.houses) == dict.fromkeys(houses, 10)
    assert len(sample_results(houses, ServerDice(b"s" * 32, "sample"), played=7)) == 7


def test_8_1_a_year_of_20_houses_and_380_games_makes_a_table_of_20_rows_of_38_games():
    """How fast it is made is bench/standings.py's to say (under 100 ms), not a test's."""
    houses = [f"House {i}" for i in range(20)]
    results = sample_results(houses, ServerDice(b"s" * 32, "benchmark"))
    assert len(results) == 380
    table = standings(houses, results, dice=ServerDice(b"s" * 32, "lots"))
    assert [row.played for row in table.rows] == [38] * 20
