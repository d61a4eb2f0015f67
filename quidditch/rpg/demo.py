"""Demo data: a Draco Dormiens quidditch friendly of the demo campaign's characters.

Gryffindor's seven against Slytherin's, every choice left to the sensible bots:
the winners' margin lands in the ledger and the Health lost on the sheets, as
after any match.
"""

from __future__ import annotations

from campaign.demo import bots_play, demo_campaign
from core import demo
from games.bots import EVERY_SEAT

TITLE = "Friendly: Gryffindor v Slytherin (Draco Dormiens rules)"


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    campaign = demo_campaign()
    teams = [
        {
            "house": house.pk,
            "players": [{"character": c.pk} for c in house.characters.filter(health__gt=0)[:7]],
        }
        for house in campaign.houses.filter(name__in=["Gryffindor", "Slytherin"]).order_by("name")
    ]
    bots_play(
        seeded,
        ruleset="rpg-quidditch",
        title=TITLE,
        config={"teams": teams},
        bots={EVERY_SEAT: "sensible"},
    )
