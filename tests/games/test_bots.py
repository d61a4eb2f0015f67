"""Bots play by the rules and never call a game off on their own (issue 28).

"When every offer a bot has is a rare action, ``next_bot_move`` falls back to the
unfiltered list and takes ``end_game``, weight 0 notwithstanding": a person seated
with bots everywhere else never got to play, the game ended 0-0 by the bots' votes.
"""

import random

import pytest

from games import bots
from games.bots import REFEREE_SEAT, next_bot_move
from games.manifest import Manifest, Playtest
from games.ruleset import Ruleset

RARE = {"end_game": 0.0, "concede": 0.5}


@pytest.fixture(autouse=True)
def _rare_actions(monkeypatch):
    """The test's rules, not registered, are read with these rare actions."""
    monkeypatch.setattr(
        bots, "manifest_for", lambda rules: Manifest(rules, playtest=Playtest(rare_actions=RARE))
    )


class Vote(Ruleset):
    """Two seats; each may vote to end, or ``play`` while the match still runs."""

    name = "vote-test"

    def __init__(self, offers: list[dict]) -> None:
        self.offers = offers

    def seats(self, state):
        return ["home", "away"]

    def allowed_commands(self, state, actor, *, now=None):
        return [{**offer, "player": seat} for offer in self.offers for seat in actor.controls]


def test_a_random_bot_never_takes_an_action_weighed_zero_even_when_it_is_all_there_is():
    rules = Vote([{"action": "end_game"}])
    for seed in range(50):
        assert next_bot_move(rules, {}, {"away": "random"}, random.Random(seed)) is None


def test_a_random_bot_takes_a_rare_action_when_nothing_else_is_offered():
    """Random play (the fuzzer) must still come to an end where a table would concede."""
    rules = Vote([{"action": "concede"}])
    move = next_bot_move(rules, {}, {"away": "random"}, random.Random(1))
    assert move.command == {"action": "concede", "player": "away"}


def test_a_rare_action_is_taken_only_as_often_as_its_weight_says():
    rules = Vote([{"action": "play"}, {"action": "concede"}])
    taken = [
        next_bot_move(rules, {}, {"away": "random"}, random.Random(seed)).command["action"]
        for seed in range(400)
    ]
    assert 0.15 < taken.count("concede") / len(taken) < 0.35  # 0.5 x one of two offers


def test_the_referee_seat_gives_only_the_referees_own_commands():
    rules = Vote([{"action": "play"}])
    assert next_bot_move(rules, {}, {REFEREE_SEAT: "random"}, random.Random(0)) is None


def test_a_rare_action_waits_while_another_seat_has_something_else_to_do():
    """The referee's seat, whose only offer is to end the game, does not end it whenever it is
    asked first (a random skirmish ended after two commands)."""

    class EndOrPlay(Vote):
        def allowed_commands(self, state, actor, *, now=None):
            if actor.is_referee:
                return [{"action": "concede"}]
            return [{"action": "play", "player": seat} for seat in actor.controls]

    rules = EndOrPlay([])
    held = {REFEREE_SEAT: "random", "home": "random"}
    taken = [
        next_bot_move(rules, {}, held, random.Random(seed)).command["action"] for seed in range(200)
    ]
    assert 0.1 < taken.count("concede") / len(taken) < 0.4  # asked first half the time, x 0.5
