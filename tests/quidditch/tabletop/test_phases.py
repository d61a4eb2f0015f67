"""Game progression: the first-phase roll, the release, a phase's three places, move-act
order, and the end of a phase."""

from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor
from tests.quidditch.tabletop import (
    MANIFEST,
    NO_SNITCH,
    RULES,
    Match,
    first,
    in_phase,
    kinds,
    order,
)


def test_the_first_phase_roll_the_higher_plays_first_a_tie_rolls_again_then_the_release():
    """3-3 is rolled again; away 5 beats home 2. Bludger 0 flies at the nearest home
    player, bludger 1 at the nearest away player, 4 squares each."""
    match = Match()
    events = match.do({"action": "toss"}, 3, 3, 2, 5)
    assert kinds(events)[:3] == ["first_phase_roll", "first_phase_roll", "balls_released"]
    flights = [e["target"].split("-")[0] for e in events if e["type"] == "bludger_flies"]
    assert flights == ["home", "away"]
    assert match.state["stage"] == "start" and match.state["next_side"] == "away"
    home = RULES.allowed_commands(match.state, match_actor("home"))
    assert {c["action"] for c in home} == {"reroll", "let_stand"}, "only the captain's re-roll"


def match_actor(side):
    return Actor(PLAYER, frozenset((side,)))


def test_one_chaser_one_beater_and_the_seeker_act_in_a_phase():
    match = in_phase()
    match.move("home-chaser1", [12, 6])
    match.refused(order("move", "home-chaser2", to=[12, 10]), "may_not_move")
    match.move("home-beater1", [10, 4])
    match.refused(order("move", "home-beater2", to=[10, 16]), "may_not_move")
    match.refused(order("move", "away-seeker", to=[18, 3]), "may_not_move")
    match.move("home-seeker", [14, 3])


def test_the_keeper_fills_the_chaser_place():
    match = in_phase()
    match.move("home-keeper", [5, 10])
    match.refused(order("move", "home-chaser1", to=[12, 6]), "may_not_move")


def test_move_then_act_or_act_then_move_never_move_act_move():
    match = in_phase(home_chaser2=[15, 10])
    match.move("home-chaser2", [16, 10])
    match.act("catch", "home-chaser2", 2)
    match.refused(order("move", "home-chaser2", to=[17, 10]), "may_not_move")

    match = in_phase(home_chaser2=[16, 10])
    match.act("catch", "home-chaser2", 2)
    match.move("home-chaser2", [18, 10])
    match.refused(order("catch", "home-chaser2"), "may_not_act")


def test_a_phase_ends_by_choice_and_the_other_side_plays_the_next():
    match = in_phase()
    events = match.end_phase("home")
    assert first(events, "phase_ends")["reason"] == "choice"
    assert match.state["next_side"] == "away"
    match.refused({"action": "begin_phase", "side": "home"}, "not_your_phase")
    match.begin("away", *NO_SNITCH)
    assert match.state["phase"] == {**match.state["phase"], "number": 2, "side": "away"}


def test_a_phase_ends_once_its_three_places_have_moved_and_acted():
    """With no act possible (no quaffle, no bludger near) a place is spent once it has moved."""
    match = in_phase()
    match.move("home-chaser1", [12, 6])
    match.move("home-beater1", [10, 4])
    events = match.move("home-seeker", [14, 3])
    assert first(events, "phase_ends")["reason"] == "done"


def test_a_dazed_player_sits_out_the_rest_of_the_phase_and_their_sides_next():
    match = in_phase()
    match.state["players"]["away-chaser1"]["dazed"] = 1  # dazed in home's phase 1
    match.end_phase("home")
    match.begin("away", *NO_SNITCH)
    match.refused(order("move", "away-chaser1", to=[20, 6]), "may_not_move")
    match.state["bludgers"] = [{"square": s, "struck_by": None} for s in ([16, 20], [15, 20])]
    match.end_phase("away")
    assert match.state["players"]["away-chaser1"]["dazed"] is None


def test_nothing_is_hidden_every_actor_sees_the_whole_state():
    match = in_phase()
    for actor in (Actor(SPECTATOR), Actor(REFEREE), match_actor("home"), match_actor("away")):
        assert RULES.view(match.state, actor) == match.state
    assert MANIFEST.playtest.secrets(match.state) == {} and not RULES.secret_roll_purposes
