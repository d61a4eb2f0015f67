"""Demo data: a Draco Dormiens quidditch friendly of the demo campaign's characters.

Gryffindor's seven against Slytherin's, every choice left to the sensible bots:
the winners' margin lands in the ledger and the Health lost on the sheets, as
after any match.
"""

from __future__ import annotations

from django.utils import timezone

from campaign.demo import DEMO_CAMPAIGN_SLUG
from campaign.models import Campaign
from core import demo
from games.bots import EVERY_SEAT
from games.models import Game
from games.services import game_create

TITLE = "Friendly: Gryffindor v Slytherin (Draco Dormiens rules)"


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    if Game.objects.filter(campaign=campaign, ruleset="rpg-quidditch", title=TITLE).exists():
        return
    teams = [
        {
            "house": house.pk,
            "players": [{"character": c.pk} for c in house.characters.filter(health__gt=0)[:7]],
        }
        for house in campaign.houses.filter(name__in=["Gryffindor", "Slytherin"]).order_by("name")
    ]
    game_create(
        campaign=campaign,
        ruleset="rpg-quidditch",
        config={"teams": teams},
        title=TITLE,
        public=True,
        bots={EVERY_SEAT: "sensible"},
        created_by=seeded.storyguide,
        now=timezone.now(),
    )
