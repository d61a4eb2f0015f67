"""QUIDDITCH (Optional Rules), rpg-skirmishes.en.txt: each rule on scripted dice."""

import pytest

from games.ruleset import Actor, RuleViolation
from quidditch.rpg.manifest import MANIFEST
from quidditch.rpg.rules.turn import snitch_turn
from tests.quidditch.rpg import AT_KEEPERS, MISS, REFEREE, RULES, Match, flat, team


def of_type(events, kind):
    return [event for event in events if event["type"] == kind]


def test_scoring_chasers_roll_strength_against_keeper_toughness_plus_dexterity():
    """ "the three chasers on each team roll Strength against a target difficulty set by the
    Toughness of the other side's keeper plus that keeper's Dexterity": 10 + 4 + 5 = 19."""
    match = Match()
    events = match.turn(
        AT_KEEPERS, *flat((14, 2), MISS, MISS, MISS, MISS, MISS), *flat(*[MISS] * 4), blind=True
    )
    shots = of_type(events, "shot")
    assert [shot["difficulty"] for shot in shots] == [19] * 6
    assert (shots[0]["total"], shots[0]["success"]) == (19, True), "14 + 5 reaches 19"
    assert match.state["score"] == {"home": 10, "away": 0}, "each unblocked goal is worth ten"


def test_blocking_beaters_roll_strength_against_keeper_toughness_and_cost_one_health():
    """ "A beater's attack rolls Strength against ... the Toughness of the other side's
    keeper": 14. "Success costs the chaser one Health point from impact.\""""
    match = Match()
    targets = {**AT_KEEPERS, "away.beater1": "home.chaser1"}
    faces = flat((20, 1), MISS, MISS, MISS, MISS, MISS, MISS, MISS, (9, 9), MISS)
    events = match.turn(targets, *faces, blind=True)
    bludger = of_type(events, "bludger")[2]
    assert (bludger["target"], bludger["difficulty"], bludger["total"]) == ("home.chaser1", 14, 14)
    assert match.state["players"]["home.chaser1"]["health"] == 4


@pytest.mark.parametrize(
    ("beater_faces", "blocked", "score"),
    [
        ((18, 1), True, 0),  # 23 - 14 = 9 beats the shot's 25 - 19 = 6: blocked
        ((15, 1), False, 10),  # 20 - 14 = 6 equals 6: not more, the goal stands
    ],
)
def test_a_goal_is_blocked_when_the_beaters_margin_beats_the_chasers(beater_faces, blocked, score):
    """ "If the beater's attack roll succeeded by more than the chaser's scoring attack roll,
    the goal was also blocked.\""""
    match = Match()
    targets = {**AT_KEEPERS, "away.beater1": "home.chaser1"}
    faces = flat((20, 1), MISS, MISS, MISS, MISS, MISS, MISS, MISS, beater_faces, MISS)
    events = match.turn(targets, *faces, blind=True)
    assert bool(of_type(events, "bludger")[2].get("blocked")) is blocked
    assert match.state["score"]["home"] == score


def test_attacking_a_chaser_who_would_not_have_scored_draws_a_penalty_shot():
    """ "a beater can attack a chaser that would not otherwise have succeeded in scoring, but
    this will probably draw a penalty shot (a separate chaser attack roll that cannot be
    interfered with by beaters)": home chaser 1 misses, is attacked, and shoots again."""
    match = Match()
    targets = {**AT_KEEPERS, "away.beater1": "home.chaser1"}
    # Each side's second chaser scores, so attacking a keeper is no foul; home chaser 1 misses.
    chasers = flat(MISS, (20, 1), MISS, MISS, (20, 1), MISS)
    events = match.turn(targets, *chasers, *flat(*[MISS] * 4), 15, 1)
    fouls = [event["target"] for event in of_type(events, "bludger") if event["foul"]]
    assert fouls == ["home.chaser1"]
    (penalty,) = of_type(events, "penalty_shot")
    assert (penalty["player"], penalty["total"], penalty["success"]) == ("home.chaser1", 20, True)
    assert match.state["score"] == {"home": 20, "away": 10}


def test_attacking_the_keeper_is_no_foul_while_the_quaffle_is_in_the_scoring_zone():
    """ "a beater can also choose to attack the keeper. This is also worth a penalty shot
    unless the quaffle is in the scoring zone": a home chaser scoring puts it there."""
    match = Match()
    targets = {**AT_KEEPERS, "away.beater1": "home.chaser1", "away.beater2": "home.chaser1"}
    faces = flat((20, 1), *[MISS] * 5, *[MISS] * 4)
    events = match.turn(targets, *faces)
    assert [event["foul"] for event in of_type(events, "bludger")] == [False] * 4


def test_madam_hooch_calls_no_penalty_when_she_is_distracted():
    """ "Madam Hooch only calls penalty shots when she isn't distracted": the storyguide's call."""
    match = Match()
    events = match.turn(AT_KEEPERS, *flat(*[MISS] * 10), blind=True)
    assert len(of_type(events, "foul_unseen")) == 4 and not of_type(events, "penalty_shot")


def test_a_distracted_referee_can_be_a_chance_rolled_on_a_d100():
    """Our reading of "a match setting with a chance": each foul rolls a d100, and at or under
    the setting Madam Hooch was looking elsewhere. Four fouls: 30 and 1 go unseen."""
    match = Match(referee_distracted_percent=30)
    faces = [*flat(*[MISS] * 10), 30, 31, *MISS, 100, *MISS, 1]
    events = match.turn(AT_KEEPERS, *faces)
    assert len(of_type(events, "foul_unseen")) == 2 and len(of_type(events, "penalty_shot")) == 2


@pytest.mark.parametrize(
    ("turn", "phase"),
    [(9, False), (10, True), (11, False), (14, False), (15, True), (20, True), (25, True)],
)
def test_the_snitch_phase_ends_turn_10_and_every_fifth_turn_after(turn, phase):
    """ "This phase occurs at the end of the tenth turn, and at the end of every fifth turn
    thereafter.\""""
    assert snitch_turn(turn) is phase


def play_to_turn_10(match):
    for _ in range(9):
        match.turn(AT_KEEPERS, *flat(*[MISS] * 10), blind=True)
    assert match.state["turn"] == 10


def test_a_seeker_beating_the_other_by_ten_catches_the_snitch_for_150_and_the_end():
    """ "if one seeker's roll exceeds the other seeker's roll by ten or more points, that seeker
    catches the snitch, scoring 150 points and ending the game": 20 + 5 against 10 + 5."""
    match = Match()
    play_to_turn_10(match)
    seekers = {"home.seeker": "catch", "away.seeker": "catch"}
    events = match.turn(AT_KEEPERS, *flat(*[MISS] * 10), 20, 1, 10, 1, seekers=seekers, blind=True)
    assert of_type(events, "snitch_caught")[0]["side"] == "home"
    assert match.state["score"] == {"home": 150, "away": 0} and match.state["over"]
    result = RULES.result(match.state)
    assert (result["winner"], result["house_points"]) == ("home", 150)


def test_a_seeker_beating_the_other_by_nine_does_not_catch_it():
    match = Match()
    play_to_turn_10(match)
    seekers = {"home.seeker": "catch", "away.seeker": "catch"}
    events = match.turn(AT_KEEPERS, *flat(*[MISS] * 10), 19, 1, 10, 1, seekers=seekers, blind=True)
    assert of_type(events, "snitch_escaped") and match.state["turn"] == 11


def test_an_interfering_seeker_doubles_the_dexterity_bonus_and_cannot_catch():
    """ "When interfering, the seeker doubles his roll bonus from Dexterity, but will not catch
    the snitch on that attempt": 20 + 10 = 30, yet no catch; the other needs 40."""
    match = Match()
    play_to_turn_10(match)
    seekers = {"home.seeker": "interfere", "away.seeker": "catch"}
    events = match.turn(AT_KEEPERS, *flat(*[MISS] * 10), 20, 1, 1, 1, seekers=seekers, blind=True)
    home, away = of_type(events, "seeker")
    assert (home["total"], away["total"]) == (30, 6)
    assert of_type(events, "snitch_escaped")


def test_a_chaser_with_no_health_left_leaves_the_match():
    """Our reading (docs/rules/rpg-quidditch.md): at zero Health a player leaves the match."""
    match = Match()
    match.state["players"]["home.chaser1"]["health"] = 1
    targets = {**AT_KEEPERS, "away.beater1": "home.chaser1"}
    events = match.turn(targets, *flat(*[MISS] * 6, MISS, MISS, (20, 1), MISS), blind=True)
    assert of_type(events, "left_the_match")[0]["player"] == "home.chaser1"
    offered = RULES.allowed_commands(match.state, REFEREE)
    assert {"action": "aim", "player": "away.beater1", "target": "home.chaser1"} not in offered


ROSTER = {
    7: {
        "name": "Oliver",
        "house": {"id": 1, "name": "Gryffindor", "initial": "G"},
        "attributes": {},
        "health": 0,
        "position": "keeper",
        "player": None,
    },
    8: {
        "name": "Marcus",
        "house": {"id": 2, "name": "Slytherin", "initial": "S"},
        "attributes": {},
        "health": 5,
        "position": "chaser",
        "player": None,
    },
    9: {
        "name": "Katie",
        "house": {"id": 1, "name": "Gryffindor", "initial": "G"},
        "attributes": {},
        "health": 5,
        "position": "chaser",
        "player": None,
    },
}


@pytest.mark.parametrize(
    ("players", "detail"),
    [
        ([7], "Oliver has no Health left and cannot play."),
        ([3], "There is no character 3 in this campaign."),
        ([8], "Marcus does not play for this house."),
        ([9, 9], "Katie cannot play twice in one match."),
    ],
)
def test_prepare_fields_only_fit_characters_of_the_teams_house(players, detail):
    """A character at zero Health cannot be fielded (our reading); a team is its house's."""
    config = {"teams": [{"house": 1, "players": [{"character": c} for c in players]}, team("S")]}
    with pytest.raises(RuleViolation) as refused:
        MANIFEST.cast.prepare(config, ROSTER)
    assert (refused.value.code, refused.value.detail) == ("invalid_config", detail)


def test_a_choice_is_its_choosers_own_until_the_turn_is_rolled():
    """ "the order of action within the turn is irrelevant": a beater's target is not shown to
    the other side before the turn is rolled, in the state or in the log."""
    match = Match()
    command = {"action": "aim", "player": "home.beater1", "target": "away.chaser2"}
    match.do(command)
    away = Actor("player", frozenset({"away.beater1"}))
    home = Actor("player", frozenset({"home.beater1"}))
    assert RULES.view(match.state, away)["choices"] == {"home.beater1": "chosen"}
    assert RULES.view(match.state, home)["choices"] == {"home.beater1": "away.chaser2"}
    record = {"command": command, "submitted": {"command": command}, "events": [], "dice": []}
    assert RULES.view_event(record, away)["command"]["target"] == "chosen"
    assert RULES.view_event(record, REFEREE)["submitted"]["command"]["target"] == "chosen"
    assert RULES.view_event(record, home)["command"]["target"] == "away.chaser2"


def test_a_team_written_out_fields_no_character():
    """A match writes Health back to its characters' sheets: a team written out (a house by
    name) may not name one, or it would reach sheets its house never fielded."""
    written_out = team("Gryffindor")
    written_out["players"][0]["character"] = 9
    with pytest.raises(RuleViolation) as refused:
        MANIFEST.cast.prepare({"teams": [written_out, team("Slytherin")]}, ROSTER)
    assert refused.value.detail == "To field the campaign's characters, give their house by id."


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        ({"attributes": [5, 4, 5]}, "GC1 needs Strength, Toughness and Dexterity."),
        ({"name": 7}, "A player's name is a text."),
        ({"health": 0}, "GC1 has no Health left and cannot play."),
    ],
)
def test_a_player_written_out_needs_a_name_the_three_attributes_and_health(change, detail):
    written_out = team("Gryffindor")
    written_out["players"][0].update(change)
    with pytest.raises(RuleViolation) as refused:
        RULES.setup({"teams": [written_out, team("Slytherin")]})
    assert (refused.value.code, refused.value.detail) == ("invalid_config", detail)
