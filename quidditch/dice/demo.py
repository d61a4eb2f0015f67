"""Demo data: a game of the dice game, played out by the sensible bot and the random one."""

from __future__ import annotations

from campaign.demo import bots_play
from core import demo

TITLE = "Dice game: Red v Blue"


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    bots_play(
        seeded,
        ruleset="dice-quidditch",
        title=TITLE,
        bots={"red": "sensible", "blue": "random", "referee": "random"},
    )
