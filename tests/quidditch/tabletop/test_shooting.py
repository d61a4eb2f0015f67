"""Shooting, the keeper and the restart after a goal (the paragraphs on shooting and
keepers, and "After a goal is scored ...")."""

import pytest

from tests.quidditch.tabletop import NO_SNITCH, first, in_phase, kinds, order

SHOOTER = {
    "home_chaser2": [20, 10],
    "away_chaser2": [21, 17],
    "quaffle": {"carrier": "home-chaser2"},
}


@pytest.mark.parametrize(("x", "needed"), [(25, 2), (23, 4), (21, 5), (18, 6)])
def test_a_shot_from_outside_the_zone_is_tested_like_a_pass(x, needed):
    """The middle away hoop is at (30, 10): 5, 7, 9 and 12 squares. A failed test goes loose
    at the hoop and ends the phase."""
    match = in_phase(
        home_chaser2=[x, 10], **{k: v for k, v in SHOOTER.items() if k != "home_chaser2"}
    )
    events = match.act("shoot", "home-chaser2", needed - 1, 9, hoop=1)
    shot = first(events, "shot")
    assert (shot["tested"], shot["needed"]) == (True, needed)
    assert match.quaffle == {"square": [30, 10], "carrier": None}
    assert first(events, "phase_ends")["reason"] == "lost_possession"


def test_from_the_scoring_zone_no_test_and_the_higher_roll_off_scores_10():
    """In the zone "the chaser is not required to take a shooting test"; 5 against 4 scores.
    The goal ends the phase; the keeper scored upon holds the quaffle, every player takes a
    free move, and the bludgers stay still."""
    match = in_phase(
        home_chaser2=[27, 10], away_chaser2=[21, 17], quaffle={"carrier": "home-chaser2"}
    )
    events = match.act("shoot", "home-chaser2", 5, 4, hoop=1)
    assert first(events, "shot")["tested"] is False
    assert match.state["score"] == {"home": 10, "away": 0}
    assert kinds(events)[-3:] == ["goal", "phase_ends", "free_moves"]
    assert match.quaffle["carrier"] == "away-keeper"
    assert match.state["stage"] == "free_moves"
    match.do(order("free_move", "home-chaser1", to=[12, 6]))
    match.refused(order("free_move", "home-chaser1", to=[13, 6]), "no_free_move")
    match.do({"action": "end_free_moves", "side": "home"})
    match.do({"action": "end_free_moves", "side": "away"})
    assert match.state["bludgers"][0]["square"] == [16, 20], "bludgers stay static"
    assert match.state["stage"] == "start" and match.state["next_side"] == "away"
    match.begin("away", *NO_SNITCH)
    match.do(order("pass", "away-keeper", to="away-chaser1"), 6, 1, 2)  # home-chaser2 misses
    assert match.quaffle["carrier"] == "away-chaser1", "the keeper throws the quaffle back in"


def test_a_tie_is_rolled_again_and_the_higher_keeper_saves_cleanly_on_3():
    match = in_phase(
        home_chaser2=[27, 10], away_chaser2=[21, 17], quaffle={"carrier": "home-chaser2"}
    )
    events = match.act("shoot", "home-chaser2", 4, 4, 2, 5, 3, hoop=0)
    assert len([e for e in events if e["type"] == "roll_off"]) == 2
    assert first(events, "save")["clean"] is True
    assert match.quaffle["carrier"] == "away-keeper"
    assert first(events, "phase_ends")["reason"] == "saved"


def test_an_unclean_save_is_repelled_a_d6_the_way_the_keeper_chooses():
    match = in_phase(
        home_chaser2=[27, 10], away_chaser2=[21, 17], quaffle={"carrier": "home-chaser2"}
    )
    match.act("shoot", "home-chaser2", 1, 6, 2, hoop=2)
    assert match.state["awaiting"] == {"kind": "repel", "side": "away", "player": "away-keeper"}
    assert {c["action"] for c in match.offered()} == {"repel", "reroll", "let_stand"}
    match.do({"action": "repel", "side": "away", "direction": "N"}, 3)
    assert match.quaffle == {"square": [28, 7], "carrier": None}
    assert match.state["stage"] == "start" and match.state["next_side"] == "away"


def test_a_dazed_keeper_cannot_save():
    match = in_phase(
        home_chaser2=[27, 10], away_chaser2=[21, 17], quaffle={"carrier": "home-chaser2"}
    )
    match.state["players"]["away-keeper"]["dazed"] = 1
    match.act("shoot", "home-chaser2", hoop=1)
    assert match.state["score"]["home"] == 10


def test_only_one_chaser_in_the_scoring_zone_at_a_time():
    match = in_phase(home_chaser2=[23, 10], away_chaser2=[27, 13])
    match.refused(order("move", "home-chaser2", to=[26, 10]), "zone_taken")
    match.move("home-chaser2", [25, 5])  # outside it: (25, 5) is 5 squares from the hoop
