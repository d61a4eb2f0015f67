"""Helpers shared by test folders."""

from rest_framework.test import APIClient

from campaign.models import Role
from campaign.services import campaign_create
from tests.factories import MembershipFactory, UserFactory


class Table:
    """A campaign (with its default houses) and one user of each role, plus an outsider
    who is storyguide of another campaign."""

    def __init__(self):
        self.storyguide = UserFactory()
        self.campaign = campaign_create(
            name="Test campaign", slug=f"test-{self.storyguide.pk}", storyguide=self.storyguide
        )
        self.player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.other_player = MembershipFactory(campaign=self.campaign, role=Role.PLAYER).user
        self.spectator = MembershipFactory(campaign=self.campaign, role=Role.SPECTATOR).user
        outsider = UserFactory()
        self.other_campaign = campaign_create(
            name="Elsewhere", slug=f"elsewhere-{outsider.pk}", storyguide=outsider
        )
        self.outsider = outsider

    def client(self, user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    def house(self, name="Gryffindor", campaign=None):
        return (campaign or self.campaign).houses.get(name=name)
