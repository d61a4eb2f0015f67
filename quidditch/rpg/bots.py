"""A sensible player for a beater's or a seeker's seat.

- A beater goes for the opposing chaser most likely to score: the strongest
  one in play (every chaser shoots against the same keeper).
- A seeker whose team is behind by 150 or more interferes, as the text says
  the tactic is used, while the team still has a chaser in play to close the
  gap (else interfering would only put the end off for ever); otherwise the
  seeker dives for the snitch.
"""

from __future__ import annotations

import random

from .rules.teams import CHASER

FAR_BEHIND = 150


class SensiblePlayer:
    def choose(self, view: dict, seat: str, offered: list[dict], rng: random.Random) -> dict:
        players = view["players"]
        chasers = [c for c in offered if players.get(c.get("target"), {}).get("position") == CHASER]
        if chasers:
            strongest = max(players[c["target"]]["attributes"]["Strength"] for c in chasers)
            return rng.choice(
                [c for c in chasers if players[c["target"]]["attributes"]["Strength"] == strongest]
            )
        plays = {c.get("play"): c for c in offered if "play" in c}
        if plays:
            side = players[seat]["side"]
            behind = max(view["score"].values()) - view["score"][side]
            scoring = any(
                p["side"] == side and p["position"] == CHASER and p["health"] > 0
                for p in players.values()
            )
            return plays["interfere" if behind >= FAR_BEHIND and scoring else "catch"]
        return rng.choice(offered)
