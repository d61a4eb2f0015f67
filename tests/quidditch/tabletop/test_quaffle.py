"""The Quaffle, passing and interception, on scripted dice (the text's section "The Quaffle"
and the paragraphs on chasers)."""

import pytest

from tests.quidditch.tabletop import first, in_phase, kinds

AWAY_CHASERS_AWAY = {
    "away_chaser1": [14, 1],
    "away_chaser2": [16, 1],
    "away_chaser3": [18, 1],
}


def test_a_catch_needs_2_and_a_dropped_quaffle_ends_the_phase():
    """ "the player must make a dice roll and achieve 2+"; a 1 drops it (it goes loose)."""
    match = in_phase(home_chaser2=[15, 10])
    match.move("home-chaser2", [16, 10])
    events = match.act("catch", "home-chaser2", 2)
    assert first(events, "catch")["caught"] and match.quaffle["carrier"] == "home-chaser2"

    match = in_phase(home_chaser2=[15, 10])
    match.move("home-chaser2", [16, 10])
    events = match.act("catch", "home-chaser2", 1, 3)  # 1: dropped; directional 3: east
    assert not first(events, "catch")["caught"]
    assert match.quaffle == {"square": [17, 10], "carrier": None}
    assert first(events, "phase_ends")["reason"] == "dropped"


@pytest.mark.parametrize(
    ("face", "lands"), [(1, [16, 9]), (4, [17, 11]), (9, [16, 10]), (10, [16, 10])]
)
def test_a_loose_quaffle_drifts_one_square_or_stays_on_the_hit(face, lands):
    """The directional die: 1 north ... 4 south-east; 9 and 10 are the hit, it stays."""
    match = in_phase(home_chaser2=[15, 10])
    match.move("home-chaser2", [16, 10])
    match.act("catch", "home-chaser2", 1, face)
    assert match.quaffle["square"] == lands


def test_the_quaffle_is_caught_only_in_the_catchers_square():
    match = in_phase(home_chaser2=[14, 10])
    match.refused({"action": "catch", "side": "home", "player": "home-chaser2"}, "no_loose_quaffle")


@pytest.mark.parametrize(
    ("squares", "needed"),
    [(1, 2), (5, 2), (6, 4), (8, 4), (9, 5), (10, 5), (11, 6), (15, 6)],
)
def test_pass_distance_bands_at_their_edges(squares, needed):
    """1-5 squares: 2+, 6-8: 4+, 9-10: 5+, over 10: 6. A roll one short fails and the
    quaffle goes loose at the receiver (lost possession); the needed roll succeeds."""
    carrier = {"quaffle": {"carrier": "home-chaser2"}, **AWAY_CHASERS_AWAY}
    target = [8 + squares, 10]
    match = in_phase(home_chaser2=[8, 10], home_chaser1=target, **carrier)
    events = match.act("pass", "home-chaser2", needed, 2, to="home-chaser1")
    assert first(events, "pass")["needed"] == needed
    assert match.quaffle["carrier"] == "home-chaser1"

    match = in_phase(home_chaser2=[8, 10], home_chaser1=target, **carrier)
    events = match.act("pass", "home-chaser2", needed - 1, 9, to="home-chaser1")
    assert match.quaffle == {"square": target, "carrier": None}
    assert first(events, "phase_ends")["reason"] == "lost_possession"


def test_a_pass_of_16_squares_is_refused():
    """ "up to 15 squares"."""
    match = in_phase(
        home_chaser2=[8, 10],
        home_chaser1=[24, 10],
        quaffle={"carrier": "home-chaser2"},
        **AWAY_CHASERS_AWAY,
    )
    match.refused(
        {"action": "pass", "side": "home", "player": "home-chaser2", "to": "home-chaser1"},
        "out_of_range",
    )
    assert all(c.get("to") != "home-chaser1" for c in match.offered() if c["action"] == "pass")


@pytest.mark.parametrize(("squares", "needed"), [(5, 6), (6, 4), (10, 4), (11, 2), (15, 2)])
def test_interception_bands_at_their_edges(squares, needed):
    """An opposing chaser within 3 squares of the path: 6+ over 1-5, 4+ over 6-10, 2+ over
    11-15. Intercepted, the quaffle is theirs with no catch and the phase ends."""
    match = in_phase(
        home_chaser2=[8, 10],
        home_chaser1=[8 + squares, 10],
        quaffle={"carrier": "home-chaser2"},
        away_chaser1=[10, 13],
        away_chaser2=[16, 1],
        away_chaser3=[18, 1],
    )
    events = match.act("pass", "home-chaser2", 6, needed, to="home-chaser1")
    attempt = first(events, "interception")
    assert (attempt["needed"], attempt["caught"]) == (needed, True)
    assert match.quaffle["carrier"] == "away-chaser1"
    assert first(events, "phase_ends")["reason"] == "intercepted"


def test_a_chaser_four_squares_from_the_path_does_not_intercept_and_a_failed_try_lets_it_on():
    match = in_phase(
        home_chaser2=[8, 10],
        home_chaser1=[12, 10],
        quaffle={"carrier": "home-chaser2"},
        away_chaser1=[10, 13],  # 3 from the path: tries
        away_chaser2=[10, 6],  # 4 from the path: does not
        away_chaser3=[18, 1],
    )
    events = match.act("pass", "home-chaser2", 2, 5, 2, to="home-chaser1")
    assert [e["player"] for e in events if e["type"] == "interception"] == ["away-chaser1"]
    assert match.quaffle["carrier"] == "home-chaser1"
    assert "phase_ends" not in kinds(events)


def test_only_chasers_and_the_keeper_receive_a_pass():
    match = in_phase(quaffle={"carrier": "home-chaser2"})
    match.refused(
        {"action": "pass", "side": "home", "player": "home-chaser2", "to": "home-beater1"},
        "no_receiver",
    )


def test_a_dazed_chaser_does_not_intercept():
    match = in_phase(
        home_chaser2=[8, 10],
        home_chaser1=[12, 10],
        quaffle={"carrier": "home-chaser2"},
        away_chaser1=[10, 13],
        **{k: v for k, v in AWAY_CHASERS_AWAY.items() if k != "away_chaser1"},
    )
    match.state["players"]["away-chaser1"]["dazed"] = 1
    events = match.act("pass", "home-chaser2", 2, 2, to="home-chaser1")
    assert "interception" not in kinds(events)
