"""§8.2: the top two play for the cup, the next two for third place, and the final placing."""

from __future__ import annotations

import pytest

from games.dice import ScriptedDice
from games.ruleset import RuleViolation
from league.rules.finals import CUP_FINAL, THIRD_PLACE_FINAL, final_placing, finals
from league.rules.results import GameResult
from league.rules.standings import standings

from . import HOUSES, game, season


def settled_table():
    """R 120, G 110, H 0 (1 conceded), S 0 (2 conceded)."""
    return standings(HOUSES, season(game("G", "H", 1, 0), game("R", "S", 2, 0)))


def test_8_2_the_top_two_play_for_the_cup_the_others_for_third_place():
    planned = finals(settled_table())
    assert [final.to_json() for final in planned] == [
        {"key": CUP_FINAL, "teams": ["R", "G"], "places": [1, 2]},
        {"key": THIRD_PLACE_FINAL, "teams": ["H", "S"], "places": [3, 4]},
    ]


@pytest.mark.parametrize(
    "results",
    [
        season(game("G", "H", 1, 0))[:-1],
        season(game("G", "H", 0, 0, snitch="G")),
    ],
    ids=["a game still to play", "lots still to draw"],
)
def test_8_2_no_finals_while_places_2_and_3_are_open(results):
    with pytest.raises(RuleViolation) as refused:
        finals(standings(HOUSES, results))
    assert (refused.value.code, refused.value.rule) == ("finals_not_ready", "§8.2")


def test_8_2_finals_follow_once_the_lots_are_drawn():
    table = standings(HOUSES, season(game("G", "H", 0, 0, snitch="G")), dice=ScriptedDice([1, 1]))
    assert [final.teams for final in finals(table)] == [("G", "R"), ("S", "H")]


def test_8_2_the_winners_of_the_finals_take_places_1_and_3():
    results = {
        CUP_FINAL: game("R", "G", 1, 3, key=CUP_FINAL),
        THIRD_PLACE_FINAL: game("H", "S", 2, 0, key=THIRD_PLACE_FINAL),
    }
    placing = final_placing(settled_table(), results)
    assert placing.order == ("G", "R", "H", "S")
    assert placing.to_json()[0] == {"place": 1, "house": "G"}


def drawn(result: GameResult) -> GameResult:
    """The same result as a match without the final setting reports it: no winner."""
    return GameResult(result.game, result.sides, winner=None)


def test_8_2_a_final_drawn_at_the_end_goes_to_the_snitch_catcher():
    results = {
        CUP_FINAL: drawn(game("R", "G", 5, 0, snitch="G", key=CUP_FINAL)),
        THIRD_PLACE_FINAL: game("H", "S", 0, 1, key=THIRD_PLACE_FINAL),
    }
    assert final_placing(settled_table(), results).order == ("G", "R", "S", "H")


def test_8_2_a_final_drawn_without_a_snitch_catch_has_no_winner_yet():
    results = {
        CUP_FINAL: game("R", "G", 2, 2, key=CUP_FINAL),
        THIRD_PLACE_FINAL: game("H", "S", 0, 1, key=THIRD_PLACE_FINAL),
    }
    with pytest.raises(RuleViolation) as refused:
        final_placing(settled_table(), results)
    assert (refused.value.code, refused.value.rule) == ("final_drawn", "§8.2")


def test_8_2_the_placing_waits_for_both_finals():
    with pytest.raises(RuleViolation, match="third-place-final has no result"):
        final_placing(settled_table(), {CUP_FINAL: game("R", "G", 1, 0, key=CUP_FINAL)})


def test_8_2_a_final_between_other_teams_is_refused():
    results = {
        CUP_FINAL: game("R", "H", 1, 0, key=CUP_FINAL),
        THIRD_PLACE_FINAL: game("G", "S", 0, 1, key=THIRD_PLACE_FINAL),
    }
    with pytest.raises(ValueError, match="cup-final is R v G"):
        final_placing(settled_table(), results)


def test_8_2_three_houses_play_only_the_cup_final():
    houses = ("G", "H", "R")
    table = standings(houses, season(game("G", "H", 1, 0), game("R", "H", 2, 0), houses=houses))
    (final,) = finals(table)
    assert final.teams == ("R", "G")
    placing = final_placing(table, {CUP_FINAL: game("G", "R", 1, 0, key=CUP_FINAL)})
    assert placing.order == ("G", "R", "H")


def test_8_2_below_place_4_the_table_is_the_placing():
    houses = ("A", "B", "C", "D", "E")
    wins = (game(house, "E", goals, 0) for house, goals in zip("ABCD", (4, 3, 2, 1), strict=True))
    table = standings(houses, season(*wins, houses=houses))
    results = {
        CUP_FINAL: game("A", "B", 0, 1, key=CUP_FINAL),
        THIRD_PLACE_FINAL: game("C", "D", 0, 1, key=THIRD_PLACE_FINAL),
    }
    assert final_placing(table, results).order == ("B", "A", "D", "C", "E")
