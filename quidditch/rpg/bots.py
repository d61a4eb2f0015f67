"""The bot that plays to win a beater's or a seeker's seat (QUIDDITCH).

- A beater first takes the opposing keeper out of the match: a keeper with no
  Health left leaves it, and shots then need only the defended base (our
  reading, docs/rules/rpg-quidditch.md), which is worth more goals than any
  block. Attacking the keeper is a foul "unless the quaffle is in the scoring
  zone", so the beater does it only while its own chasers are likely to score
  (three in four or better). Otherwise it aims at the opposing chaser most
  likely to score, the strongest one in play: a hit may block the goal and
  costs a Health point, and a chaser with none leaves the match.
- A seeker whose team is behind by 150 or more interferes, as the text says the
  tactic is used ("usually employed when a seeker's team is behind by at least
  150 points"), while the team still has a chaser in play to close the gap
  (else interfering would only put the end off for ever); otherwise the seeker
  tries to catch the snitch, which ends the game.
- It never has Madam Hooch look elsewhere: that is the storyguide's call, and
  the random player's to fuzz (``Playtest.rare_actions``); held by this bot, the
  referee's seat waits.

Against the random player, over 1,000 matches of the example teams, it wins
about three in five (``bench/rpg_quidditch.py``).
"""

from __future__ import annotations

import math
import random

from .rules.teams import CHASER, KEEPER, of
from .rules.turn import in_play, scoring_difficulty

FAR_BEHIND = 150
SAFE_TO_HIT_THE_KEEPER = 0.75
"""How likely the beater's own side must be to score for an attack on the keeper to be no foul."""


def shot_scores(view: dict, chaser: str) -> float:
    """The chance that ``chaser``'s shot succeeds: two dice, the higher kept, plus Strength,
    against the opposing keeper's difficulty (QUIDDITCH, Scoring)."""
    die = view["settings"]["die_size"]
    player = view["players"][chaser]
    short = scoring_difficulty(view, player["side"]) - player["attributes"]["Strength"] - 1
    each_falls_short = min(max(short, 0), die) / die
    return 1 - each_falls_short**2


def in_the_scoring_zone(view: dict, side: str) -> float:
    """The chance that at least one of ``side``'s chasers scores this turn."""
    chasers = [key for key in of(side, CHASER) if in_play(view, key)]
    return 1 - math.prod(1 - shot_scores(view, key) for key in chasers)


class SensiblePlayer:
    def choose(
        self, view: dict, seat: str, offered: list[dict], rng: random.Random, *, people=frozenset()
    ) -> dict | None:
        aims = [c for c in offered if c["action"] == "aim"]
        if aims:
            return self._aim(view, seat, aims, rng)
        plays = {c["play"]: c for c in offered if c["action"] == "seek"}
        if plays:
            return plays[self._play(view, seat)]
        return None

    @staticmethod
    def _aim(view: dict, seat: str, aims: list[dict], rng: random.Random) -> dict:
        players = view["players"]
        keeper = [c for c in aims if players[c["target"]]["position"] == KEEPER]
        safe = in_the_scoring_zone(view, players[seat]["side"]) >= SAFE_TO_HIT_THE_KEEPER
        if keeper and safe:
            return keeper[0]
        chasers = [c for c in aims if players[c["target"]]["position"] == CHASER]
        if not chasers:  # only the keeper is left to aim at
            return keeper[0]
        strongest = max(players[c["target"]]["attributes"]["Strength"] for c in chasers)
        return rng.choice(
            [c for c in chasers if players[c["target"]]["attributes"]["Strength"] == strongest]
        )

    @staticmethod
    def _play(view: dict, seat: str) -> str:
        side = view["players"][seat]["side"]
        behind = max(view["score"].values()) - view["score"][side]
        scoring = any(in_play(view, key) for key in of(side, CHASER))
        return "interfere" if behind >= FAR_BEHIND and scoring else "catch"
