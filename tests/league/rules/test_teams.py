"""§8.5 and §8.6: team sizes at the start, the bigger team sitting out, substitutions."""

from __future__ import annotations

import pytest

from games.ruleset import RuleViolation
from league.rules.teams import (
    Change,
    Player,
    default_sitting_out,
    line_up,
    play_without,
    substitute,
)

K, S, C, B = "keeper", "seeker", "chaser", "beater"


def team(house: str, *positions: str) -> tuple[Player, ...]:
    """Players named by house, position and number: ("G", K, C, C) -> Gk, Gc1, Gc2."""
    seen: dict[str, int] = {}
    players = []
    for position in positions:
        seen[position] = seen.get(position, 0) + 1
        number = seen[position] if position in (C, B) else ""
        players.append(Player(f"{house}{position[0]}{number}", position))
    return tuple(players)


FULL = (K, S, C, C, C, B, B)


def names(roster) -> list[str]:
    return [p.name for p in roster]


@pytest.mark.parametrize(
    ("home", "away"),
    [(FULL, FULL), (FULL, (K, S, C, B, B)), ((K, S, C), (K, S, B, C, C))],
    ids=["seven each", "two fewer", "three against five"],
)
def test_8_5_teams_differing_by_two_at_most_play_as_they_came(home, away):
    result = line_up((team("G", *home), team("S", *away)))
    assert not result.postponed
    assert result.teams == (team("G", *home), team("S", *away))
    assert result.sitting_out == ((), ())


@pytest.mark.parametrize(
    ("away", "sitting_out"),
    [
        ((K, S, C, B), ["Gc3"]),
        ((K, S, C), ["Gc3", "Gb2"]),
    ],
    ids=["seven against four", "seven against three"],
)
def test_8_5_the_bigger_team_sits_out_from_its_biggest_outfield_line(away, sitting_out):
    result = line_up((team("G", *FULL), team("S", *away)))
    assert names(result.sitting_out[0]) == sitting_out
    assert len(result.teams[0]) == len(away) + 2
    assert result.sitting_out[1] == ()


def test_8_5_on_a_tie_beaters_sit_out_before_chasers():
    assert names(default_sitting_out(team("G", K, S, C, C, B, B), 1)) == ["Gb2"]


def test_8_5_the_captain_may_choose_who_sits_out():
    result = line_up((team("G", K, S, C, B), team("S", *FULL)), sitting_out=["Sc1"])
    assert names(result.teams[1]) == ["Sk", "Ss", "Sc2", "Sc3", "Sb1", "Sb2"]
    assert names(result.sitting_out[1]) == ["Sc1"]


@pytest.mark.parametrize(
    ("sitting_out", "code"),
    [
        (["Sc1", "Sc2"], "invalid_line_up"),
        (["Sk"], "keeper_and_seeker_first"),
        (["Gc1"], "invalid_line_up"),
    ],
    ids=["too many", "the keeper", "a player of the smaller team"],
)
def test_8_5_the_captains_choice_must_even_out_the_teams(sitting_out, code):
    with pytest.raises(RuleViolation) as refused:
        line_up((team("G", K, S, C, B), team("S", *FULL)), sitting_out=sitting_out)
    assert (refused.value.code, refused.value.rule) == (code, "§8.5")


def test_8_5_nobody_sits_out_when_the_teams_are_close_enough():
    with pytest.raises(RuleViolation, match="two players at most"):
        line_up((team("G", *FULL), team("S", *FULL)), sitting_out=["Sc1"])


@pytest.mark.parametrize("short", [(K, S), (K,), ()], ids=["two", "one", "none"])
def test_8_5_fewer_than_three_players_postpone_the_game(short):
    result = line_up((team("G", *FULL), team("S", *short)))
    assert result.postponed
    assert "at least 3" in result.reason
    assert result.to_json()["postponed"] is True


@pytest.mark.parametrize(
    "positions", [(S, C, C, B), (K, C, B), (C, C, B)], ids=["no keeper", "no seeker", "neither"]
)
def test_8_5_keeper_and_seeker_are_filled_first(positions):
    with pytest.raises(RuleViolation) as refused:
        line_up((team("G", *positions), team("S", *FULL)))
    assert (refused.value.code, refused.value.rule) == ("keeper_and_seeker_first", "§8.5")


def test_2_no_team_has_two_keepers():
    keepers = (Player("Oliver", K), Player("Katie", K), Player("Harry", S))
    with pytest.raises(RuleViolation, match="2 keepers"):
        line_up((keepers, team("S", *FULL)))


def test_8_7_a_barred_player_may_not_line_up():
    with pytest.raises(RuleViolation) as refused:
        line_up((team("G", *FULL), team("S", *FULL)), barred={"Sc2"})
    assert (refused.value.code, refused.value.rule) == ("player_barred", "§8.7")


def test_8_6_the_example_a_chaser_stops_the_keeper_replaces_him_a_spectator_keeps_goal():
    changes = [Change("Gc1", None), Change("Gk", C), Change("Neville", K)]
    after = substitute(team("G", *FULL), changes, substitutions_made=0)
    assert [(p.name, p.position) for p in after] == [
        ("Gk", C),
        ("Gs", S),
        ("Gc2", C),
        ("Gc3", C),
        ("Gb1", B),
        ("Gb2", B),
        ("Neville", K),
    ]


@pytest.mark.parametrize(
    ("changes", "made", "code", "rule"),
    [
        ([Change("Gc1", None), Change("Dean", C)], 1, "no_substitution_left", "§8.6"),
        (
            [Change("Gc1", B), Change("Gb1", C), Change("Gc2", B), Change("Gb2", C)],
            0,
            "too_many_changes",
            "§8.6",
        ),
        ([Change("Gc1", C)], 0, "invalid_substitution", "§8.6"),
        ([Change("Dean", C)], 0, "invalid_substitution", "§8.6"),
        ([Change("Gk", None)], 0, "keeper_and_seeker_first", "§8.5"),
        ([Change("Gc1", None), Change("Marcus", C)], 0, "player_barred", "§8.7"),
    ],
    ids=[
        "second substitution",
        "four people",
        "no change",
        "adds a player",
        "leaves goal empty",
        "brings in a barred player",
    ],
)
def test_8_6_a_substitution_outside_the_rules_is_refused(changes, made, code, rule):
    with pytest.raises(RuleViolation) as refused:
        substitute(team("G", *FULL), changes, substitutions_made=made, barred={"Marcus"})
    assert (refused.value.code, refused.value.rule) == (code, rule)


def test_8_6_a_missing_player_may_be_substituted_when_the_team_has_not_yet():
    after = substitute(
        team("G", K, S, C, B), [Change("Gs", None), Change("Ginny", S)], substitutions_made=0
    )
    assert names(after) == ["Gk", "Gc1", "Gb1", "Ginny"]


def test_8_6_without_a_substitution_left_a_missing_chaser_is_not_replaced():
    assert names(play_without(team("G", *FULL), "Gc2")) == ["Gk", "Gs", "Gc1", "Gc3", "Gb1", "Gb2"]


def test_8_6_a_missing_seeker_must_be_replaced_by_a_playing_chaser_or_beater():
    after = play_without(team("G", *FULL), "Gs", stand_in="Gb1")
    assert names(after) == ["Gk", "Gc1", "Gc2", "Gc3", "Gb1", "Gb2"]
    assert {p.name: p.position for p in after}["Gb1"] == S
    with pytest.raises(RuleViolation) as refused:
        play_without(team("G", *FULL), "Gk")
    assert (refused.value.code, refused.value.rule) == ("stand_in_needed", "§8.6")
    assert "Gc1, Gc2, Gc3, Gb1, Gb2" in refused.value.message


def test_8_6_with_no_chaser_or_beater_left_the_seekers_place_stays_empty():
    assert names(play_without(team("G", K, S), "Gs")) == ["Gk"]


def test_8_6_only_a_keeper_or_seeker_gets_a_stand_in():
    with pytest.raises(RuleViolation, match="nobody stands in for a chaser"):
        play_without(team("G", *FULL), "Gc1", stand_in="Gb1")


def test_8_7_a_player_barred_during_the_game_is_not_replaced():
    short = play_without(team("G", *FULL), "Gc1")
    with pytest.raises(RuleViolation, match="adds none"):
        substitute(short, [Change("Dean", C)], substitutions_made=0)
