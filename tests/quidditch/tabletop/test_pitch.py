"""The pitch as data and the directional die (docs/rules/tabletop-quidditch.md, "The pitch"
and "The directional die")."""

import pytest

from games.ruleset import RuleViolation
from quidditch.tabletop.rules.directional_die import HIT, face_shows, fly
from quidditch.tabletop.rules.pitch import distance, line, pitch_of
from tests.quidditch.tabletop import RULES


def test_the_default_pitch_fits_the_texts_numbers():
    """33 x 21: from the centre circle's edge a 15-square shot reaches the hoops; a chaser
    needs three moves of 5 from the centre to the shooting zone's edge and back."""
    pitch = pitch_of(33, 21)
    assert pitch.centre == (16, 10)
    assert pitch.hoops("home") == [(2, 8), (2, 10), (2, 12)]
    assert pitch.hoops("away") == [(30, 8), (30, 10), (30, 12)]
    assert distance((13, 10), (2, 10)) == 11 and pitch.in_centre_circle((13, 10))
    assert distance(pitch.centre, pitch.penalty_spot("home")) == 10
    assert pitch.in_scoring_zone((6, 10), "home") and not pitch.in_scoring_zone((7, 10), "home")
    assert not pitch.on_pitch((0, 0)) and pitch.on_pitch((0, 10)) and pitch.on_pitch((16, 0))


def test_the_snitch_is_placed_by_a_d6_across_and_a_d6_along():
    pitch = pitch_of(33, 21)
    assert pitch.sector_square(3, 4) == (19, 8)
    assert pitch.sector_square(2, 5) == (24, 5)
    assert pitch.on_pitch(pitch.sector_square(1, 1)), "a corner cut off by the oval moves in"


def test_a_match_may_choose_another_odd_pitch():
    state = RULES.setup({"pitch": {"length": 41, "width": 25}})
    assert state["pitch"] == {"length": 41, "width": 25}
    with pytest.raises(RuleViolation) as refused:
        RULES.setup({"pitch": {"length": 32, "width": 21}})
    assert refused.value.code == "invalid_config"


@pytest.mark.parametrize(
    ("face", "shows"), [(1, "N"), (3, "E"), (5, "S"), (8, "NW"), (9, HIT), (10, HIT)]
)
def test_the_directional_die_has_eight_directions_and_two_hits(face, shows):
    assert face_shows(face) == shows


def test_the_most_direct_route_and_a_flight_stopping_at_the_boundary():
    assert line((0, 0), (5, 2)) == [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)]
    assert fly(pitch_of(33, 21), (30, 10), "E", 5) == [(31, 10), (32, 10)]
