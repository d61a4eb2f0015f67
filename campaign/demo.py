"""Demo data for the quick start: a storyguide and their campaign.

Idempotent: every object is looked up by a natural key before it is made.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission

from campaign.models import Campaign, Membership, Role

DEMO_USERNAME = "storyguide"
DEMO_PASSWORD = "lumos-maxima"
DEMO_CAMPAIGN_SLUG = "hogwarts-1995"

STORYGUIDE_GROUP = "Storyguides"
STORYGUIDE_APPS = ("campaign", "games", "skirmish", "quidditch", "league")


def storyguide_group() -> Group:
    """The admin permissions every storyguide has; which rows they see is per campaign."""
    group, _ = Group.objects.get_or_create(name=STORYGUIDE_GROUP)
    group.permissions.set(Permission.objects.filter(content_type__app_label__in=STORYGUIDE_APPS))
    return group


def seed():
    user_model = get_user_model()
    storyguide, created = user_model.objects.get_or_create(
        username=DEMO_USERNAME, defaults={"is_staff": True, "email": "storyguide@example.org"}
    )
    if created:
        storyguide.set_password(DEMO_PASSWORD)
        storyguide.save()
    storyguide.groups.add(storyguide_group())
    campaign, _ = Campaign.objects.get_or_create(
        slug=DEMO_CAMPAIGN_SLUG, defaults={"name": "Hogwarts 1995"}
    )
    Membership.objects.get_or_create(
        campaign=campaign, user=storyguide, defaults={"role": Role.STORYGUIDE}
    )
    return storyguide
