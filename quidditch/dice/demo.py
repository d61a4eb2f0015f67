"""Demo data: a game of the dice game, played out by the sensible bot and the random one."""

from __future__ import annotations

from django.utils import timezone

from campaign.demo import DEMO_CAMPAIGN_SLUG
from campaign.models import Campaign
from core import demo
from games.models import Game
from games.services import game_create

TITLE = "Dice game: Red v Blue"


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    if Game.objects.filter(campaign=campaign, ruleset="dice-quidditch", title=TITLE).exists():
        return
    game_create(
        campaign=campaign,
        ruleset="dice-quidditch",
        config={},
        title=TITLE,
        public=True,
        bots={"red": "sensible", "blue": "random", "referee": "random"},
        created_by=seeded.storyguide,
        now=timezone.now(),
    )
