"""The bot that plays to win a beater's or a seeker's seat (QUIDDITCH).

- A beater aims at the opposing chaser most likely to score: the strongest one
  in play (every chaser shoots against the same keeper). Each hit costs the
  chaser a Health point, and a chaser at none leaves the match.
- A seeker whose team is behind by 150 or more interferes, as the text says the
  tactic is used ("usually employed when a seeker's team is behind by at least
  150 points"), while the team still has a chaser in play to close the gap
  (else interfering would only put the end off for ever); otherwise the seeker
  tries to catch the snitch, which ends the game.
- It never has Madam Hooch look elsewhere: that is the storyguide's call, and
  the random player's to fuzz (``rare_actions``); held by this bot, the
  referee's seat waits.
"""

from __future__ import annotations

import random

from .rules.teams import CHASER

FAR_BEHIND = 150


class SensiblePlayer:
    def choose(self, view: dict, seat: str, offered: list[dict], rng: random.Random) -> dict | None:
        players = view["players"]
        aims = [c for c in offered if c["action"] == "aim"]
        chasers = [c for c in aims if players[c["target"]]["position"] == CHASER]
        if chasers:
            strongest = max(players[c["target"]]["attributes"]["Strength"] for c in chasers)
            return rng.choice(
                [c for c in chasers if players[c["target"]]["attributes"]["Strength"] == strongest]
            )
        if aims:  # only the keeper is left to aim at
            return rng.choice(aims)
        plays = {c["play"]: c for c in offered if c["action"] == "seek"}
        if plays:
            side = players[seat]["side"]
            behind = max(view["score"].values()) - view["score"][side]
            scoring = any(
                p["side"] == side and p["position"] == CHASER and p["health"] > 0
                for p in players.values()
            )
            return plays["interfere" if behind >= FAR_BEHIND and scoring else "catch"]
        return None
