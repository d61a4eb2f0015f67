"""§8.7 and §8.9: who a fraud bars, and for how long."""

from __future__ import annotations

import pytest

from league.rules.fraud import barred_players

from . import fraud

GAMES = ["game-1", "game-4", "game-6", "game-9", "cup-final"]


@pytest.mark.parametrize(
    ("game", "barred"),
    [
        ("game-1", set()),
        ("game-4", {"Marcus"}),
        ("game-6", {"Marcus"}),
        ("game-9", {"Marcus"}),
        ("cup-final", set()),
    ],
    ids=["before", "the game of the fraud", "next", "the one after", "the third after"],
)
def test_8_7_a_cheat_is_barred_from_that_game_and_the_teams_next_two(game, barred):
    frauds = [fraud(game="game-4", house="S"), fraud(game="game-4", house="G", player="Draco")]
    assert barred_players(frauds, house="S", game=game, house_games=GAMES) == barred


def test_8_9_a_forbidden_tool_bars_like_dice_fraud():
    frauds = [fraud(game="game-9", house="S", rule="§8.9")]
    assert barred_players(frauds, house="S", game="cup-final", house_games=GAMES) == {"Marcus"}


def test_8_7_a_fraud_names_the_rule_it_breaks():
    with pytest.raises(ValueError, match=r"§8\.7 or §8\.9"):
        fraud(game="game-1", house="S", rule="§8.8")
    assert fraud(game="game-1", house="S").to_json()["points_lost"] == 100
