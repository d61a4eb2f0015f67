"""Fouls and the penalty shot: "A foul is committed if a 6 is rolled as a tackling result",
"if any other player but the seeker touches the snitch", "if any other player but the
chasers and keeper touch the Quaffle"."""

from tests.quidditch.tabletop import first, in_phase, order


def test_a_beater_touching_the_loose_quaffle_fouls():
    match = in_phase(home_beater1=[13, 10])
    events = match.move("home-beater1", [16, 10])
    assert first(events, "foul")["kind"] == "quaffle"
    assert match.state["stage"] == "penalty" and match.state["penalty"] == {"side": "away"}


def test_a_chaser_flying_through_the_snitch_fouls():
    match = in_phase(snitch={"square": [13, 10], "seen": ["home"]}, begin=(2,))
    events = match.move("home-chaser2", [15, 10])
    assert first(events, "foul")["kind"] == "snitch"


def test_the_penalty_from_the_centre_circle_unhindered_to_the_scoring_zone_then_a_shot():
    """Away's chaser 1 flies from the centre straight at the home middle hoop (2, 10) and
    stops at the zone's edge, (6, 10); 6 against the keeper's 1 scores."""
    match = in_phase(home_beater1=[13, 10])
    match.move("home-beater1", [16, 10])
    offered = [c for c in match.offered() if c["action"] == "take_penalty"]
    assert [c["player"] for c in offered] == ["away-chaser1", "away-chaser2", "away-chaser3"]
    events = match.do(order("take_penalty", "away-chaser1"), 6, 1)
    assert first(events, "penalty")["to"] == [6, 10]
    assert match.state["score"] == {"home": 0, "away": 10}
    assert match.state["stage"] == "free_moves"


def test_with_no_chaser_left_the_fouled_side_takes_no_penalty():
    match = in_phase(home_beater1=[13, 10], away_chaser1=None, away_chaser2=None, away_chaser3=None)
    events = match.move("home-beater1", [16, 10])
    assert "no_penalty" in [e["type"] for e in events]
    assert match.state["stage"] == "start" and match.state["next_side"] == "away"
