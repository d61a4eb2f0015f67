"""The Golden Snitch: spotted on 3D6 = 3, placed by two D6, flying 2D6 after each phase,
seen by the other seeker on 2+, caught by an eligible seeker: 150 and the end."""

from tests.quidditch.tabletop import RULES, first, in_phase, order


def test_a_3_on_3d6_makes_the_snitch_appear_where_two_d6_point_and_the_seeker_flies_3_more():
    """Across 2, along 5: the cell's middle is (24, 5); the seeker flies 6 + 3 = 9."""
    match = in_phase(begin=(1, 1, 1, 2, 5))
    assert first(match.events, "snitch_appears")["to"] == [24, 5]
    assert match.state["snitch"]["seen"] == ["home"]
    match.move("home-seeker", [22, 3])


def test_without_the_spotting_a_seeker_flies_6():
    match = in_phase(begin=(1, 1, 2))
    assert match.state["snitch"]["square"] is None
    match.refused(order("move", "home-seeker", to=[20, 3]), "too_far")
    match.move("home-seeker", [19, 2])


def test_the_other_seeker_sees_it_on_2_at_the_beginning_of_each_phase():
    match = in_phase(side="away", snitch={"square": [24, 5], "seen": ["home"]}, begin=(1,))
    assert first(match.events, "seeker_spots")["seen"] is False
    assert match.state["snitch"]["seen"] == ["home"]
    match.end_phase("away", 9, 3, 3)  # the snitch hovers (hit)
    match.begin("home", 2)
    assert match.state["snitch"]["seen"] == ["home", "away"]


def test_the_snitch_flies_2d6_after_every_phase_stopping_at_the_boundary():
    match = in_phase(snitch={"square": [24, 5], "seen": ["home"]}, begin=(1,))
    events = match.end_phase("home", 3, 6, 6)  # east 12: (31, 5) is off, it stops at (30, 5)
    assert first(events, "snitch_flies")["to"] == [30, 5]


def test_an_eligible_seeker_catches_it_on_contact_150_and_the_end():
    match = in_phase(snitch={"square": [16, 3], "seen": ["home"]}, begin=(1,))
    events = match.move("home-seeker", [18, 3])
    assert first(events, "snitch_caught")["points"] == 150
    assert match.state["over"] and match.state["winner"] == "home"
    assert RULES.result(match.state)["ended_by"] == "snitch"


def test_a_seeker_who_has_not_seen_it_does_not_catch_it():
    match = in_phase(snitch={"square": [16, 3], "seen": ["away"]}, begin=(1,))
    match.move("home-seeker", [18, 3])
    assert not match.state["over"]


def test_the_snitch_flying_into_an_eligible_seeker_is_caught_by_them():
    """Golden Snitch: "the snitch is caught when a seeker who is eligible too comes into
    contact with it": after home's phase it flies west 3 squares (faces 7; 2 + 1) from
    (16, 3) into home's seeker on (13, 3), who has seen it."""
    match = in_phase(snitch={"square": [16, 3], "seen": ["home"]}, begin=(1,))
    events = match.end_phase("home", 7, 2, 1)
    assert first(events, "snitch_flies")["to"] == [13, 3]
    assert first(events, "snitch_caught")["player"] == "home-seeker"
    assert match.state["ended_by"] == "snitch" and match.state["score"]["home"] == 150


def test_the_snitch_flies_past_a_seeker_who_has_not_seen_it():
    match = in_phase(snitch={"square": [16, 3], "seen": ["away"]}, begin=(1,))
    events = match.end_phase("home", 7, 2, 1)
    assert first(events, "snitch_flies")["to"] == [13, 3]
    assert not match.state["over"]
