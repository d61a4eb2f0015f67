"""Holding a seat (issue 28): a storyguide seated at red is ``Actor(REFEREE, {"red"})``. The
dice game hides nothing ("Ils doivent pouvoir voir tous les dés pendant toute la manche",
LE JEU), so everyone sees the same state, and the referee may relay the commands of a
seat nobody holds (``referee_relays``): a storyguide entering the moves of two people
playing over the real case."""

import pytest

from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor, RuleViolation
from tests.quidditch.dice import RULES, started

STORYGUIDE_AT_RED = Actor(REFEREE, frozenset({"red"}))
RED = Actor(PLAYER, frozenset({"red"}))


def blues_turn():
    game = started()
    game.place("red", "snitch")
    game.end_turn("red")
    return game


def test_a_storyguide_in_a_seat_plays_it_as_its_player_would():
    """Red's turn: the storyguide at red is offered exactly what red's player is."""
    state = started().state
    offered = RULES.allowed_commands(state, STORYGUIDE_AT_RED)
    assert (
        offered
        == RULES.allowed_commands(state, RED)
        == [{"action": "place", "player": "red", "die": "snitch"}]
    )


def test_a_storyguide_in_a_seat_sees_what_everyone_sees():
    state = blues_turn().state
    assert RULES.view(state, STORYGUIDE_AT_RED) == RULES.view(state, Actor(SPECTATOR)) == state


def test_the_referee_relays_a_seat_nobody_holds_but_a_player_only_their_own():
    """Blue's turn: the storyguide may give blue's keeper (referee_relays); red's player may
    not, and is told so."""
    game = blues_turn()
    assert RULES.referee_relays is True
    keeper = {"action": "place", "player": "blue", "die": "keeper"}
    assert RULES.allowed_commands(game.state, STORYGUIDE_AT_RED) == [keeper]
    assert RULES.allowed_commands(game.state, RED) == []
    with pytest.raises(RuleViolation) as refused:
        RULES.apply(game.state, keeper, actor=RED, dice=None, now=0.0)
    assert refused.value.code == "not_your_side"
    assert RULES.seat_of(keeper, game.state) == "blue"


def test_either_seat_or_the_referee_may_roll_off():
    """PRÉPARATION: "Chaque joueur fait rouler un dé": the roll-off is nobody's seat's."""
    state = RULES.setup({})
    for actor in (STORYGUIDE_AT_RED, RED, Actor(REFEREE)):
        assert RULES.allowed_commands(state, actor) == [{"action": "roll_off"}]
    assert RULES.allowed_commands(state, Actor(SPECTATOR)) == []
    assert RULES.seat_of({"action": "roll_off"}, state) is None
