"""§2, §3.2, §4.1.1 and §4.2: teams, nicks, experience points, the quaffle roll."""

from __future__ import annotations

import json

import pytest

from games.ruleset import RuleViolation, find_ruleset

from . import RULES, Game, config, team


def test_ruleset_is_registered_by_name():
    assert find_ruleset("chat-quidditch") is not None
    assert find_ruleset("chat-quidditch").name == "chat-quidditch"


def test_4_1_1_nicks_from_house_initial_position_and_number():
    state = RULES.setup(config())
    assert list(state["players"]) == [
        "GHüter",
        "GSucher",
        "GJäger1",
        "GJäger2",
        "GJäger3",
        "GTreiber1",
        "GTreiber2",
        "SHüter",
        "SSucher",
        "SJäger1",
        "SJäger2",
        "SJäger3",
        "STreiber1",
        "STreiber2",
    ]


def test_4_1_1_a_lone_chaser_or_beater_still_carries_number_one():
    small = team("Hufflepuff", roster=["keeper", "seeker", "chaser", "beater"])
    state = RULES.setup(config(teams=[small, team("Ravenclaw")]))
    assert {"HJäger1", "HTreiber1"} <= set(state["players"])


def test_4_1_1_players_keep_their_name_and_character():
    cfg = config()
    cfg["teams"][0]["players"][0]["character"] = 12
    state = RULES.setup(cfg)
    assert state["players"]["GHüter"]["name"] == "Gryffindor 0"
    assert state["players"]["GHüter"]["character"] == 12


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda c: c["teams"].pop(), "§2"),
        (lambda c: c["teams"][0]["players"].append({"position": "chaser"}), "§2"),
        (lambda c: c["teams"][0]["players"].append({"position": "beater"}), "§2"),
        (lambda c: c["teams"][0]["players"].pop(0), "§2"),  # no keeper
        (lambda c: c["teams"][0]["players"][0].update(position="captain"), "§2"),
        (lambda c: c["teams"][1].update(house="Gringotts", initial="G"), "§4.2"),
        (lambda c: c["teams"][1].update(initial="M"), "§4.2"),
        (lambda c: c["teams"][0].update(captain="SHüter"), "§2.2"),
        (lambda c: c.update(answer_seconds=0), "§3.4"),
        (lambda c: c.update(rounds=0), "§5.1"),
        (lambda c: c.update(colour="red"), ""),
    ],
)
def test_2_invalid_configs_are_refused(change, rule):
    cfg = config()
    change(cfg)
    with pytest.raises(RuleViolation) as caught:
        RULES.setup(cfg)
    assert caught.value.code == "invalid_config"
    assert caught.value.rule == rule


def test_2_2_captain_by_nick_or_roster_index():
    cfg = config()
    cfg["teams"][0]["captain"] = "GJäger2"
    cfg["teams"][1]["captain"] = 3
    teams = RULES.setup(cfg)["teams"]
    assert [t["captain"] for t in teams] == ["GJäger2", "SJäger2"]


@pytest.mark.parametrize(
    "xp",
    [
        {2: 2, 3: 2},  # two players with 2
        {2: 1, 3: 1, 4: 1},  # three players with 1
        {1: 1},  # the seeker
        {2: 3},
    ],
)
def test_3_2_captains_xp_one_player_two_two_players_one_never_the_seeker(xp):
    cfg = config(teams=[team("Gryffindor", xp), team("Slytherin", {})])
    with pytest.raises(RuleViolation) as caught:
        RULES.setup(cfg)
    assert caught.value.rule == "§3.2"


def test_3_2_xp_given_in_the_config_skip_the_captains_step():
    teams = [team("Gryffindor", {2: 2, 0: 1, 5: 1}), team("Slytherin", {})]
    state = RULES.setup(config(teams=teams))
    assert state["phase"] == "quaffle_roll"
    assert state["players"]["GJäger1"]["xp"] == 2


def test_3_2_captains_assign_xp_before_the_start():
    game = Game(config(teams=[team("Gryffindor"), team("Slytherin")]))
    assert game.phase == "experience"
    game.refused({"action": "quaffle_roll"}, "out_of_turn")
    points = {"GJäger1": 2, "GHüter": 1, "GTreiber2": 1}
    game.do({"action": "experience", "points": points}, by="GHüter")
    seeker_xp = {"action": "experience", "points": {"SSucher": 1}}
    game.refused(seeker_xp, "invalid_experience", by="SHüter")
    game.do({"action": "experience", "points": {}}, by="SHüter")
    assert game.state["players"]["GJäger1"]["xp"] == 2
    assert game.state["players"]["GTreiber2"]["xp"] == 1
    assert game.phase == "quaffle_roll"


def test_3_2_only_the_captain_assigns_xp():
    game = Game(config(teams=[team("Gryffindor"), team("Slytherin")]))
    game.refused({"action": "experience", "points": {}}, "not_allowed_now", by="GJäger1")


def test_4_2_quaffle_roll_higher_sum_wins_without_xp():
    """Slytherin's captain has 2 XP, yet 7 against 8 loses (§4.2)."""
    game = Game(config(teams=[team("Gryffindor", {}), team("Slytherin", {0: 2})]))
    game.do({"action": "quaffle_roll"}, 4, 4, 3, 4, by="SHüter")
    assert game.state["possession"] == 0
    assert game.event("quaffle_roll")["rolls"] == [[[4, 4], [3, 4]]]


def test_4_2_quaffle_roll_tie_is_settled_like_a_combat_roll():
    game = Game()
    game.do({"action": "quaffle_roll"}, 3, 3, 3, 3, 1, 1, 2, 2)
    assert game.state["possession"] == 1
    assert game.phase == "goal_choice"


@pytest.mark.parametrize(
    ("choice", "pitch", "goals"),
    [("T", ["S", "M", "G"], ["G", "S"]), ("H", ["G", "M", "S"], ["G", "S"])],
)
def test_4_2_loser_names_t_or_h_and_the_thirds_are_renamed(choice, pitch, goals):
    game = Game()
    game.do({"action": "quaffle_roll"}, 6, 6, 1, 1)
    game.refused(choice, "not_allowed_now", by="GHüter")  # the winner does not choose
    game.do(choice, by="SHüter")
    assert game.state["pitch"] == pitch
    assert [t["goal_third"] for t in game.state["teams"]] == goals
    # keepers stay at their own goal (§5.3)
    assert game.state["thirds"] == {"GHüter": "G", "SHüter": "S"}
    assert game.phase == "chat"


def test_4_2_only_t_or_h_can_be_chosen():
    game = Game()
    game.do({"action": "quaffle_roll"}, 6, 6, 1, 1)
    game.refused("M", "not_allowed_now", by="SHüter")


def test_state_round_trips_through_json():
    game = Game().kick_off().to_chasers()
    assert json.loads(json.dumps(game.state)) == game.state
