"""Tests of the quidditch dice game, and the small driver they share.

The driver plays through the ruleset's public interface on scripted dice.
After the roll-off the dice of a round are rolled in a fixed order: the
attack's snitch, goal dice 1-4 and quaffle, then the defence's keeper and
bludgers 1-2. With the default ``halve`` a d12 face f goes to row (f + 1) // 2.
"""

from __future__ import annotations

import pytest

from games.dice import ScriptedDice
from games.ruleset import Actor, RuleViolation
from quidditch.dice.rules import DiceQuidditch
from tests.support import apply_scripted

RULES = DiceQuidditch()
REFEREE = Actor("referee")


class Game:
    def __init__(self, **settings) -> None:
        self.state = RULES.setup(settings)
        self.events: list[dict] = []

    def do(self, command: dict, *faces: int) -> list[dict]:
        outcome = apply_scripted(RULES, self.state, command, REFEREE, faces)
        self.state, self.events = outcome.state, outcome.events
        return outcome.events

    def refused(self, command: dict, code: str) -> RuleViolation:
        with pytest.raises(RuleViolation) as caught:
            RULES.apply(self.state, command, actor=REFEREE, dice=ScriptedDice([]), now=0.0)
        assert caught.value.code == code
        return caught.value

    def place(self, side: str, die: str, *faces: int) -> list[dict]:
        return self.do({"action": "place", "player": side, "die": die}, *faces)

    def end_turn(self, side: str, *faces: int) -> list[dict]:
        return self.do({"action": "end_turn", "player": side}, *faces)

    def row(self, number: int) -> list[str]:
        return self.state["rows"][str(number)]


def started(attack_faces=(1, 1, 2, 3, 4, 11), defence_faces=(5, 11, 12)) -> Game:
    """Red wins the roll-off (6 to 1) and attacks; the round's dice show the given faces."""
    game = Game()
    game.do({"action": "roll_off"}, 6, 1, *attack_faces, *defence_faces)
    return game
