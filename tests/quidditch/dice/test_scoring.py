"""LE POINTAGE: what the attack scores, row by row, and the text's own example."""

import pytest

from quidditch.dice.rules.scoring import RowScore, score_round, score_row


def test_exemple_de_pointage_gives_40_goal_points_and_1_snitch_point():
    """The text's example round: empty; goal+keeper; goal+bludger; snitch+goal; bludger;
    quaffle+goal. "TOTAL pour l'attaque = 40 points de but et 1 point Vif d'Or"."""
    rows = {
        "1": [],
        "2": ["goal1", "keeper"],
        "3": ["goal2", "bludger1"],
        "4": ["snitch", "goal3"],
        "5": ["bludger2"],
        "6": ["quaffle", "goal4"],
    }
    assert score_round(rows) == RowScore(goal_points=40, snitch_points=1)


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        # "Toute rangée ... qui comprend un dé noir ... est bloquée": nothing at all.
        (["goal1", "goal2", "quaffle", "bludger1"], RowScore(0, 0)),
        (["snitch", "goal1", "keeper"], RowScore(0, 0)),
        # "Chaque dé de but (sans Vif d'Or ou Souaffle) marque 10 points": 2 dice, 20.
        (["goal1", "goal2"], RowScore(20, 0)),
        # "2 dés de but et 1 Souaffle permet de remporter 60 points."
        (["goal1", "goal2", "quaffle"], RowScore(60, 0)),
        # LES DÉS: "le Souafle et 3 dés de but équivaut à 80 points".
        (["goal1", "goal2", "goal3", "quaffle"], RowScore(80, 0)),
        # "UN point Vif d'Or pour chaque dé de but ... où se trouve le Vif d'Or", no goal points.
        (["snitch", "goal1", "goal2"], RowScore(0, 2)),
        # "... un Souaffle n'y a aucune valeur" beside the snitch.
        (["snitch", "goal1", "quaffle"], RowScore(0, 1)),
        # "Le Vif d'Or et le Souaffle n'ont pas de valeur ... sans ... dé de but."
        (["snitch"], RowScore(0, 0)),
        (["quaffle"], RowScore(0, 0)),
        (["snitch", "quaffle"], RowScore(0, 0)),
        # "Les rangées vides n'ont aucune valeur."
        ([], RowScore(0, 0)),
    ],
)
def test_le_pointage_each_kind_of_row(row, expected):
    assert score_row(row) == expected
