"""Readings of the text decided this turn (docs/rules/tabletop-quidditch.md): the star
seeker and the 3D6, the match with no seeker left, and who gives a side's commands."""

import pytest

from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor, RuleViolation
from tests.quidditch.tabletop import MANIFEST, RULES, Match, first, in_phase, kinds, scenario
from tests.support import apply_scripted


def test_star_player_the_star_seeker_sets_one_die_of_the_3d6():
    """ "The star player may modify one of their dice rolls a phase ... to whatever result
    they choose": the seeker's 3D6 is three dice, of which the star sets one. A 1 set and
    two 1s rolled make the 3 that makes the snitch appear."""
    match = Match({"scenario": scenario()})
    events = match.do({"action": "begin_phase", "side": "home", "star": 1}, 1, 1, 2, 5)
    assert first(events, "star_sets")["result"] == 1
    assert first(events, "seeker_looks")["faces"] == [1, 1, 1]
    assert match.state["snitch"]["seen"] == ["home"]
    assert match.state["phase"]["star_used"] == ["home"]


def test_star_player_begin_phase_is_offered_with_the_star_only_when_the_star_rolls():
    """The home star is the seeker (the default), who rolls the 3D6 while the snitch is
    hidden; a star chaser rolls nothing when a phase begins."""
    match = Match({"scenario": scenario()})
    begins = [c for c in match.offered() if c["action"] == "begin_phase"]
    assert [c.get("star") for c in begins] == [None, 1, 2, 3, 4, 5, 6]
    chaser_star = {"home": {"star": "chaser1"}}
    match = Match({"scenario": scenario(), "teams": chaser_star})
    begins = [c for c in match.offered() if c["action"] == "begin_phase"]
    assert begins == [{"action": "begin_phase", "side": "home"}]


def test_star_player_no_injury_counts_against_the_3d6():
    """Three 1s make the snitch appear even for a seeker with -1 to dice rolls: a 1 less
    would make the 3 impossible."""
    match = Match({"scenario": scenario()})
    match.state["players"]["home-seeker"]["dice_loss"] = 1
    match.begin("home", 1, 1, 1, 2, 5)
    assert match.state["snitch"]["square"] == [24, 5]


def test_the_match_ends_when_no_seeker_is_left_on_a_broom():
    """ "The seeker is the only player allowed to touch the snitch": with both seekers off
    their brooms nobody can end the match by catching it, so it ends there, the score as
    it stands. Away's seeker is off; a bludger knocks home's off (dodge 1, injury 1)."""
    match = in_phase(
        away_seeker=None,
        home_seeker=[20, 18],
        bludgers=[[16, 18], [15, 20]],
        score={"home": 10, "away": 30},
    )
    events = match.end_phase("home", 1, 1)
    assert kinds(events)[-1] == "match_over"
    assert match.state["over"] and match.state["ended_by"] == "no_seekers"
    assert RULES.result(match.state) == {
        "winner": "away",
        "score": {"home": 10, "away": 30},
        "goals": {"home": 0, "away": 0},
        "ended_by": "no_seekers",
        "snitch": None,
        "teams": {"home": None, "away": None},
    }
    assert MANIFEST.words.narrate(events[-1])["en"] == (
        "The match is over, no seeker is left to catch the snitch: Home 10, Away 30. Away wins!"
    )


def test_a_match_with_one_seeker_left_plays_on():
    match = in_phase(home_seeker=[20, 18], bludgers=[[16, 18], [15, 20]])
    match.end_phase("home", 1, 1)
    assert match.state["players"]["home-seeker"]["square"] is None
    assert not match.state["over"], "away's seeker is still on a broom"


STORYGUIDE_HOME = Actor(REFEREE, frozenset({"home"}))


def test_a_storyguide_holding_a_side_gives_its_commands_and_no_others():
    """A storyguide seated as home is ``Actor(REFEREE, {"home"})``: home's commands, not
    away's (``referee_relays`` is False: TTQ has no referee who moves anyone's players)."""
    match = Match({"scenario": scenario()})
    offered = RULES.allowed_commands(match.state, STORYGUIDE_HOME)
    assert {c["side"] for c in offered} == {"home"} and offered
    away = Match({"scenario": scenario(side="away")})
    assert RULES.allowed_commands(away.state, STORYGUIDE_HOME) == []
    with pytest.raises(RuleViolation) as refused:
        apply_scripted(
            RULES, away.state, {"action": "begin_phase", "side": "away"}, STORYGUIDE_HOME, ()
        )
    assert refused.value.code == "not_your_side"
    apply_scripted(
        RULES, match.state, {"action": "begin_phase", "side": "home"}, STORYGUIDE_HOME, (6, 6, 6)
    )


def test_a_storyguide_holding_no_side_gives_no_command_and_sees_everything():
    """Nothing is hidden in TTQ: a referee, a spectator, each side and a storyguide holding
    a side see the same state; the first-phase roll is a player's."""
    match = Match()
    assert RULES.allowed_commands(match.state, Actor(REFEREE)) == []
    assert RULES.allowed_commands(match.state, STORYGUIDE_HOME) == [{"action": "toss"}]
    assert RULES.allowed_commands(match.state, Actor(PLAYER, frozenset({"away"}))) == [
        {"action": "toss"}
    ]
    viewers = [Actor(SPECTATOR), Actor(REFEREE), STORYGUIDE_HOME, Actor(PLAYER, frozenset({"a"}))]
    assert all(RULES.view(match.state, viewer) == match.state for viewer in viewers)
    assert RULES.referee_relays is False
