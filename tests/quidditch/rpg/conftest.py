"""A campaign whose Gryffindor and Slytherin field their 1995 quidditch teams as characters."""

from __future__ import annotations

import pytest
from django.utils import timezone

from campaign.models import Character
from campaign.rules.sheet import SheetRules
from games.services import game_create
from tests.support import Table

#: Each house's seven in the order of a team: three chasers, two beaters, keeper, seeker.
TEAMS = {
    "Gryffindor": [
        "Angelina Johnson",
        "Katie Bell",
        "Alicia Spinnet",
        "Fred Weasley",
        "George Weasley",
        "Ron Weasley",
        "Harry Potter",
    ],
    "Slytherin": [
        "Marcus Flint",
        "Adrian Pucey",
        "Cassius Warrington",
        "Vincent Crabbe",
        "Gregory Goyle",
        "Miles Bletchley",
        "Draco Malfoy",
    ],
}
POSITIONS = ["chaser"] * 3 + ["beater"] * 2 + ["keeper", "seeker"]


class Pitch(Table):
    """A campaign (``tests.support.Table``) with fourteen characters: Strength 5, Toughness
    4, Dexterity 5 and every other attribute 4; Harry Potter is the player's character."""

    def __init__(self):
        super().__init__()
        attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
        attributes.update(Strength=5, Dexterity=5)
        self.characters = {
            house: [
                Character.objects.create(
                    campaign=self.campaign,
                    house=self.house(house),
                    name=name,
                    quidditch_position=position,
                    attributes=attributes,
                    player=self.player if name == "Harry Potter" else None,
                )
                for name, position in zip(names, POSITIONS, strict=True)
            ]
            for house, names in TEAMS.items()
        }

    def config(self, **settings) -> dict:
        """Gryffindor at home, Slytherin away, each house's characters by id."""
        return {
            "teams": [
                {
                    "house": self.house(house).pk,
                    "players": [{"character": c.pk} for c in self.characters[house]],
                }
                for house in TEAMS
            ],
            **settings,
        }

    def match(self, *, friendly: bool = False, seats=None, bots=None, **settings):
        """A match the storyguide starts; Harry's player holds his seat unless ``seats`` or
        ``bots`` say otherwise."""
        return game_create(
            campaign=self.campaign,
            ruleset="rpg-quidditch",
            config=self.config(**settings),
            created_by=self.storyguide,
            now=timezone.now(),
            friendly=friendly,
            seats=seats or {},
            bots=bots or {},
        )


@pytest.fixture
def pitch(db):
    return Pitch()
