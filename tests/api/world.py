"""A small world with one object of every kind, for the authorization matrix.

Two campaigns: ours, with a storyguide, a player (who owns Harry and plays
Harry's seat in the match and the skirmish), another player (who owns Draco
but sits in no game), a spectator; and another campaign whose storyguide is
the outsider. Every user authenticates with a real API token.
"""

from datetime import timedelta

from django.utils import timezone
from knox.models import AuthToken

from campaign import invitations
from campaign import services as campaign_services
from campaign.models import Character, Membership, Position, Role
from campaign.rules.sheet import SheetRules
from campaign.teams import Team
from campaign.transfer import campaign_export
from games.services import game_create
from league.services import cup_year_create
from skirmish.services import skirmish_create
from tests.factories import UserFactory
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery

ROLES = ("anonymous", "spectator", "player", "other_player", "storyguide", "outsider")
LINE_UP = (Position.SEEKER, Position.KEEPER, Position.CHASER)
PUBLIC_HOOK = "https://93.184.215.14/hook"  # an address, so no name is resolved


class World:
    def __init__(self):
        now = timezone.now()
        self.users = {role: UserFactory() for role in ROLES if role != "anonymous"}
        self.tokens = {
            role: AuthToken.objects.create(user=user)[1] for role, user in self.users.items()
        }
        self.campaign = campaign_services.campaign_create(
            name="Ours", slug="ours", storyguide=self.users["storyguide"]
        )
        elsewhere = campaign_services.campaign_create(
            name="Theirs", slug="theirs", storyguide=self.users["outsider"]
        )
        for role in ("spectator", "player", "other_player"):
            Membership.objects.create(
                campaign=self.campaign,
                user=self.users[role],
                role=Role.SPECTATOR if role == "spectator" else Role.PLAYER,
            )
        self.membership = Membership.objects.get(user=self.users["other_player"])
        attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
        self.houses = {house.name: house for house in self.campaign.houses.all()}
        self.teams = {}
        for house_name in ("Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"):
            self.teams[house_name] = [
                Character.objects.create(
                    campaign=self.campaign,
                    house=self.houses[house_name],
                    name=f"{house_name} {position}",
                    quidditch_position=position,
                    attributes=attributes,
                    secret_notes=f"SECRET-{house_name}-{position}",
                )
                for position in LINE_UP
            ]
        self.harry, self.draco = self.teams["Gryffindor"][0], self.teams["Slytherin"][0]
        self.harry.player, self.draco.player = self.users["player"], self.users["other_player"]
        self.harry.save()
        self.draco.save()
        self.spare = Character.objects.create(
            campaign=self.campaign, name="Spare", attributes=attributes
        )
        self.entry = campaign_services.house_points_award(
            house=self.houses["Gryffindor"],
            amount=10,
            reason="test",
            awarded_by=self.users["storyguide"],
            now=now,
        )
        self.match = game_create(
            campaign=self.campaign,
            ruleset="chat-quidditch",
            config={
                "teams": [self.team(house).to_config() for house in ("Gryffindor", "Slytherin")]
            },
            created_by=self.users["storyguide"],
            now=now,
        )
        self.match.seats.exclude(user=self.users["player"]).delete()
        self.skirmish = skirmish_create(
            campaign=self.campaign,
            participants=[
                {"character": self.harry.pk},
                {"character": self.teams["Slytherin"][1].pk},
            ],
            created_by=self.users["storyguide"],
            now=now,
        )
        self.check = campaign_services.character_check(
            character=self.harry, user=self.users["player"], attribute="Wits", now=now
        )
        self.table_log = self.check.game
        self.cup_year = cup_year_create(
            campaign=self.campaign,
            name="Next",
            slug="next",
            first_half_starts=now - timedelta(days=1),  # the first games' windows are open
            second_half_starts=now + timedelta(days=200),
        )
        self.fixture = self.cup_year.fixtures.order_by("window_starts", "id").first()
        self.export = campaign_export(self.campaign)
        self.invitation = invitations.invitation_create(
            campaign=self.campaign,
            created_by=self.users["storyguide"],
            now=now,
            role=Role.SPECTATOR,
            max_uses=None,
        )
        self.addressed = invitations.invitation_address(
            campaign=self.campaign,
            username=self.users["outsider"].username,
            role=Role.PLAYER,
            created_by=self.users["storyguide"],
            now=now,
        )
        self.webhook = endpoint_create(
            campaign=self.campaign, url=PUBLIC_HOOK, event_types=["house_points"], now=now
        )
        self.delivery = Delivery.objects.create(
            endpoint=self.webhook,
            webhook_id="msg_world",
            event_type="house_points",
            payload={"type": "house_points", "data": {}},
            status="gave_up",
            created_at=now,
        )
        their_house = elsewhere.houses.get(name="Gryffindor")
        self.other = {
            "campaign": elsewhere,
            "house": their_house,
            "character": Character.objects.create(
                campaign=elsewhere,
                house=their_house,
                name="Viktor",
                quidditch_position=Position.SEEKER,
                attributes=attributes,
            ),
        }

    def team(self, house_name):
        return Team(
            house=self.houses[house_name],
            players=[(c, c.quidditch_position) for c in self.teams[house_name]],
        )

    def roster_body(self, house):
        return {"house": house.pk, "players": [{"character": c.pk} for c in self.teams[house.name]]}
