"""Tackle: "A tackle can be made when a player comes within 1 space of an opposing player in
possession of the Quaffle", then the tackler's D6, results 1-6 as written."""

import pytest

from tests.quidditch.tabletop import first, in_phase, order

CARRIER = {"away_chaser2": [14, 10], "quaffle": {"carrier": "away-chaser2"}}


def tackle(*faces, direction="N"):
    match = in_phase(home_chaser2=[13, 10], **CARRIER)
    events = match.act("tackle", "home-chaser2", *faces, target="away-chaser2", direction=direction)
    return match, events


def test_a_tackle_needs_the_tackler_within_one_square():
    match = in_phase(home_chaser2=[12, 10], **CARRIER)
    match.refused(
        order("tackle", "home-chaser2", target="away-chaser2", direction="N"), "no_tackle"
    )


def test_1_bad_tackle_the_carrier_rolls_as_if_the_tackler():
    """The carrier's 2 knocks the tackler one square straight away from them (west)."""
    match, events = tackle(1, 2)
    assert first(events, "bad_tackle")["player"] == "away-chaser2"
    assert match.at("home-chaser2") == [12, 10]
    assert match.quaffle["carrier"] == "away-chaser2"


def test_2_knocked_one_square_the_way_the_tackler_chose_keeping_the_quaffle():
    match, _ = tackle(2, direction="S")
    assert match.at("away-chaser2") == [14, 11]
    assert match.quaffle == {"square": [14, 11], "carrier": "away-chaser2"}


def test_3_knocked_one_square_and_dispossessed_the_tackler_gains_it_without_a_catch():
    match, events = tackle(3, direction="E")
    assert match.at("away-chaser2") == [15, 10]
    assert match.quaffle["carrier"] == "home-chaser2"
    assert "catch" not in [e["type"] for e in events]


def test_4_dazed_for_a_phase_and_dispossessed():
    match, _ = tackle(4)
    assert match.state["players"]["away-chaser2"]["dazed"] is not None
    assert match.quaffle["carrier"] == "home-chaser2"


def test_5_knocked_off_course_a_d6_the_way_the_directional_die_shows():
    """Directional 9 (hit) is thrown again: 3, east; a D6 of 4: four squares east."""
    match, _ = tackle(5, 9, 3, 4)
    assert match.at("away-chaser2") == [18, 10]
    assert match.quaffle["carrier"] == "home-chaser2"


def test_6_is_a_foul_the_phase_ends_and_the_other_side_takes_a_penalty():
    match, events = tackle(6)
    assert first(events, "foul")["kind"] == "tackle"
    assert first(events, "phase_ends")["reason"] == "foul"
    assert match.state["stage"] == "penalty" and match.state["penalty"] == {"side": "away"}


def test_knocked_out_of_the_boundary_the_quaffle_goes_to_the_nearest_opposing_player():
    """Row 0 runs from x = 11 to 21: knocked north from (14, 0) the carrier stays on the
    boundary, and the quaffle goes to the nearest home chaser or keeper."""
    match = in_phase(
        home_chaser2=[13, 1], away_chaser2=[14, 0], quaffle={"carrier": "away-chaser2"}
    )
    match.act("tackle", "home-chaser2", 2, target="away-chaser2", direction="N")
    assert match.at("away-chaser2") == [14, 0]
    assert match.quaffle["carrier"] == "home-chaser2"


@pytest.mark.parametrize("position", ["beater1", "seeker"])
def test_only_chasers_and_the_keeper_tackle(position):
    match = in_phase(**{f"home_{position}": [13, 10]}, **CARRIER)
    match.refused(
        order("tackle", f"home-{position}", target="away-chaser2", direction="N"), "no_tackle"
    )
