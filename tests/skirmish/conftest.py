"""A campaign table for skirmishes through the services and the API.

Harry belongs to ``player``, Ron to ``other_player``; Draco is the
storyguide's own character. Every skirmish of these tests runs on server
dice, so the initiative order is whatever the dice say: tests read the order
and whose turn it is from the state, the way a client does.
"""

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from campaign.models import Character, Role
from campaign.rules.sheet import DEFAULT_RULES
from games.models import Game
from skirmish.rules.commands import MOVES
from skirmish.services import skirmish_create
from tests.factories import CampaignFactory, MembershipFactory

ATTRIBUTES = [name for group in DEFAULT_RULES["attribute_groups"] for name in group["attributes"]]
PEEVES = {
    "name": "Peeves",
    "attributes": {"Dexterity": 6, "Quickness": 5, "Wits": 3},
    "health": 3,
}


def sheet(**values) -> dict:
    """A full sheet of the default rules: every attribute 3 unless given."""
    return {name: values.get(name, 3) for name in ATTRIBUTES}


class SkirmishTable:
    """A campaign with one user of each role, three characters, and an outsider."""

    def __init__(self):
        self.campaign = CampaignFactory()
        self.storyguide = MembershipFactory(campaign=self.campaign, role=Role.STORYGUIDE).user
        self.player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.other_player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.spectator = MembershipFactory(campaign=self.campaign, role=Role.SPECTATOR).user
        self.outsider = MembershipFactory(role=Role.STORYGUIDE).user
        self.harry = self.character("Harry", self.player, Dexterity=5, Quickness=4)
        self.ron = self.character("Ron", self.other_player, Dexterity=3, Strength=5)
        self.draco = self.character("Draco", None, Dexterity=4, Quickness=2)

    def character(self, name, player, **values) -> Character:
        return Character.objects.create(
            campaign=self.campaign, name=name, player=player, attributes=sheet(**values)
        )

    def participants(self) -> dict:
        """The participants of the newest skirmish, as its state has them."""
        return Game.objects.filter(kind="skirmish").latest("id").state["participants"]

    def key(self, character: Character) -> str:
        """The participant key of ``character`` in the newest skirmish."""
        keys = [k for k, p in self.participants().items() if p["character"] == character.pk]
        assert len(keys) == 1, f"{character} takes part once"
        return keys[0]

    def ad_hoc(self, name: str) -> str:
        """The participant key of the ad-hoc participant called ``name``."""
        return next(k for k, p in self.participants().items() if p["name"] == name)

    def client(self, user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    def commander(self, key: str):
        """Who commands ``key``: its character's player, else the storyguide."""
        character = self.participants()[key]["character"]
        player = character and Character.objects.get(pk=character).player
        return player or self.storyguide

    def create(self, **extra) -> dict:
        """A skirmish of Harry, Ron, Draco and Peeves (keys p01 to p04), created through the API."""
        body = {
            "campaign": self.campaign.pk,
            "title": "Corridor on the third floor",
            "participants": [
                {"character": self.harry.pk},
                {"character": self.ron.pk},
                {"character": self.draco.pk},
                PEEVES,
            ],
            "defence_attribute": "Quickness",
            **extra,
        }
        response = self.client(self.storyguide).post("/api/skirmishes/", body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()

    def create_here(self, participants=None, **extra):
        """The same skirmish through the service, for tests below the API."""
        return skirmish_create(
            campaign=self.campaign,
            participants=participants
            or [{"character": c.pk} for c in (self.harry, self.ron, self.draco)] + [PEEVES],
            created_by=self.storyguide,
            now=timezone.now(),
            **extra,
        )

    def send(self, game_id: int, command: dict, user=None, headers=None):
        """Submit ``command``; by default as whoever commands the participant who moves."""
        if user is None:
            moves = MOVES[command["action"]].by_participant
            user = self.commander(command["participant"]) if moves else self.storyguide
        return self.client(user).post(
            f"/api/skirmishes/{game_id}/commands/",
            {"command": command},
            format="json",
            headers=headers or {},
        )

    def do(self, game_id: int, command: dict, user=None) -> dict:
        """Submit a legal command; the answer's new game."""
        response = self.send(game_id, command, user)
        assert response.status_code == 201, response.json()
        return response.json()["game"]

    def read(self, game_id: int, user=None) -> dict:
        response = self.client(user or self.storyguide).get(f"/api/skirmishes/{game_id}/")
        assert response.status_code == 200, response.json()
        return response.json()

    def begin(self, game_id: int, initiator: str | None = None) -> dict:
        """The storyguide names Draco (or ``initiator``) and the category; everyone rolls."""
        return self.do(
            game_id,
            {
                "action": "roll_initiative",
                "initiator": initiator or self.key(self.draco),
                "category": "physical",
            },
        )


@pytest.fixture
def table(db):
    return SkirmishTable()
