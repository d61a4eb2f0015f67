"""Bludgers and beaters: the flight of 4 at the nearest player, the 3+ dodge, the injury
table 1-6, beaters hitting on 2+ instead of dodging."""

import pytest

from tests.quidditch.tabletop import first, in_phase, kinds, order


def bludger_at(square, **moved):
    """Home plays; bludger 0 at ``square``, bludger 1 parked far away. The other chasers
    stand back, so that home chaser 2 (11, 10) is its nearest player unless ``moved`` says
    otherwise."""
    apart = {"home_chaser1": [8, 6], "home_chaser3": [8, 14], "away_chaser2": [23, 10]}
    return in_phase(bludgers=[square, [16, 20]], **{**apart, **moved})


def test_the_bludger_flies_4_squares_at_the_nearest_player_after_the_phase():
    match = bludger_at([16, 10])
    events = match.end_phase("home")
    assert first(events, "bludger_flies")["target"] == "home-chaser2"
    assert match.state["bludgers"][0]["square"] == [12, 10]
    assert "bludger_contact" not in kinds(events)


def test_a_dodge_on_3_and_the_bludger_carries_on_4_squares_in_a_random_direction():
    """Contact at (11, 10); dodge 3; directional 10 (hit, thrown again) then 7: west."""
    match = bludger_at([15, 10])
    events = match.end_phase("home", 3, 10, 7)
    assert first(events, "dodge")["dodged"] is True
    assert match.state["bludgers"][0]["square"] == [7, 10]


@pytest.mark.parametrize(
    ("injury", "extra", "check"),
    [
        (1, (), lambda m: m.at("home-chaser2") is None),
        (2, (), lambda m: m.state["players"]["home-chaser2"]["speed_loss"] == 1),
        (3, (), lambda m: m.state["players"]["home-chaser2"]["dice_loss"] == 1),
        (4, (), lambda m: m.state["players"]["home-chaser2"]["dazed"] is not None),
        (5, (3, 2), lambda m: m.at("home-chaser2") == [13, 10]),
    ],
)
def test_the_injury_table(injury, extra, check):
    """A failed dodge (2): 1 off the broom, 2 -1 movement, 3 -1 to rolls, 4 dazed,
    5 knocked a D6 (2) the directional die's way (3: east). The quaffle goes loose."""
    match = bludger_at([15, 10], quaffle={"carrier": "home-chaser2"})
    events = match.end_phase("home", 2, injury, 9, *extra)  # 9: the loose quaffle stays
    assert first(events, "injury")["result"] == injury
    assert check(match)
    assert match.quaffle["carrier"] is None


def test_injury_6_the_opposing_player_moves_the_victim_a_d6_their_way():
    match = bludger_at([15, 10])
    match.end_phase("home", 2, 6, 3)
    assert match.state["awaiting"] == {
        "kind": "push",
        "side": "away",
        "player": "home-chaser2",
        "squares": 3,
    }
    match.do({"action": "push", "side": "away", "direction": "S"})
    assert match.at("home-chaser2") == [11, 13]
    assert match.state["stage"] == "start"


def test_a_beater_may_hit_the_bludger_instead_of_dodging_on_2_adding_a_d6_to_its_flight():
    """Home beater 1 at (13, 10) is the nearest; it hits (2) east: 4 + 3 squares from
    (13, 10), to (20, 10), short of away chaser 2 at (23, 10)."""
    match = bludger_at([16, 10], home_beater1=[13, 10])
    match.end_phase("home")
    assert match.state["awaiting"]["kind"] == "bludger"
    assert {c["action"] for c in match.offered()} >= {"dodge", "hit_bludger"}
    events = match.do(order("hit_bludger", "home-beater1", direction="E"), 2, 3)
    assert first(events, "bludger_hit")["struck"] is True
    assert match.state["bludgers"][0]["square"] == [20, 10]


def test_a_missed_hit_flies_a_d6_the_directional_dies_way_or_the_beaters_on_a_hit():
    match = bludger_at([16, 10], home_beater1=[13, 10])
    match.end_phase("home")
    match.do(order("hit_bludger", "home-beater1", direction="N"), 1, 9, 2)
    assert match.state["bludgers"][0]["square"] == [13, 8]


def test_a_beater_sent_a_bludger_by_another_beater_may_only_dodge():
    """Home beater 1 hits the bludger (its act) east into away beater 2 at (17, 10)."""
    match = in_phase(
        bludgers=[[12, 10], [16, 20]],
        home_beater1=[11, 9],
        home_chaser2=[10, 14],
        away_beater2=[17, 10],
    )
    events = match.act("hit_bludger", "home-beater1", 2, 1, 1, 2, bludger=0, direction="E")
    assert first(events, "bludger_contact")["player"] == "away-beater2"
    assert match.state["awaiting"] is None, "no choice: away beater 2 dodges (1), injury 2"
    assert match.state["players"]["away-beater2"]["speed_loss"] == 1


def test_a_player_knocked_off_the_broom_ends_the_phase():
    """Home beater 1 hits bludger 0 east (2, then 1: 5 squares) into away beater 2 at
    (17, 17), who fails the dodge (1) and is knocked off (injury 1)."""
    match = in_phase(
        bludgers=[[12, 17], [16, 20]],
        home_beater1=[11, 17],
        home_beater2=[9, 4],
        away_beater2=[17, 17],
        away_chaser3=[24, 12],
    )
    events = match.act("hit_bludger", "home-beater1", 2, 1, 1, 1, bludger=0, direction="E")
    assert match.at("away-beater2") is None
    assert first(events, "phase_ends")["reason"] == "knocked_off"
