"""A computer opponent that plays towards goals and the snitch, so one person can play alone.

It weighs each offered command as a player at the table would: catch the
snitch, shoot from close in, catch a loose quaffle, pass forward, tackle the
carrier, fly towards the quaffle (or the snitch, for a seeker) and begin
phases; it never concedes nor proposes to end, and it re-rolls nothing. Ties
are broken at random, with the ``rng`` the platform gives every bot.
"""

from __future__ import annotations

import random

from .rules.pitch import distance, pitch_of
from .rules.teams import handles_quaffle, is_beater, is_seeker, other

WORTH = {
    "take_penalty": 9,
    "shoot": 6,
    "catch": 8,
    "tackle": 5,
    "pass": 3,
    "begin_phase": 5,
    "dodge": 5,
    "end_free_moves": 1,
    "end_phase": 0.5,
    "accept_end": 1,
    "decline_end": 2,
    "let_stand": 0,
    "reroll": -1,
    "concede": -1,
    "propose_end": -1,
}


class Chaser:
    def choose(self, view: dict, seat: str, offered: list[dict], rng: random.Random) -> dict:
        weighed = [(self._value(view, command), rng.random(), command) for command in offered]
        return max(weighed, key=lambda item: item[:2])[2]

    def _value(self, state: dict, command: dict) -> float:
        action = command["action"]
        if "star" in command:
            return -1
        if action == "shoot":
            hoop = pitch_of(**state["pitch"]).hoops(other(command["side"]))[command["hoop"]]
            here = tuple(state["players"][command["player"]]["square"])
            return WORTH["shoot"] - distance(here, hoop) / 3
        if action in ("move", "free_move"):
            return self._flight(state, command)
        return WORTH.get(action, 0)

    def _flight(self, state: dict, command: dict) -> float:
        """Closer to the snitch (a seeker who has seen it), else to the quaffle or, holding it,
        to the other end's hoops; never onto a ball that would be a foul to touch."""
        player, to = command["player"], tuple(command["to"])
        here = tuple(state["players"][player]["square"])
        snitch = state["snitch"]["square"]
        loose = state["quaffle"]["square"] if state["quaffle"]["carrier"] is None else None
        if (not handles_quaffle(player) and loose == list(to)) or (
            not is_seeker(player) and snitch == list(to)
        ):
            return -5
        if is_beater(player):
            return 0.5
            if snitch is None or command["side"] not in state["snitch"]["seen"]:
                return 0.5
            return (
                10
                if to == tuple(snitch)
                else 1 + distance(here, tuple(snitch)) - distance(to, tuple(snitch))
            )
        goal = tuple(state["quaffle"]["square"])
        if state["quaffle"]["carrier"] == player:
            goal = pitch_of(**state["pitch"]).hoops(other(command["side"]))[1]
        return 1 + (distance(here, goal) - distance(to, goal)) / 2
