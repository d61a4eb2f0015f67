import pytest

from campaign.models import Character, Position
from campaign.rules.sheet import SheetRules
from tests.support import Table

TEAM = [
    Position.KEEPER,
    Position.SEEKER,
    Position.CHASER,
    Position.CHASER,
    Position.CHASER,
    Position.BEATER,
    Position.BEATER,
]


class QuidditchTable(Table):
    """A campaign with full Gryffindor and Slytherin teams; the player owns Gryffindor's seeker."""

    def __init__(self):
        super().__init__()
        attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
        self.teams = {}
        for house_name in ("Gryffindor", "Slytherin"):
            house = self.house(house_name)
            self.teams[house_name] = [
                Character.objects.create(
                    campaign=self.campaign,
                    house=house,
                    name=f"{house_name} {position} {i}",
                    quidditch_position=position,
                    attributes=attributes,
                )
                for i, position in enumerate(TEAM)
            ]
        seeker = self.teams["Gryffindor"][1]
        seeker.player = self.player
        seeker.save()

    def match_body(self, **extra) -> dict:
        return {
            "campaign": self.campaign.pk,
            "ruleset": "chat-quidditch",
            "teams": [
                {
                    "house": self.house(name).pk,
                    "players": [{"character": c.pk} for c in self.teams[name]],
                }
                for name in ("Gryffindor", "Slytherin")
            ],
            **extra,
        }

    def create_match(self, **extra) -> dict:
        response = self.client(self.storyguide).post(
            "/api/matches/", self.match_body(**extra), format="json"
        )
        assert response.status_code == 201, response.json()
        return response.json()


@pytest.fixture
def table(db):
    return QuidditchTable()
