"""§8.1, §8.2, §8.3: the odds, seasons simulated by the league's rules from a fitted model
(league.rules.model, league.rules.simulation)."""

from __future__ import annotations

import math

import pytest

from league.rules.bounds import ScoreBounds
from league.rules.finals import CUP_FINAL, THIRD_PLACE_FINAL
from league.rules.fixtures import cup_year, games
from league.rules.lots import Lot
from league.rules.model import PRIOR_CAUGHT, PRIOR_GOALS, Model
from league.rules.simulation import CupYearNow, simulate
from league.rules.standings import standings

from . import HOUSES, game
from .test_clinch import CLINCHED_WITH_GAMES_TO_GO, clinched_with_games_to_go

CHAT_QUIDDITCH = ScoreBounds(10, 50, 100, 20, 19)
SEASONS = 2_000


def half_played():
    """The first half of a cup year played, the second to come."""
    plan = games(cup_year(list(HOUSES)))
    scores = iter([(3, 1, "G"), (0, 2, None), (1, 1, "R"), (4, 0, None), (2, 2, "S"), (0, 1, "H")])
    played = []
    for fixture in plan[:6]:
        home, away, catcher = next(scores)
        played.append(game(fixture.home, fixture.away, home, away, snitch=catcher))
    remaining = tuple((f.home, f.away) for f in plan[6:])
    return played, remaining


def odds_of(now, played=(), seed=1, seasons=SEASONS):
    return simulate(now, Model.fit(now.houses, played), CHAT_QUIDDITCH, seasons=seasons, seed=seed)


def test_8_2_the_chances_of_each_place_add_up_to_one_per_house_and_per_place():
    played, remaining = half_played()
    now = CupYearNow(standings(HOUSES, played), remaining, dict.fromkeys(HOUSES, 0))
    odds = odds_of(now, played)
    for chances in (
        [house.places for house in odds.houses],
        [house.house_points_places for house in odds.houses],
    ):
        for per_house in chances:
            assert math.isclose(sum(per_house), 1.0)
        for place in range(len(HOUSES)):
            assert math.isclose(sum(per_house[place] for per_house in chances), 1.0)
    assert all(0 < house.cup < 1 for house in odds.houses), "half a year to play: all open"


def test_8_2_a_house_in_the_cup_final_whatever_happens_is_there_in_every_season():
    table = clinched_with_games_to_go()
    now = CupYearNow(table, tuple(CLINCHED_WITH_GAMES_TO_GO), dict.fromkeys(HOUSES, 0))
    odds = odds_of(now)
    assert sum(odds.of("G").places[:2]) == 1.0, "clinched: 100%"
    assert sum(odds.of("S").places[:2]) == 0.0, "out of the top two: 0%"
    assert sum(odds.of("S").places[2:]) == 1.0


def test_the_same_seed_gives_the_same_odds_and_another_seed_other_draws():
    played, remaining = half_played()
    now = CupYearNow(standings(HOUSES, played), remaining, dict.fromkeys(HOUSES, 0))
    first, again, other = (odds_of(now, played, seed=seed) for seed in (7, 7, 8))
    assert first == again
    assert (first.seed, first.seasons) == (7, SEASONS)
    assert first.houses != other.houses


def test_8_2_a_settled_table_sends_its_houses_to_the_finals_and_lots_on_record_are_kept():
    """The halves are over with G, H, R level for place 2: the lot on record (R, G, H)
    decides, as it does in the standings, in every season."""
    played = [
        *(game("S", other, 0, 3) for other in ("G", "H", "R")),
        *(game(other, "S", 3, 0) for other in ("G", "H", "R")),
        *(game(a, b) for a, b in (("G", "H"), ("H", "G"), ("G", "R"), ("R", "G"))),
        *(game(a, b) for a, b in (("H", "R"), ("R", "H"))),
    ]
    drawn = Lot(houses=("G", "H", "R"), order=("R", "G", "H"), rolls=())
    table = standings(HOUSES, played, lots=[drawn])
    now = CupYearNow(table, (), dict.fromkeys(HOUSES, 0), lots=(drawn,))
    odds = odds_of(now, played)
    assert sum(odds.of("R").places[:2]) == 1.0
    assert sum(odds.of("G").places[:2]) == 1.0
    assert odds.of("H").places[2] + odds.of("H").places[3] == 1.0
    assert odds.of("S").places[3] + odds.of("S").places[2] == 1.0


def test_8_3_once_the_finals_are_played_the_race_adds_the_placing_to_the_ledger():
    """Finals on record decide the placing in every season; places 1 to 4 credit 1250,
    750, 500 and 250 on top of the house points the ledger holds (§8.3)."""
    played = [game(a, b, 1, 0) for a, b in zip("GGGHHR", "HRSRSS", strict=True)]
    played += [game(b, a, 0, 1) for a, b in zip("GGGHHR", "HRSRSS", strict=True)]
    table = standings(HOUSES, played)
    assert table.order == ("G", "H", "R", "S")
    finals = {
        CUP_FINAL: game("G", "H", 0, 1, key=CUP_FINAL),
        THIRD_PLACE_FINAL: game("R", "S", 2, 0, key=THIRD_PLACE_FINAL),
    }
    ledger = {"G": 3000, "H": 100, "R": 0, "S": 2000}
    now = CupYearNow(table, (), ledger, finals=finals)
    odds = odds_of(now, played)
    assert [odds.of(house).cup for house in HOUSES] == [0.0, 1.0, 0.0, 0.0]
    assert {house: odds.of(house).expected_house_points for house in HOUSES} == {
        "G": 3000 + 750,
        "H": 100 + 1250,
        "R": 0 + 500,
        "S": 2000 + 250,
    }
    assert [odds.of(house).house_points_first for house in HOUSES] == [1.0, 0.0, 0.0, 0.0]


def test_the_model_gives_a_house_without_games_the_league_average():
    played = [game("G", "H", 4, 0, snitch="G"), game("H", "G", 0, 2)]
    model = Model.fit(HOUSES, played)
    assert model.games == 2
    assert model.goals == pytest.approx((6 + 2 * PRIOR_GOALS) / (2 * (2 + 1)))
    assert model.caught == pytest.approx((1 + PRIOR_CAUGHT) / (2 + 1))
    assert (model.attack["R"], model.defence["R"]) == (1.0, 1.0)
    assert model.catches["R"] == pytest.approx(model.caught / 2)
    assert model.attack["G"] > 1 > model.attack["H"], "G scored, H did not"
    assert model.catches["G"] > model.catches["R"] > model.catches["H"]
    home, away = model.expected_goals("R", "S")
    assert home == away == pytest.approx(model.goals)


def test_the_model_draws_only_results_within_the_bound():
    model = Model.fit(HOUSES, [game("G", "H", 9, 8)])
    outcomes = model.outcomes("G", "H", CHAT_QUIDDITCH)
    assert math.isclose(sum(p for p, _ in outcomes), 1.0)
    for _, outcome in outcomes:
        assert sum(outcome.goals) <= (20 if outcome.catcher is None else 19)
