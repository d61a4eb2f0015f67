"""The computer opponent that plays to win: one person can play alone, and bots finish.

It weighs each offered command by what the round would then be worth to the
attack, as a player looking at the pitch would: the attack takes the best,
the defence the worst. What the round is worth:

- the goal points of the rows as they stand (LE POINTAGE), each row's counted
  as likely as it is to stay unblocked: a row that a black die still in the
  defence's hand is rolled for will be blocked on the defence's next turn,
  and the defence's later rolls may find any row;
- the snitch points of the snitch's row, weighed by what catching the snitch
  would mean: the game ends when the attack reaches the fifth, and then the
  most goal points win (LA VICTOIRE). So the attack goes for the catch when it
  would win then, and avoids it when it would lose; the defence the other way;
- a die still in hand keeps what it may still earn (or, a black one, block),
  so a die goes down only when that is worth more than waiting for a re-roll:
  every turn must place one, and the attack's go to one row.

Ties are broken at random, with the ``rng`` the platform gives every bot.
"""

from __future__ import annotations

import random

from .rules import scoring
from .rules.dice import ATTACK, BLACK, GOALS, QUAFFLE, SNITCH
from .rules.pitch import ROWS, full
from .rules.rounds import in_hand, other, role, target_row

CATCH = 500.0
"""What ending the game by the catch is worth to the side it makes the winner."""
SNITCH_POINT = {True: 15.0, False: 2.0}
"""What a snitch point short of the catch is worth, as the catch would then win or not."""
IN_HAND = {"goal": 7.0, "quaffle": 9.0, "black": 9.0, "snitch": 0.0}
"""What a die kept for a re-roll is worth on a pitch with every row open."""
FORESEEN = 0.1
"""How likely a row survives that a black die in the defence's hand is rolled for."""


class SensiblePlayer:
    def choose(
        self, view: dict, seat: str, offered: list[dict], rng: random.Random, *, people=frozenset()
    ) -> dict:
        if len(offered) == 1:
            return offered[0]
        attack = view["attack"]
        sign = 1 if role(view, seat) == ATTACK else -1
        weighed = [
            (sign * worth(view, attack, _after(view, command)), rng.random(), command)
            for command in offered
        ]
        return max(weighed, key=lambda item: item[:2])[2]


def _after(view: dict, command: dict) -> tuple[dict, frozenset[str]]:
    """The rows, and the dice taken from the hands, once ``command`` is given."""
    rows = view["rows"]
    if command["action"] not in ("place", "set_aside"):
        return rows, frozenset()
    die = command["die"]
    if command["action"] == "place":
        row = str(target_row(view, die))
        rows = {**rows, row: [*rows[row], die]}
    return rows, frozenset((die,))


def worth(view: dict, attack: str, after: tuple[dict, frozenset[str]]) -> float:
    """What the round is worth to ``attack``, with the dice still in both hands."""
    rows, taken = after
    defence = other(attack)
    black_in_hand = [die for die in in_hand(view, defence) if die not in taken]
    attack_in_hand = [die for die in in_hand(view, attack) if die not in taken]
    # On the attack's turn the defence's next turn plays the faces its dice show now;
    # every later turn (and the defence's own next) plays faces rolled again.
    attack_turn = view["turn"] == attack
    foreseen = {target_row(view, die) for die in black_in_hand} if attack_turn else set()
    later = len(black_in_hand) - (1 if attack_turn and black_in_hand else 0)
    chance = (5 / 6) ** (later * (later + 1) / 2)

    def survives(row: int) -> float:
        return FORESEEN if row in foreseen else chance

    goal_points, snitch_row = 0.0, None
    for row in ROWS:
        dice = rows[str(row)]
        if SNITCH in dice:
            snitch_row = row
        goal_points += scoring.score_row(dice).goal_points * survives(row)
    value = goal_points + _snitch(view, attack, rows, snitch_row, goal_points, survives)
    open_rows = sum(not (BLACK & set(rows[str(row)])) and not full(rows, row) for row in ROWS)
    value += sum(IN_HAND[_kind(die)] for die in attack_in_hand) * open_rows / len(ROWS)
    value -= sum(IN_HAND["black"] for _ in black_in_hand) * (1 if attack_in_hand else 0.5)
    return value


def _snitch(view, attack, rows, snitch_row, goal_points, survives) -> float:
    if snitch_row is None:
        return 0.0
    points = scoring.score_row(rows[str(snitch_row)]).snitch_points
    if not points:
        return 0.0
    settings, score = view["settings"], view["score"]
    mine, theirs = score[attack], score[other(attack)]
    wins = mine["goals"] + goal_points + settings["catch_bonus"] > theirs["goals"]
    if mine["snitch"] + points >= settings["snitch_to_catch"]:
        value = CATCH if wins else -CATCH
    else:
        value = points * SNITCH_POINT[wins]
    return value * survives(snitch_row)


def _kind(die: str) -> str:
    if die in GOALS:
        return "goal"
    return {QUAFFLE: "quaffle", SNITCH: "snitch"}.get(die, "black")
