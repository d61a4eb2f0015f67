"""The captain's re-roll ("once a phase ... the re-roll result must be accepted") and the
star player ("may modify one of their dice rolls a phase ... to whatever result")."""

from tests.quidditch.tabletop import first, in_phase, kinds, order

PASS = {"home_chaser2": [8, 10], "home_chaser1": [18, 10], "quaffle": {"carrier": "home-chaser2"}}
AWAY = {"away_chaser1": [14, 1], "away_chaser2": [16, 1], "away_chaser3": [18, 1]}


def test_the_captain_re_rolls_one_die_of_the_last_command_and_it_stands():
    """A 10-square pass needs 5: 3 fails; home's captain re-rolls die 0: a 5 and the catch."""
    match = in_phase(**PASS, **AWAY)
    match.act("pass", "home-chaser2", 3, 9, to="home-chaser1")
    assert match.quaffle["carrier"] is None
    rerolls = [c for c in match.offered() if c["action"] == "reroll" and c["side"] == "home"]
    assert [c["die"] for c in rerolls] == [0, 1]
    events = match.do({"action": "reroll", "side": "home", "die": 0}, 5, 2)
    assert kinds(events)[0] == "reroll"
    assert match.quaffle["carrier"] == "home-chaser1"
    assert match.state["phase"]["captain_used"] == ["home"]
    match.refused({"action": "reroll", "side": "away", "die": 0}, "no_reroll")


def test_no_re_roll_once_the_captain_is_off_the_pitch():
    match = in_phase(**PASS, **AWAY, home_keeper=None)
    match.act("pass", "home-chaser2", 3, 9, to="home-chaser1")
    match.refused({"action": "reroll", "side": "home", "die": 0}, "no_reroll")


def test_the_star_player_sets_one_of_their_rolls_a_phase():
    teams = {"home": {"name": "Home", "captain": "keeper", "star": "chaser2"}}
    match = in_phase(teams=teams, **PASS, **AWAY)
    events = match.do(order("pass", "home-chaser2", to="home-chaser1", star=6), 2)
    assert first(events, "star_sets")["result"] == 6
    assert match.quaffle["carrier"] == "home-chaser1"
    match.refused(order("pass", "home-chaser1", to="home-chaser2", star=6), "no_star")


def test_a_side_may_let_the_dice_stand_and_is_offered_the_re_roll_no_more():
    match = in_phase(**PASS, **AWAY)
    match.act("pass", "home-chaser2", 3, 9, to="home-chaser1")
    events = match.do({"action": "let_stand", "side": "away"})
    assert kinds(events) == ["dice_stand"]
    assert {c["side"] for c in match.offered() if c["action"] in ("reroll", "let_stand")} == {
        "home"
    }


def test_the_captain_re_rolls_once_a_phase():
    """After home's re-roll of the pass, home beater 1's missed hit cannot be re-rolled."""
    match = in_phase(**PASS, **AWAY, bludgers=[[16, 20], [10, 4]])
    match.act("pass", "home-chaser2", 3, 9, to="home-chaser1")
    match.do({"action": "reroll", "side": "home", "die": 0}, 5, 2)
    match.act("hit_bludger", "home-beater1", 1, 9, 1, bludger=1, direction="N")
    offered = {(c["side"], c["action"]) for c in match.offered()}
    assert ("home", "reroll") not in offered and ("away", "reroll") in offered
    match.refused({"action": "reroll", "side": "home", "die": 0}, "no_reroll")
