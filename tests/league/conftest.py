from datetime import UTC, datetime

import pytest

from campaign.models import Character
from campaign.rules.sheet import SheetRules
from campaign.teams import Team
from league.services import cup_year_create
from tests.support import FULL_TEAM as TEAM
from tests.support import Table

SEPTEMBER = datetime(2026, 9, 1, tzinfo=UTC)
FEBRUARY = datetime(2027, 2, 1, tzinfo=UTC)


class CupTable(Table):
    """A campaign with seven players in each of the four houses and a cup year."""

    def __init__(self):
        super().__init__()
        attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
        self.players = {
            house.name: [
                Character.objects.create(
                    campaign=self.campaign,
                    house=house,
                    name=f"{house.initial}{position}{i}",
                    quidditch_position=position,
                    attributes=attributes,
                )
                for i, position in enumerate(TEAM)
            ]
            for house in self.campaign.houses.all()
        }
        self.cup = cup_year_create(
            campaign=self.campaign,
            name="1995/96",
            slug="1995-96",
            first_half_starts=SEPTEMBER,
            second_half_starts=FEBRUARY,
        )

    def rosters(self, fixture, size=7):
        return [
            Team(
                house=house,
                players=[(c, c.quidditch_position) for c in house.characters.order_by("id")[:size]],
            )
            for house in (fixture.home, fixture.away)
        ]


@pytest.fixture
def cup(db):
    return CupTable()
