"""§8.1 and §8.2: the cup table, its tiebreaks and why each place is where it is."""

from __future__ import annotations

import pytest

from games.dice import DiceError, ScriptedDice
from league.rules.standings import standings

from . import HOUSES, fraud, game, season


def table(results, **kwargs):
    return standings(HOUSES, results, **kwargs)


def places(result):
    return [(row.place, row.house, row.reason) for row in result.rows]


def test_8_1_a_row_counts_played_won_drawn_lost_points_goals_and_snitch_catches():
    results = season(game("G", "H", 3, 1, snitch="G"), game("H", "G", 2, 2), game("R", "G", 1, 0))
    row = next(r for r in table(results).rows if r.house == "G")
    assert (row.played, row.won, row.drawn, row.lost) == (6, 1, 4, 1)
    assert row.points == 30 + 50 + 100 + 20
    assert (row.goals_for, row.goals_against, row.snitch_catches) == (5, 4, 1)
    assert row.points_deducted == 0


# Each case isolates one criterion; the comment gives the points (snitch catches, goals conceded).
TIEBREAKS = [
    pytest.param(
        # R 120 (0, 0), G 110 (0, 0), H 0 (0, 1), S 0 (0, 2)
        [game("G", "H", 1, 0), game("R", "S", 2, 0)],
        [(1, "R", "points"), (2, "G", "points"), (3, "H", "goals_conceded"), (4, "S", None)],
        id="points, and fewer goals conceded between places 3 and 4",
    ),
    pytest.param(
        # G 190, H 150 (1 snitch), R 150 (0), S 0
        [game("G", "S", 9, 0), game("H", "S", 0, 0, snitch="H"), game("R", "S", 5, 0)],
        [(1, "G", "points"), (2, "H", "snitch_catches"), (3, "R", "points"), (4, "S", None)],
        id="snitch catches between places 2 and 3",
    ),
    pytest.param(
        # G 190, H 160 (0, 0 conceded), R 160 (0, 1 conceded), S 10
        [game("G", "S", 9, 0), game("H", "S", 6, 0), game("R", "S", 6, 1)],
        [(1, "G", "points"), (2, "H", "goals_conceded"), (3, "R", "points"), (4, "S", None)],
        id="fewer goals conceded between places 2 and 3",
    ),
    pytest.param(
        # G 300 (2), H 150 (1, 5 conceded), R 150 (0, 0), S 150 (0, 5)
        [
            game("G", "H", 0, 0, snitch="G"),
            game("G", "S", 0, 0, snitch="G"),
            game("H", "R", 0, 0, snitch="H"),
            game("R", "S", 5, 0),
            game("S", "H", 5, 0),
        ],
        [
            (1, "G", "points"),
            (2, "H", "snitch_catches"),
            (3, "R", "goals_conceded"),
            (4, "S", None),
        ],
        id="three level on points: snitch catches, then goals conceded, no lots",
    ),
]


@pytest.mark.parametrize(("games", "expected"), TIEBREAKS)
def test_8_2_ties_are_broken_by_snitch_catches_then_fewer_goals_conceded(games, expected):
    result = table(season(*games))
    assert places(result) == expected
    assert result.settled


def decider_year():
    """G 300; H and R 150 with one snitch catch and no goal conceded each; S 150, no snitch."""
    return season(
        game("S", "G", 5, 0),
        game("G", "H", 0, 0, snitch="G"),
        game("G", "R", 0, 0, snitch="G"),
        game("H", "S", 0, 0, snitch="H"),
        game("R", "S", 0, 0, snitch="R"),
    )


def test_8_2_teams_level_on_every_count_at_places_2_and_3_need_a_decider():
    result = table(decider_year())
    assert places(result) == [
        (1, "G", "points"),
        (2, "H", "decider_needed"),
        (2, "R", "snitch_catches"),
        (4, "S", None),
    ]
    assert result.deciders_needed == (("H", "R"),)
    assert not result.settled
    assert result.rows[1].to_json()["why"] == "level: a decider game is needed"


def test_8_2_the_winner_of_the_decider_takes_place_2():
    decider = game("H", "R", 1, 2, key="decider-1")
    result = table(decider_year(), deciders=[decider])
    assert places(result)[1:3] == [(2, "R", "decider"), (3, "H", "snitch_catches")]
    assert result.deciders_needed == ()
    assert result.settled
    assert result.rows[1].to_json()["why"] == "won the decider"


def test_8_2_a_drawn_decider_goes_to_the_snitch_catcher():
    decider = game("H", "R", 5, 0, snitch="R", key="decider-1")  # 50 all, as the match reports it
    assert decider.winner is None
    result = table(decider_year(), deciders=[decider])
    assert result.order[1:3] == ("R", "H")


def test_8_2_no_decider_before_the_second_half_is_over():
    result = table(decider_year()[:-1])
    assert not result.season_over
    assert places(result)[1:3] == [(2, "H", "level"), (2, "R", "snitch_catches")]
    assert result.deciders_needed == ()


def three_level_year():
    """G 150; H, R and S have no point, no snitch catch and no goal conceded."""
    return season(game("G", "H", 0, 0, snitch="G"))


def test_8_2_more_than_two_level_teams_draw_lots_with_the_dice():
    dice = ScriptedDice([1, 1])
    result = table(three_level_year(), dice=dice)
    # Fisher-Yates on H, R, S: a d3 of 1 swaps S to the front, a d2 of 1 swaps R ahead of it.
    assert places(result) == [
        (1, "G", "points"),
        (2, "R", "lots"),
        (3, "S", "lots"),
        (4, "H", None),
    ]
    (lot,) = result.lots
    assert lot.houses == ("H", "R", "S")
    assert lot.order == ("R", "S", "H")
    assert [(r.sides, r.face, r.purpose) for r in lot.rolls] == [
        (3, 1, "drawing lots: H, R, S"),
        (2, 1, "drawing lots: H, R, S"),
    ]
    assert result.settled
    assert result.rows[1].to_json()["why"] == "drawn by lot"


def test_8_2_stored_lots_are_used_again_and_never_drawn_twice():
    first = table(three_level_year(), dice=ScriptedDice([2, 1]))
    again = table(three_level_year(), lots=first.lots, dice=ScriptedDice([]))
    assert again.order == first.order
    assert again.lots == first.lots


def test_8_2_without_dice_the_lots_are_reported_as_still_to_draw():
    result = table(three_level_year())
    assert result.lots_needed == (("H", "R", "S"),)
    assert [row.place for row in result.rows] == [1, 2, 2, 2]
    assert not result.settled


def test_8_2_scripted_dice_run_out_rather_than_invent_a_draw():
    with pytest.raises(DiceError):
        table(three_level_year(), dice=ScriptedDice([1]))


def test_8_2_a_lot_for_other_level_teams_is_not_used():
    stale = table(three_level_year(), dice=ScriptedDice([1, 1])).lots
    result = table(decider_year(), lots=stale)
    assert result.lots == ()
    assert result.deciders_needed == (("H", "R"),)


def test_8_2_a_tie_on_places_1_and_2_is_shared_and_needs_nothing():
    # G 150 and H 150, no snitch, nothing conceded; R and S 0, five conceded each.
    result = table(season(game("G", "S", 5, 0), game("H", "R", 5, 0)))
    assert places(result) == [
        (1, "G", "level"),
        (1, "H", "points"),
        (3, "R", "level"),
        (3, "S", None),
    ]
    assert result.settled


def test_8_2_with_more_than_four_houses_the_line_after_place_4_needs_a_decider_too():
    houses = ("A", "B", "C", "D", "E")
    results = season(
        game("A", "D", 3, 0), game("B", "E", 2, 0), game("C", "E", 1, 0), houses=houses
    )
    result = standings(houses, results)
    assert [(row.place, row.house) for row in result.rows] == [
        (1, "A"),
        (2, "B"),
        (3, "C"),
        (4, "D"),
        (4, "E"),
    ]
    assert result.deciders_needed == (("D", "E"),)


def test_8_7_a_fraud_takes_100_points_from_that_games_result():
    results = season(game("G", "H", 1, 0), game("R", "S", 2, 0, key="rs"))
    result = table(results, frauds=[fraud(game="rs", house="R")])
    assert places(result)[:2] == [(1, "G", "points"), (2, "R", "points")]
    row = result.rows[1]
    assert (row.points, row.points_deducted, row.won) == (20, 100, 1)


def test_8_7_a_fraud_in_a_game_without_result_counts_once_it_has_one():
    results = season(game("G", "H", 1, 0))
    result = table(results, frauds=[fraud(game="game-not-played", house="G")])
    assert result.rows[0].points == 110


def test_8_1_a_result_of_a_house_outside_the_cup_is_refused():
    with pytest.raises(ValueError, match="X"):
        table([game("G", "X", 1, 0)])


def test_8_1_a_game_counted_twice_is_refused():
    played = game("G", "H", 1, 0)
    with pytest.raises(ValueError, match="two results"):
        table([played, played])


def test_8_1_standings_serve_as_json():
    data = table(three_level_year(), dice=ScriptedDice([1, 1])).to_json()
    assert data["settled"] is True
    assert data["rows"][0]["why"] == "ahead on points"
    assert data["rows"][3]["why"] == ""
    assert data["lots"][0]["order"] == ["R", "S", "H"]
