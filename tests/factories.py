"""factory_boy factories for the models tests need."""

import factory
from django.contrib.auth import get_user_model

from campaign.models import Campaign, Membership, Role

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    slug = factory.Sequence(lambda n: f"campaign-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    campaign = factory.SubFactory(CampaignFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER
