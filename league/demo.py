"""Demo data: the campaign's house cup with its first half played.

Every game is played through the services on the server dice, one command at
a time, so each has a real, verifiable log; the house points of the games are
credited as they would have been 48 hours after each log was published.
"""

from datetime import UTC, datetime, timedelta

from django.utils import timezone

from campaign.demo import DEMO_CAMPAIGN_SLUG
from campaign.models import Campaign
from campaign.teams import Team
from core import demo
from games.bots import EVERY_SEAT
from games.services import game_seat_bots
from league.models import CupYear, Stage
from league.services import credit_due_points, cup_year_create, fixture_set_date, fixture_start

FIRST_HALF_STARTS = datetime(2026, 9, 1, 18, tzinfo=UTC)
SECOND_HALF_STARTS = datetime(2027, 2, 1, 18, tzinfo=UTC)


def seed(campaign: Campaign, storyguide) -> CupYear:
    cup_year = CupYear.objects.filter(campaign=campaign, slug="1995-96").first()
    if cup_year is not None:
        return cup_year
    cup_year = cup_year_create(
        campaign=campaign,
        name="1995/96",
        slug="1995-96",
        first_half_starts=FIRST_HALF_STARTS,
        second_half_starts=SECOND_HALF_STARTS,
        ruleset="chat-quidditch",  # the demo plays Chat-Quidditch, whatever the default
    )
    first_half = cup_year.fixtures.filter(stage=Stage.FIRST_HALF).order_by("window_starts", "id")
    for fixture in first_half:
        game_day = fixture.window_starts + timedelta(days=10)
        fixture = fixture_set_date(fixture=fixture, date=game_day, now=game_day - timedelta(days=8))
        rosters = [
            Team(
                house=house,
                players=[(c, c.quidditch_position) for c in house.characters.order_by("id")],
            )
            for house in (fixture.home, fixture.away)
        ]
        fixture = fixture_start(
            fixture=fixture, rosters=rosters, settings={}, created_by=storyguide, now=game_day
        )
        game_seat_bots(game_id=fixture.game.pk, bots={EVERY_SEAT: "random"}, now=game_day)
    credit_due_points(now=timezone.now())
    return cup_year


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    seed(campaign, seeded.storyguide)
