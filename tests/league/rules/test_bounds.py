"""What one cup game can give (league.rules.bounds): the bound of a Chat-Quidditch score
(§5.1, §5.5.6, §5.7.2, §5.7.3, §7) and the key that orders houses as §8.1 and §8.2 do."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from league.rules.bounds import Extremes, ScoreBounds
from league.rules.standings import key, points_of
from quidditch.chat.rules import ChatQuidditch
from quidditch.rpg.rules.ruleset import RpgQuidditch


def test_5_1_a_chat_quidditch_game_has_at_most_twenty_goals_nineteen_with_a_catch():
    """Two goals a round at most (the chasers' shot ends their sub-round, §5.5.6; a seen
    seeker's foul gives one free throw and takes the snitch away, §5.7.3), ten rounds
    (§5.1), and the catch ends the game in the seekers' sub-round (§5.7.2)."""
    bounds = ScoreBounds.from_json(ChatQuidditch().cup_score_bounds())
    assert bounds == ScoreBounds(
        goal_points=10, snitch_points=50, win_bonus=100, most_goals=20, most_goals_with_snitch=19
    )
    game = Extremes(bounds, unbounded=0)
    assert points_of(game.most) == 19 * 10 + 50 + 100 == 340, "19 goals, the catch, the win"
    assert game.most == key(340, 1, 0)
    assert game.least == key(0, 0, 20), "nothing scored, 20 conceded"
    assert game.opponent_of_most == key(0, 0, 19)


def test_7_points_are_the_score_with_the_bonus_for_the_win():
    bounds = ScoreBounds.from_json(ChatQuidditch().cup_score_bounds())
    assert bounds.outcome((2, 8), 0).points == (70, 180), "2 goals and the catch lose to 8"
    assert bounds.outcome((1, 0), None).winner == 0
    assert bounds.outcome((0, 5), 0).points == (50, 50), "a draw: no bonus"
    assert bounds.outcome((0, 5), 0).decided_winner() == 0, "a final goes to the catcher"
    assert bounds.outcome((0, 0), None).decided_winner() is None, "extended, not decided"


def test_an_rpg_quidditch_score_has_no_bound():
    bounds = ScoreBounds.from_json(RpgQuidditch().cup_score_bounds())
    assert not bounds.bounded
    assert bounds.outcome((0, 0), 1).points == (0, 150), "the score, with no win bonus"


counts = st.tuples(
    st.integers(-500, 20_000), st.integers(0, 40), st.integers(0, 800)
)  # points (frauds may take some), snitch catches, goals conceded


@given(counts, counts)
def test_8_2_keys_order_houses_as_the_table_does(first, second):
    """More points, then more catches, then fewer goals conceded (§8.1, §8.2)."""
    by_table = (-first[0], -first[1], first[2]) < (-second[0], -second[1], second[2])
    assert (key(*first) > key(*second)) == by_table
    assert (key(*first) == key(*second)) == (first == second)
    assert points_of(key(*first)) == first[0]


@given(counts, counts)
def test_keys_add_game_by_game(first, second):
    total = tuple(a + b for a, b in zip(first, second, strict=True))
    assert key(*first) + key(*second) == key(*total)
