"""Demo data: a match of the card game, played out by the simple bot and the random one."""

from __future__ import annotations

from campaign.demo import bots_play
from core import demo

TITLE = "Card game: Slytherin v Gryffindor"


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    bots_play(
        seeded,
        ruleset="card-quidditch",
        title=TITLE,
        bots={"slytherin": "simple", "gryffindor": "random", "referee": "random"},
    )
