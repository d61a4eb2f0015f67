"""Shapes of the campaign resources. Validation of sheets lives in the services."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaign import activity, invitations
from campaign.models import (
    Activity,
    Campaign,
    Character,
    House,
    HousePointEntry,
    Invitation,
    Membership,
    Position,
    Role,
)
from campaign.roles import role_in
from campaign.selectors import popularity
from core.errors import gettext_noop as _
from core.serializers import StrictBooleanField, StrictCharField, StrictTextModelSerializer

STORYGUIDE_ONLY = ("secret_notes", "popularity_base")


class MembershipSerializer(serializers.ModelSerializer):
    user = serializers.IntegerField(
        source="user_id", read_only=True, help_text="The member's user id: what seats name."
    )
    username = serializers.SlugRelatedField(
        source="user", slug_field="username", queryset=get_user_model().objects.all()
    )

    class Meta:
        model = Membership
        fields = ["id", "campaign", "user", "username", "role"]
        read_only_fields = ["id", "campaign", "user"]


class CampaignSerializer(StrictTextModelSerializer):
    role = serializers.SerializerMethodField(help_text="Your role in this campaign.")

    class Meta:
        model = Campaign
        fields = ["id", "name", "slug", "rules", "players_start_games", "role", "created_at"]
        read_only_fields = ["id", "role", "created_at"]
        extra_kwargs = {"slug": {"required": False, "help_text": "Made from the name if left out."}}

    def get_role(self, campaign) -> str | None:
        return role_in(self.context["request"], campaign.pk)


class CampaignFixedOnUpdate:
    """An object stays in the campaign it was made in: an update naming another is refused,
    rather than silently ignored."""

    def validate_campaign(self, campaign):
        instance = self.instance
        moved = instance is not None and not isinstance(instance, list | tuple)
        if moved and campaign.pk != instance.campaign_id:
            raise serializers.ValidationError(_("It stays in the campaign it was made in."))
        return campaign


class HouseSerializer(CampaignFixedOnUpdate, StrictTextModelSerializer):
    points = serializers.IntegerField(read_only=True, help_text="Effective house points.")
    pending = serializers.IntegerField(read_only=True, help_text="Points credited later.")
    captain = serializers.PrimaryKeyRelatedField(
        queryset=Character.objects.none(),
        allow_null=True,
        required=False,
        help_text="One of the house's characters: their player chooses the house's line-up "
        "for a cup game (§8.5). Named once the house has characters.",
        error_messages={"does_not_exist": gettext_lazy("No character of this house has that id.")},
    )

    class Meta:
        model = House
        fields = ["id", "campaign", "name", "initial", "colour", "captain", "points", "pending"]
        read_only_fields = ["id", "points", "pending"]
        validators = []  # the service says, in a player's words, when a name is taken

    def get_fields(self):
        """The captain is chosen among the house's own characters: any other id, another
        campaign's too, is one no character of the house has."""
        fields = super().get_fields()
        if isinstance(self.instance, House):
            fields["captain"].queryset = Character.objects.filter(house=self.instance)
        return fields


class CharacterSerializer(CampaignFixedOnUpdate, StrictTextModelSerializer):
    """A character sheet; storyguide-only fields are dropped for everyone else."""

    popularity = serializers.SerializerMethodField()
    player = serializers.PrimaryKeyRelatedField(
        queryset=get_user_model().objects.all(), allow_null=True, required=False
    )

    class Meta:
        model = Character
        fields = [
            "id",
            "campaign",
            "name",
            "player",
            "house",
            "year",
            "attributes",
            "health",
            "health_max",
            "popularity",
            "popularity_base",
            "curriculum",
            "spells",
            "virtues",
            "flaws",
            "background",
            "secret_notes",
            "quidditch_position",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["id", "popularity", "created_at", "updated_at"]
        extra_kwargs = {
            "attributes": {"help_text": "Attribute -> value; every attribute of the rules."},
            "secret_notes": {"help_text": "Storyguide only: absent for everyone else."},
            "popularity_base": {"help_text": "Storyguide only."},
        }

    def get_popularity(self, character) -> int | None:
        if not hasattr(character, "earned_points"):
            return None
        return popularity(character, character.campaign.sheet_rules)

    def to_representation(self, character):
        data = super().to_representation(character)
        if role_in(self.context["request"], character.campaign_id) != Role.STORYGUIDE:
            for name in STORYGUIDE_ONLY:
                data.pop(name, None)
        return data

    def validate(self, attrs):
        campaign = attrs.get("campaign") or self.instance.campaign
        request = self.context["request"]
        if role_in(request, campaign.pk) != Role.STORYGUIDE:
            refused = [name for name in (*STORYGUIDE_ONLY, "player") if name in attrs]
            if refused:
                raise serializers.ValidationError(
                    {name: [_("Only the storyguide may set this.")] for name in refused}
                )
        player = attrs.get("player")
        if player is not None and not campaign.memberships.filter(user=player).exists():
            raise serializers.ValidationError({"player": [_("Not a member of the campaign.")]})
        return attrs


class CheckSerializer(serializers.Serializer):
    attribute = StrictCharField(max_length=60)
    stress = StrictBooleanField(default=False, help_text="Keep the lower die.")
    bonus = serializers.IntegerField(default=0, min_value=-100, max_value=100)
    difficulty = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=1000, default=None
    )


class CheckResultSerializer(serializers.Serializer):
    log = serializers.IntegerField(help_text="The table log game the check is recorded in.")
    seq = serializers.IntegerField()
    dice = serializers.ListField(child=serializers.IntegerField())
    stress = serializers.BooleanField()
    kept = serializers.IntegerField()
    attribute = serializers.CharField()
    attribute_value = serializers.IntegerField()
    bonus = serializers.IntegerField()
    total = serializers.IntegerField()
    difficulty = serializers.IntegerField(allow_null=True)
    success = serializers.BooleanField(allow_null=True)
    doubles = serializers.BooleanField()
    result = serializers.CharField(allow_null=True)


def openapi_30(schema: dict) -> dict:
    """A kind's data schema (JSON Schema) as OpenAPI 3.0 writes it: a type that may be
    null is the type and ``nullable``."""
    schema = dict(schema)
    if isinstance(schema.get("type"), list):
        (schema["type"],) = (name for name in schema["type"] if name != "null")
        schema["nullable"] = True
    if "properties" in schema:
        properties = schema["properties"].items()
        schema["properties"] = {name: openapi_30(part) for name, part in properties}
    if "items" in schema:
        schema["items"] = openapi_30(schema["items"])
    return schema


@extend_schema_field(
    {
        "description": "What happened; its fields depend on the kind (each kind's own "
        "below, by its title).",
        "anyOf": [
            {"title": kind.name, **openapi_30(kind.data)}
            for kind in sorted(activity.kinds().values(), key=lambda kind: kind.name)
        ],
    }
)
class ActivityDataField(serializers.JSONField):
    """An activity's data, typed in the contract as the union of the kinds' data."""


class ActivitySerializer(serializers.ModelSerializer):
    kind = serializers.ChoiceField(choices=activity.kind_choices())
    data = ActivityDataField(read_only=True)

    class Meta:
        model = Activity
        fields = ["seq", "kind", "data", "created_at"]


class ActivityPageSerializer(serializers.Serializer):
    results = ActivitySerializer(many=True)
    next_after = serializers.IntegerField(
        help_text="Pass as ?after= next time (your own cursor when nothing is new)."
    )
    more = serializers.BooleanField(help_text="Whether more activity waits beyond this page.")


class PopularityStepSerializer(serializers.Serializer):
    """One change to a character's Popularity and the value once it counts."""

    at = serializers.DateTimeField()
    kind = serializers.ChoiceField(choices=["house_points", "adjustment"])
    amount = serializers.IntegerField(help_text="House points, or Popularity for an adjustment.")
    reason = serializers.CharField()
    popularity = serializers.IntegerField()


class LedgerEntrySerializer(serializers.ModelSerializer):
    running_total = serializers.IntegerField(read_only=True, required=False)
    reversed_by = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    attributed_to = serializers.PrimaryKeyRelatedField(
        many=True,
        read_only=True,
        help_text="The characters the points are attributed to for Popularity besides "
        "``character``, each as if they had earned them all (a Draco Dormiens quidditch "
        "win: every player of the team).",
    )
    game = serializers.PrimaryKeyRelatedField(
        read_only=True,
        allow_null=True,
        help_text="The game whose result credited the points, if a game's did.",
    )

    class Meta:
        model = HousePointEntry
        fields = [
            "id",
            "campaign",
            "house",
            "amount",
            "reason",
            "source",
            "character",
            "attributed_to",
            "game",
            "awarded_by",
            "credit_at",
            "created_at",
            "reverses",
            "reversed_by",
            "running_total",
        ]
        read_only_fields = fields


class AwardSerializer(serializers.Serializer):
    """An award: the campaign it lands in, a house of it, and maybe a character of that house."""

    campaign = serializers.IntegerField(help_text="A campaign you are storyguide of.")
    house = serializers.IntegerField(help_text="A house of that campaign.")
    amount = serializers.IntegerField(min_value=-100_000, max_value=100_000)
    reason = StrictCharField(max_length=300)
    character = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A character of that house, credited with the points (and Popularity).",
    )
    credit_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="When the points start to count; default now.",
    )


class ReasonSerializer(serializers.Serializer):
    reason = StrictCharField(max_length=300)


class PopularitySerializer(serializers.Serializer):
    amount = serializers.IntegerField(min_value=-1000, max_value=1000)
    reason = StrictCharField(max_length=300)


class GameCountingSerializer(serializers.Serializer):
    """A storyguide's change of whether a finished game counts (``campaign.counting``)."""

    counts = StrictBooleanField(
        help_text="true: the game credits its houses as at its end; false: its credits are "
        "reversed and it counts for nothing."
    )
    reason = StrictCharField(
        max_length=300, allow_blank=True, help_text="Why; the ledger and the log keep it."
    )


class GameCountsSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    counts = serializers.BooleanField(help_text="Whether the game now counts.")
    reason = serializers.CharField()


POSITIONS = [choice for choice in Position.values if choice]


class TeamPlayerSerializer(serializers.Serializer):
    character = serializers.PrimaryKeyRelatedField(queryset=Character.objects.none())
    position = serializers.ChoiceField(
        choices=POSITIONS,
        required=False,
        help_text="Defaults to the character's quidditch position.",
    )
    xp = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2,
        help_text="Experience points, if not left to the captain's command (§3.2).",
    )


class TeamSerializer(serializers.Serializer):
    """A team of a house's characters for a match (a cup game's line-up)."""

    house = serializers.PrimaryKeyRelatedField(queryset=House.objects.none())
    players = TeamPlayerSerializer(many=True, min_length=1, max_length=7)
    captain = serializers.PrimaryKeyRelatedField(
        queryset=Character.objects.all(),
        required=False,
        allow_null=True,
        default=None,
        help_text="A character of the team; defaults to the first player.",
    )


class InvitationSerializer(serializers.ModelSerializer):
    """An invitation as its storyguide manages it: the code to hand out and how it stands."""

    code = serializers.SerializerMethodField(help_text="The short code, in groups of four.")
    link = serializers.SerializerMethodField(help_text="The page where a person accepts it.")
    state = serializers.SerializerMethodField(
        help_text="open, revoked, declined, expired or used_up: whether it can still be accepted."
    )

    class Meta:
        model = Invitation
        fields = [
            "id",
            "campaign",
            "code",
            "link",
            "role",
            "character",
            "max_uses",
            "uses",
            "expires_at",
            "allow_signup",
            "addressed_to",
            "state",
            "revoked_at",
            "declined_at",
            "created_at",
        ]
        read_only_fields = [
            "id",
            "uses",
            "addressed_to",
            "revoked_at",
            "declined_at",
            "created_at",
        ]
        extra_kwargs = {
            "role": {"help_text": "player or spectator (one named by username: any role)."}
        }

    def get_code(self, invitation) -> str:
        return invitations.grouped(invitation.code)

    def get_link(self, invitation) -> str:
        path = reverse("join", args=[invitations.grouped(invitation.code)])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path

    def get_state(self, invitation) -> str:
        refusal = invitations.why_unusable(invitation, timezone.now())
        return "open" if refusal is None else refusal.code.removeprefix("invitation_")


class AddresseeSerializer(serializers.Serializer):
    """A person a storyguide invites by name: they become a member only by accepting."""

    username = StrictCharField(max_length=150, help_text="Their username.")
    role = serializers.ChoiceField(choices=Role.choices)


class InvitationForYouSerializer(serializers.ModelSerializer):
    """An invitation addressed to you: what it offers, and the code to accept or decline
    it with (``POST /api/invitations/{code}/accept/`` or ``decline/``)."""

    code = serializers.SerializerMethodField(help_text="The short code, in groups of four.")
    campaign_name = serializers.CharField(source="campaign.name")
    character_name = serializers.CharField(source="character.name", allow_null=True, default=None)
    invited_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)

    class Meta:
        model = Invitation
        fields = [
            "code",
            "campaign",
            "campaign_name",
            "role",
            "character",
            "character_name",
            "invited_by",
            "expires_at",
            "created_at",
        ]
        read_only_fields = fields

    def get_code(self, invitation) -> str:
        return invitations.grouped(invitation.code)


class InvitationPreviewSerializer(serializers.Serializer):
    """What anyone holding the code may read before accepting it."""

    campaign = serializers.CharField(source="campaign.name")
    role = serializers.CharField()
    character = serializers.CharField(source="character.name", allow_null=True, default=None)
    allow_signup = serializers.BooleanField()
    state = serializers.SerializerMethodField()
    expires_at = serializers.DateTimeField(allow_null=True)

    def get_state(self, invitation) -> str:
        return InvitationSerializer.get_state(self, invitation)


class SignUpSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(write_only=True, style={"input_type": "password"})
    email = serializers.EmailField(required=False, allow_blank=True)

    def validate(self, attrs):
        """No address is an empty one (a default of "" would be documented as an address
        that is none, which OpenAPI's validators refuse)."""
        return {"email": "", **attrs}


class JoinedSerializer(serializers.Serializer):
    """The membership an invitation gave, and for a sign-up the new account's API token."""

    membership = MembershipSerializer()
    character = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The character that became yours, if any."
    )
    token = serializers.CharField(
        required=False, help_text="After a sign-up: an API token for the new account."
    )

    class Meta:
        model = Invitation  # only so the schema knows ``character``'s id type
        fields = ["membership", "character", "token"]


class MyCampaignSerializer(serializers.Serializer):
    """A campaign of the caller's, with their role in it."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()
    role = serializers.ChoiceField(choices=Role.choices)


class MeSerializer(serializers.Serializer):
    """The caller: who they are (the id is what seats name), the language every answer and
    page is in for them, and their campaigns."""

    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(read_only=True)
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        allow_blank=True,
        help_text="The language of every page and answer; empty: the browser's.",
    )
    campaigns = MyCampaignSerializer(many=True, read_only=True)
