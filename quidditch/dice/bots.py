"""A computer opponent that places legal, sensible dice, so one person can play alone.

It weighs each offered command by what it does to this round's score, as a
player would see it:

- attacking, a goal die or the quaffle goes where no black die is, the more
  goal dice with the quaffle the better; the snitch row is worth aiming at
  only while ahead in goal points (catching the snitch ends the game, LES POINTS);
- defending, the keeper and the bludgers go where the attack's dice are, the
  richest row first, and wait (end the turn) when no row is worth a die;
- a turn ends once no placement would gain anything.

Ties are broken at random, with the ``rng`` the platform gives every bot.
"""

from __future__ import annotations

import random

from .rules import scoring
from .rules.dice import ATTACK
from .rules.rounds import role, target_row

END_TURN_VALUE = 0.5
"""What ending the turn is worth: a placement must be better than waiting."""


class SensiblePlayer:
    def choose(self, view: dict, seat: str, offered: list[dict], rng: random.Random) -> dict:
        weighed = [(self._value(view, seat, command), rng.random(), command) for command in offered]
        return max(weighed, key=lambda item: item[:2])[2]

    def _value(self, state: dict, side: str, command: dict) -> float:
        if command["action"] != "place":
            return END_TURN_VALUE if command["action"] == "end_turn" else 0.0
        rows = {row: list(dice) for row, dice in state["rows"].items()}
        before = scoring.score_round(rows)
        rows[str(target_row(state, command["die"]))].append(command["die"])
        after = scoring.score_round(rows)
        if role(state, side) == ATTACK:
            return self._attack_gain(state, side, before, after)
        return self._attack_gain(state, _opponent(state, side), after, before)

    @staticmethod
    def _attack_gain(state, attacker, before, after) -> float:
        goals = after.goal_points - before.goal_points
        snitch = after.snitch_points - before.snitch_points
        scores = state["score"]
        ahead = scores[attacker]["goals"] >= max(s["goals"] for s in scores.values())
        return goals + snitch * (15 if ahead else -15)


def _opponent(state: dict, side: str) -> str:
    return next(other for other in state["score"] if other != side)
