"""A simple computer opponent that plays legal, sensible cards, so one person can play alone.

It weighs each offered command as a beginner at the table would:

- on a ball, the card that can win it (a Chaser or Keeper on the Quaffle, a
  Beater on a Bludger, a Seeker on the Snitch), the higher the better;
  otherwise the least useful card: the lowest player card, a special card
  only as a last resort;
- as pitcher, it plays on a Bludger or the Snitch only with a card that can
  win it, and reveals the Snitch last; but when no new ball can come into
  play, it lays its least useful card rather than none, so that its hand
  changes at the draw (two players holding no Beater and no Seeker would
  otherwise pass a Snitch and two Bludgers to and fro for ever);
- in a window, it cancels what it can (Alohomora, the Referee), commits its
  fouls, takes back a Seeker, takes cards from the opponent's hand, and
  spends a Leg-Locker or a jinx on the ball just revealed; else it passes;
- now and then it bluffs on the Quaffle (the HINT under SPECIAL CARDS): it
  lays its least useful card, a special card first, and keeps its Chasers.
  Besides keeping the other player guessing, this lets a Quaffle pass on
  where two hands of equal Chasers and Keepers would tie or save it for ever
  (while a Quaffle is in play nobody pitches, so the Snitch would never come).

Ties are broken at random, with the ``rng`` the platform gives every bot.
"""

from __future__ import annotations

import random
from collections import Counter

from .rules import cards as c

FIT = {c.QUAFFLE: (c.CHASER, c.KEEPER), c.BLUDGER: (c.BEATER,), c.SNITCH: (c.SEEKER,)}
DONE = 50.0
"""What stopping is worth to a pitcher: more than a ball it cannot win, less than one it can."""

WINDOW_CARDS = {
    c.ALOHOMORA: 10.0,
    c.REFEREE: 10.0,
    c.FREE_GOAL: 9.0,
    c.REMOVE_KEEPER: 9.0,
    c.FULL_BODY_BIND: 3.0,
    c.TAKE_ONE_CARD: 2.0,
}
ON_THE_REVEALED_BALL = (c.LEG_LOCKER, c.REDUCE_BY_TWO, c.NO_PLAY_ON_BALL)


BLUFF = 0.1
"""How often it bluffs when it lays a card on the Quaffle."""


class SimplePlayer:
    def choose(
        self, view: dict, seat: str, offered: list[dict], rng: random.Random, *, people=frozenset()
    ) -> dict:
        on_the_quaffle = [
            command
            for command in offered
            if command["action"] == "play" and c.face_of(command["ball"]) == c.QUAFFLE
        ]
        if on_the_quaffle and rng.random() < BLUFF:
            least = min(fitness(command["ball"], command["card"]) for command in on_the_quaffle)
            return rng.choice(
                [cmd for cmd in on_the_quaffle if fitness(cmd["ball"], cmd["card"]) == least]
            )
        weighed = [(self._value(view, command), rng.random(), command) for command in offered]
        return max(weighed, key=lambda item: item[:2])[2]

    def _value(self, view: dict, command: dict) -> float:
        action = command["action"]
        if action == "play":
            return fitness(command["ball"], command["card"])
        if action == "done":
            return DONE if view["contested"] or new_ball_possible(view) else -DONE
        if action == "cast":
            return self._cast_value(view, command)
        if action == "reveal":
            return -1.0 if c.face_of(command["ball"]) == c.SNITCH else 0.0
        return 0.0  # deal, pitch, keep_balls, pass

    @staticmethod
    def _cast_value(view: dict, command: dict) -> float:
        face, target = c.face_of(command["card"]), command["target"]
        if face in WINDOW_CARDS:
            return WINDOW_CARDS[face]
        if face == c.TAKE_BACK:
            return 4.0 if c.position(target) == c.SEEKER else -1.0
        if face in ON_THE_REVEALED_BALL and target == view["current"]:
            return 4.0
        return -1.0


def new_ball_possible(view: dict) -> bool:
    """Whether a later pitch could bring a new ball, judged from the public cards alone:
    the pitch deck holds the composition less every pitch card face up."""
    pitch = view["pitch"]
    public = [*pitch["in_play"], *pitch["discard"]]
    public += [card for piles in view["teams"].values() for card in piles["scoring"]]
    left = c.counts(view["settings"]["pitch_deck"]) - Counter(map(c.face_of, public))
    bludgers = sum(c.face_of(ball) == c.BLUDGER for ball in pitch["in_play"])
    return any(face != c.BLUDGER for face in left) or (bludgers < 2 and bool(left))


def fitness(ball: str, card: str) -> float:
    """How good the card is on the ball: above 100 when it can win it."""
    held = c.position(card)
    if held is None:
        return -20.0
    if held in FIT[c.face_of(ball)]:
        return 100.0 + c.value(card)
    return -float(c.value(card))
