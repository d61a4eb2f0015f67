"""Scenarios: a match may start from a given position, validated against the rules."""

import random

import pytest

from games.bots import play_out
from games.dice import ServerDice
from games.ruleset import RuleViolation
from quidditch.tabletop.rules.scenario import endgame
from tests.quidditch.tabletop import MANIFEST, RULES, Match, lineup, scenario


def refused(config: dict) -> str:
    with pytest.raises(RuleViolation) as caught:
        RULES.setup(config)
    assert caught.value.code == "invalid_config"
    return caught.value.detail.lower()


def test_a_position_in_play_starts_with_that_sides_phase():
    match = Match(
        {
            "scenario": scenario(
                side="away",
                quaffle={"carrier": "away-chaser2"},
                snitch={"square": [20, 12], "seen": ["away"]},
                score={"home": 30, "away": 10},
            )
        }
    )
    assert match.state["stage"] == "start" and match.state["next_side"] == "away"
    assert match.state["quaffle"] == {"square": [21, 10], "carrier": "away-chaser2"}
    assert match.state["score"] == {"home": 30, "away": 10}
    assert {"action": "begin_phase", "side": "away"} in match.offered()


def test_a_kick_off_position_starts_with_the_first_phase_roll():
    given = {"players": lineup(home_chaser2=[12, 10])}
    assert RULES.setup({"scenario": given})["stage"] == "toss"


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ({"players": lineup(home_chaser2=[14, 10])}, "out of the centre circle"),
        ({"players": lineup(home_chaser2=[20, 2])}, "own half"),
        (scenario(home_chaser2=[0, 0]), "off the pitch"),
        (scenario(home_chaser2=[11, 6]), "share a square"),
        (scenario(home_chaser1=[27, 10], home_chaser2=[26, 8]), "shooting zone"),
        (scenario(quaffle={"carrier": "home-beater1"}), "carrier"),
        (scenario(quaffle={"carrier": "home-chaser1"}, home_chaser1=None), "carrier"),
        (scenario(side="referee"), "home or away"),
        ({**scenario(), "bludgers": [[16, 10]]}, "both bludgers"),
        ({"side": "home"}, "places every player"),
        (scenario(snitch={"square": [20, 5], "seen": "home"}), "the snitch is"),
        (scenario(quaffle={"carrier": ["home-chaser1"]}), "carrier"),
        (scenario(home_seeker=None, away_seeker=None), "needs a seeker on a broom"),
    ],
)
def test_a_position_against_the_rules_is_refused(given, problem):
    assert problem in refused({"scenario": given})


def test_teams_captains_and_stars_are_positions():
    state = RULES.setup({"teams": {"home": {"name": "Gryffindor", "captain": "chaser1"}}})
    assert state["teams"]["home"] == {"name": "Gryffindor", "captain": "chaser1", "star": "seeker"}
    assert "captain" in refused({"teams": {"away": {"captain": "coach"}}})
    assert "a team is" in refused({"teams": {"away": "Slytherin"}})
    assert MANIFEST.words.game_title(state) == "Table Top Quidditch", "one team is not named"
    named = {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}
    assert MANIFEST.words.game_title(RULES.setup({"teams": named})) == "Gryffindor v Slytherin"


def test_a_malformed_command_is_refused_with_a_message():
    match = Match({"scenario": scenario()})
    match.refused({"action": "begin_phase", "side": ["home"]}, "bad_command")
    match.refused(
        {"action": "move", "side": "home", "player": "home-seeker", "to": [1]}, "bad_command"
    )
    match.refused(
        {"action": "shoot", "side": "home", "player": "home-chaser1", "hoop": True}, "bad_command"
    )
    match.refused({"action": "fly", "side": "home"}, "unknown_command")
    Match().refused({"action": "toss", "star": 6}, "no_star")


def test_the_endgame_is_a_position_close_to_the_end():
    """``endgame``: away (no seeker left) plays, then home's seeker, who has seen the snitch
    four squares off, chases it; bots on both sides finish it in a few phases, by the snitch
    (or by home's seeker falling too)."""
    state = RULES.setup({"scenario": endgame()})
    assert state["next_side"] == "away" and state["snitch"]["seen"] == ["home"]
    for seed in range(10):
        rng = random.Random(seed)
        bots = {"home": "chaser", "away": "chaser"}
        over = play_out(RULES, state, bots, rng, ServerDice(rng.randbytes(32), "endgame"))
        assert over["ended_by"] in ("snitch", "no_seekers") and over["phase"]["number"] <= 20
