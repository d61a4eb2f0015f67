import pytest
from rest_framework.test import APIClient

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign.models import Role
from tests.factories import CampaignFactory, MembershipFactory, UserFactory


class Table:
    """A campaign with one user of each role, and an outsider from another campaign."""

    def __init__(self):
        self.campaign = CampaignFactory()
        self.storyguide = MembershipFactory(campaign=self.campaign, role=Role.STORYGUIDE).user
        self.player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.other_player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.spectator = MembershipFactory(campaign=self.campaign, role=Role.SPECTATOR).user
        self.outsider = MembershipFactory(role=Role.STORYGUIDE).user

    def client(self, user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    def create_game(self, **extra) -> dict:
        body = {
            "campaign": self.campaign.pk,
            "ruleset": "tally",
            "config": {"target": 1000},
            "seats": {"alice": self.player.pk},
            **extra,
        }
        response = self.client(self.storyguide).post("/api/matches/", body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()


@pytest.fixture
def table(db):
    return Table()


@pytest.fixture
def user_factory():
    return UserFactory
