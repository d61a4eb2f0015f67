"""§8.5: one house's line-up checked alone, as it is chosen before the game
(``check_team``); what depends on both teams is ``line_up``'s, at the start."""

from __future__ import annotations

import pytest

from games.ruleset import RuleViolation
from league.rules.teams import Player, check_team

K, S, C, B = "keeper", "seeker", "chaser", "beater"


def team(*positions: str) -> tuple[Player, ...]:
    return tuple(Player(f"p{i}", position) for i, position in enumerate(positions))


def test_8_5_a_full_team_and_a_small_one_are_kept_as_chosen():
    assert check_team(team(K, S, C, C, C, B, B)) == team(K, S, C, C, C, B, B)
    assert check_team(team(S, K, B)) == team(S, K, B)


def test_8_5_fewer_than_three_are_not_refused_here_the_start_postpones_the_game():
    assert check_team(team(C, B)) == team(C, B)


@pytest.mark.parametrize(
    ("positions", "code", "rule", "detail"),
    [
        ((K, K, S), "invalid_line_up", "§2", "2 keepers: a team has one keeper."),
        ((K, S, C, C, C, C), "invalid_line_up", "§2", "4 chasers: a team has at most 3."),
        ((K, S, B, B, B), "invalid_line_up", "§2", "3 beaters: a team has at most 2."),
        (
            (S, C, B),
            "keeper_and_seeker_first",
            "§8.5",
            "No keeper: the keeper and the seeker are filled before chasers and beaters.",
        ),
        (
            (C, C, B),
            "keeper_and_seeker_first",
            "§8.5",
            "No keeper and no seeker: they are filled before chasers and beaters.",
        ),
    ],
    ids=["two keepers", "four chasers", "three beaters", "no keeper", "neither"],
)
def test_8_5_and_2_what_a_team_cannot_be(positions, code, rule, detail):
    with pytest.raises(RuleViolation) as refused:
        check_team(team(*positions))
    assert (refused.value.code, refused.value.rule, refused.value.detail) == (code, rule, detail)


def test_2_nobody_plays_twice_and_8_7_nobody_barred():
    with pytest.raises(RuleViolation) as twice:
        check_team((Player("Harry", S), Player("Harry", K), Player("Ron", K)))
    assert twice.value.detail == "Listed twice: Harry. A player plays one position."
    with pytest.raises(RuleViolation) as barred:
        check_team(team(K, S, C), barred={"p2"})
    assert (barred.value.rule, barred.value.detail) == (
        "§8.7",
        "Barred from this game for fraud: p2.",
    )
