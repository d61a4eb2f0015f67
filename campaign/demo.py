"""Demo data for the quick start: a storyguide, their campaign, houses and characters.

Idempotent: every object is looked up by a natural key before it is made, and
random choices come from a fixed seed, so a second run changes nothing.
"""

import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.utils import timezone

from campaign import services
from campaign.models import Campaign, Character, House, Position
from campaign.rules.sheet import SheetRules
from core import demo
from games.models import Game
from games.services import game_create

DEMO_USERNAME = "storyguide"
DEMO_PASSWORD = "lumos-maxima"
DEMO_CAMPAIGN_SLUG = "hogwarts-1995"

STORYGUIDE_GROUP = "Storyguides"
STORYGUIDE_APPS = ("campaign", "games", "skirmish", "quidditch", "league", "webhooks")

# Seven per house: a full quidditch team each.
ROSTERS = {
    "Gryffindor": [
        "Harry Potter",
        "Ginny Weasley",
        "Katie Bell",
        "Angelina Johnson",
        "Fred Weasley",
        "George Weasley",
        "Ron Weasley",
    ],
    "Hufflepuff": [
        "Cedric Diggory",
        "Zacharias Smith",
        "Heidi Macavoy",
        "Tamsin Applebee",
        "Anthony Rickett",
        "Maxine O'Flaherty",
        "Herbert Fleet",
    ],
    "Ravenclaw": [
        "Cho Chang",
        "Roger Davies",
        "Jeremy Stretton",
        "Randolph Burrow",
        "Jason Samuels",
        "Duncan Inglebee",
        "Grant Page",
    ],
    "Slytherin": [
        "Draco Malfoy",
        "Graham Montague",
        "Adrian Pucey",
        "Cassius Warrington",
        "Vincent Crabbe",
        "Gregory Goyle",
        "Miles Bletchley",
    ],
}
POSITIONS = [
    Position.SEEKER,
    Position.CHASER,
    Position.CHASER,
    Position.CHASER,
    Position.BEATER,
    Position.BEATER,
    Position.KEEPER,
]


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
    campaign = Campaign.objects.filter(slug=DEMO_CAMPAIGN_SLUG).first() or services.campaign_create(
        name="Hogwarts 1995", slug=DEMO_CAMPAIGN_SLUG, storyguide=storyguide
    )
    seed_characters(campaign)
    return storyguide


def seed_characters(campaign: Campaign) -> None:
    rules = SheetRules.from_json(campaign.rules)
    dice = random.Random(1995)
    for house in House.objects.filter(campaign=campaign):
        for name, position in zip(ROSTERS.get(house.name, []), POSITIONS, strict=True):
            attributes = {attribute: dice.randint(3, 6) for attribute in rules.attributes}
            year = dice.randint(2, 7)
            if Character.objects.filter(campaign=campaign, name=name).exists():
                continue
            services.character_save(
                character=Character(campaign=campaign),
                name=name,
                house=house,
                year=year,
                attributes=attributes,
                health=5,
                health_max=5,
                quidditch_position=position,
                curriculum={"Flying": dice.randint(0, 3)},
                background=f"{position.label} of the {house.name} team.",
            )


@demo.step
def seed_step(seeded: demo.Demo) -> None:
    seeded.storyguide = seed()
    seeded.notes.append(
        f"Log in at {seeded.url}admin/ as {seeded.storyguide.username} / {DEMO_PASSWORD}"
    )


def demo_campaign() -> Campaign:
    return Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)


def bots_play(
    seeded: demo.Demo, *, ruleset: str, title: str, bots: dict, config: dict | None = None
) -> None:
    """A public game of the demo campaign, played out by ``bots`` when it is made: the
    step every game's demo takes, once (the game is looked up by its title)."""
    campaign = demo_campaign()
    if Game.objects.filter(campaign=campaign, ruleset=ruleset, title=title).exists():
        return
    game_create(
        campaign=campaign,
        ruleset=ruleset,
        config=config or {},
        title=title,
        public=True,
        bots=bots,
        created_by=seeded.storyguide,
        now=timezone.now(),
    )
