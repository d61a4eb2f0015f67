"""§8.3: house points for each game 48 hours after its log is published, and for the placing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from league.rules.finals import Placing
from league.rules.house_points import game_credits, placement_credits

from . import NOW, fraud, game

CUP = "cup-2026"
DUE = NOW + timedelta(hours=48)


def credits(result, **kwargs):
    return [
        (c.house, c.amount, c.source, c.source_key)
        for c in game_credits(CUP, result, published_at=NOW, **kwargs)
    ]


def test_8_3_ten_a_goal_fifty_for_the_snitch_and_a_hundred_for_the_win():
    assert credits(game("G", "S", 3, 2, snitch="S", key="game-7")) == [
        ("G", 30, "match", "cup-2026:game-7:home:goals"),
        ("S", 20, "match", "cup-2026:game-7:away:goals"),
        ("S", 50, "match", "cup-2026:game-7:away:snitch"),
        ("S", 100, "match", "cup-2026:game-7:away:win"),
    ]


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (game("G", "S", key="game-1"), []),
        (
            game("G", "S", 1, 0, key="game-1"),
            [
                ("G", 10, "match", "cup-2026:game-1:home:goals"),
                ("G", 100, "match", "cup-2026:game-1:home:win"),
            ],
        ),
    ],
    ids=["goalless draw", "one goal"],
)
def test_8_3_nothing_is_credited_for_nothing(result, expected):
    assert credits(result) == expected


def test_8_3_credits_count_48_hours_after_the_log_is_published():
    result = game("G", "S", 1, 0, key="game-1")
    assert {c.credit_at for c in game_credits(CUP, result, published_at=NOW)} == {DUE}


def test_8_3_the_credits_of_a_game_are_the_same_every_time():
    result = game("G", "S", 3, 2, snitch="S", key="game-7")
    assert game_credits(CUP, result, published_at=NOW) == game_credits(
        CUP, result, published_at=NOW
    )


def test_8_3_credits_serve_as_json():
    (credit, _) = game_credits(CUP, game("G", "S", 1, 0, key="game-1"), published_at=NOW)
    assert credit.to_json() == {
        "house": "G",
        "amount": 10,
        "reason": "1 goal in game-1 (§8.3)",
        "source": "match",
        "source_key": "cup-2026:game-1:home:goals",
        "credit_at": DUE.isoformat(),
    }


@pytest.mark.parametrize(
    ("recorded_at", "credit_at"),
    [(NOW - timedelta(hours=1), DUE), (DUE + timedelta(days=3), DUE + timedelta(days=3))],
    ids=["during the game: with its points", "after the points: when recorded"],
)
def test_8_7_a_fraud_costs_the_house_100_points(recorded_at, credit_at):
    result = game("G", "S", 1, 0, key="game-1")
    cheat = fraud(game="game-1", house="S", key="41", recorded_at=recorded_at)
    penalty = game_credits(CUP, result, published_at=NOW, frauds=[cheat])[-1]
    assert (penalty.house, penalty.amount, penalty.source) == ("S", -100, "penalty")
    assert penalty.source_key == "cup-2026:fraud-41"
    assert penalty.credit_at == credit_at
    assert penalty.reason == "fraud by Marcus in game-1 (§8.7)"


def test_8_9_a_forbidden_tool_costs_the_same_and_other_games_frauds_cost_nothing_here():
    result = game("G", "S", 1, 0, key="game-1")
    frauds = [
        fraud(game="game-1", house="G", key="1", rule="§8.9"),
        fraud(game="game-2", house="G", key="2"),
    ]
    penalties = [
        c for c in game_credits(CUP, result, published_at=NOW, frauds=frauds) if c.amount < 0
    ]
    assert [(c.source_key, c.reason) for c in penalties] == [
        ("cup-2026:fraud-1", "fraud by Marcus in game-1 (§8.9)")
    ]


def test_8_7_a_fraud_by_a_house_that_did_not_play_the_game_is_refused():
    with pytest.raises(ValueError, match="R did not play game-1"):
        game_credits(
            CUP,
            game("G", "S", key="game-1"),
            published_at=NOW,
            frauds=[fraud(game="game-1", house="R")],
        )


def test_8_3_places_1_to_4_earn_1250_750_500_and_250():
    credits = placement_credits(CUP, Placing(("G", "R", "H", "S", "X")), credit_at=DUE)
    assert [(c.house, c.amount, c.source, c.source_key) for c in credits] == [
        ("G", 1250, "cup_placement", "cup-2026:place-1"),
        ("R", 750, "cup_placement", "cup-2026:place-2"),
        ("H", 500, "cup_placement", "cup-2026:place-3"),
        ("S", 250, "cup_placement", "cup-2026:place-4"),
    ]
    assert credits[0].reason == "place 1 in the cup (§8.3)"
