"""Demo data: a match of the card game, played out by the simple bot and the random one."""

from __future__ import annotations

from django.utils import timezone

from campaign.demo import DEMO_CAMPAIGN_SLUG
from campaign.models import Campaign
from core import demo
from games.models import Game
from games.services import game_create

TITLE = "Card game: Slytherin v Gryffindor"


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    if Game.objects.filter(campaign=campaign, ruleset="card-quidditch", title=TITLE).exists():
        return
    game_create(
        campaign=campaign,
        ruleset="card-quidditch",
        config={},
        title=TITLE,
        public=True,
        bots={"slytherin": "simple", "gryffindor": "random", "referee": "random"},
        created_by=seeded.storyguide,
        now=timezone.now(),
    )
