"""Issue 39: the dice game's ending said "1 snitch points". The sentence takes the form
for the catcher's snitch points in each language (ngettext): one point, or several."""

import pytest

from games.manifest import manifest_of

ONE_POINT = {
    "winner": "red",
    "goals": {"red": 25, "blue": 10},
    "snitch": {"red": 1, "blue": 0},
    "rounds": 4,
}


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "en",
            "Red wins on goal points, 25 to 10, the catch's bonus included: Red caught the "
            "snitch in round 4, with 1 snitch point to 0.",
        ),
        (
            "de",
            "Rot gewinnt nach Torpunkten, 25 zu 10, der Bonus für den Fang eingerechnet: Rot "
            "hat in Runde 4 den Schnatz gefangen, mit 1 Schnatzpunkt zu 0.",
        ),
        (
            "fr",
            "Rouge gagne aux points de but, 25 à 10, bonus de la capture compris : Rouge a "
            "attrapé le Vif d'Or à la manche 4, avec 1 point Vif d'Or à 0.",
        ),
    ],
)
def test_la_victoire_one_snitch_point_is_singular(language, sentence):
    assert manifest_of("dice-quidditch").words.ending(ONE_POINT, language) == sentence


def test_a_draw_with_one_snitch_point_is_singular_too():
    result = {"winner": None, "goals": {"red": 15, "blue": 15}, "snitch": {"red": 0, "blue": 1}}
    assert manifest_of("dice-quidditch").words.ending({**result, "rounds": 2}, "en") == (
        "A draw, 15 goal points each, the catch's bonus included: Blue caught the snitch in "
        "round 2, with 1 snitch point to 0."
    )
