"""Who wins a ball (PLAYING FOR A QUAFFLE, PLAYING ON A BLUDGER, PLAYING FOR THE GOLDEN SNITCH).

Each side of a ball is a :class:`Contender` (a player card's position and its
value after spells and jinxes) or ``None``: no card, a special card laid as a
sacrifice, a Keeper made useless by a Leg-Locker, or a card a spell, jinx or
foul took away. ``None`` loses to any card that can win the ball, and two
``None`` leave the ball in play, as two sacrifices do.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import (
    BEATER,
    BLUDGER,
    KEEPER,
    LEG_LOCKER,
    QUAFFLE,
    REDUCE_BY_TWO,
    SEEKER,
    SNITCH,
    is_player_card,
    position,
    value,
)


class Contender(NamedTuple):
    position: str
    value: int


Sides = dict[str, Contender | None]


def quaffle_winner(sides: Sides) -> str | None:
    """The seat that wins the Quaffle, ``None`` when it stays in play.

    - A player card beats a sacrifice ("Your opponent wins the Quaffle, provided
      they played a Player Card"); two sacrifices leave it.
    - Two Keepers: the higher wins; a tie leaves it.
    - Equal values: a tie, the Quaffle stays.
    - The higher card wins, unless it is a Keeper: a Keeper "with an equal or
      higher value" blocks the goal and saves the Quaffle but does not win it.
    """
    (first, a), (second, b) = sides.items()
    if a is None or b is None:
        return _the_only_card(sides)
    if a.value == b.value:
        return None
    high, low = (first, a), (second, b)
    if b.value > a.value:
        high, low = low, high
    if high[1].position == KEEPER and low[1].position != KEEPER:
        return None
    return high[0]


def bludger_winner(sides: Sides) -> str | None:
    """Only a Beater wins a Bludger: over any other card, or the higher of two Beaters."""
    return _only_position_wins(sides, BEATER)


def snitch_winner(sides: Sides) -> str | None:
    """Only a Seeker catches the Snitch: over any other card, or the higher of two Seekers."""
    return _only_position_wins(sides, SEEKER)


WINNER = {QUAFFLE: quaffle_winner, BLUDGER: bludger_winner, SNITCH: snitch_winner}


def _the_only_card(sides: Sides) -> str | None:
    holding = [seat for seat, side in sides.items() if side is not None]
    return holding[0] if len(holding) == 1 else None


def _only_position_wins(sides: Sides, position: str) -> str | None:
    able = {seat: side for seat, side in sides.items() if side and side.position == position}
    if len(able) == 1:
        return next(iter(able))
    if len(able) == 2:
        (first, a), (second, b) = able.items()
        if a.value != b.value:
            return first if a.value > b.value else second
    return None


def contender(played: dict | None) -> Contender | None:
    """A side of a ball as it counts: the card's position and value after the spells and
    jinxes marked on it. A special card is a sacrifice; a Keeper hit by a Leg-Locker is
    "useless"; a Leg-Locker takes one point from any other position, the jinx two."""
    if played is None or not is_player_card(played["card"]):
        return None
    effects = played["effects"]
    if position(played["card"]) == KEEPER and LEG_LOCKER in effects:
        return None
    minus = effects.count(LEG_LOCKER) + 2 * effects.count(REDUCE_BY_TWO)
    return Contender(position(played["card"]), value(played["card"]) - minus)
