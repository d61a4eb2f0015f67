"""Shapes of the game resources; no game logic lives here."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaign.models import Campaign, Role
from games.models import EnteredDice, Game
from games.ruleset import find_ruleset, ruleset_names


class GameOptionsSerializer(serializers.Serializer):
    """What every new game is given, whatever its ruleset."""

    campaign = serializers.PrimaryKeyRelatedField(
        queryset=Campaign.objects.none(), help_text="A campaign you are storyguide of."
    )
    title = serializers.CharField(max_length=200, required=False, default="")
    public = serializers.BooleanField(required=False, default=False)
    entered_dice = serializers.ChoiceField(
        choices=EnteredDice.choices, required=False, default=EnteredDice.NEVER
    )
    client_seed = serializers.CharField(max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        """Offer only the campaigns the caller is storyguide of."""
        super().__init__(*args, **kwargs)
        request = self.context.get("request")
        if request is not None:
            self.fields["campaign"].queryset = Campaign.objects.filter(
                memberships__user=request.user, memberships__role=Role.STORYGUIDE
            )


class GameCreateSerializer(GameOptionsSerializer):
    ruleset = serializers.ChoiceField(choices=())
    config = serializers.JSONField(help_text="The ruleset's setup; see docs/rules/.")
    seats = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        help_text="Participant -> user id of the member who commands it.",
    )

    def __init__(self, *args, **kwargs):
        """Offer the rulesets of the view's kind."""
        super().__init__(*args, **kwargs)
        kind = self.context.get("kind")
        self.fields["ruleset"].choices = [
            name for name in ruleset_names() if kind is None or find_ruleset(name).kind == kind
        ]

    def validate_config(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("Expected a JSON object.")
        return value

    def validate(self, attrs):
        members = set(attrs["campaign"].memberships.values_list("user_id", flat=True))
        seats = attrs.get("seats", {})
        strangers = sorted(str(user) for user in seats.values() if user not in members)
        if strangers:
            raise serializers.ValidationError(
                {"seats": [f"User {', '.join(strangers)} is not a member of the campaign."]}
            )
        return attrs


class GameSummarySerializer(serializers.ModelSerializer):
    """A game in a list: what it is and where it stands, not its whole state."""

    class Meta:
        model = Game
        fields = [
            "id",
            "campaign",
            "kind",
            "ruleset",
            "title",
            "status",
            "version",
            "public",
            "seed_commitment",
            "created_at",
            "finished_at",
        ]
        read_only_fields = fields


class GameSerializer(serializers.ModelSerializer):
    state = serializers.SerializerMethodField()
    allowed_commands = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()
    server_seed = serializers.SerializerMethodField()
    seats = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            *GameSummarySerializer.Meta.fields,
            "entered_dice",
            "client_seed",
            "server_seed",
            "next_nonce",
            "seats",
            "state",
            "allowed_commands",
            "result",
        ]
        read_only_fields = fields

    def _rules(self, game):
        return find_ruleset(game.ruleset)

    @extend_schema_field(serializers.DictField())
    def get_state(self, game):
        return self._rules(game).view(game.state, self.context["actor"])

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_allowed_commands(self, game):
        if game.status != "active":
            return []
        return self._rules(game).allowed_commands(game.state, self.context["actor"])

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_result(self, game):
        return self._rules(game).result(game.state)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_server_seed(self, game):
        """Secret until the game ends or is abandoned."""
        return game.server_seed if game.seed_revealed else None

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_seats(self, game):
        return {seat.participant: seat.user_id for seat in game.seats.all()}


class SubmissionSerializer(serializers.Serializer):
    text = serializers.CharField(
        required=False,
        max_length=500,
        trim_whitespace=False,
        help_text='The command as typed, e.g. "Pass GJäger2".',
    )
    command = serializers.DictField(
        required=False,
        help_text='The command as JSON, e.g. {"action": "pass", "target": "GJäger2"}',
    )
    dice = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        max_length=100,
        help_text="Faces rolled outside the server, in order (if the game takes entered dice).",
    )
    expected_version = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="Refuse with 409 unless the game is still at this version.",
    )

    def validate(self, attrs):
        if ("text" in attrs) == ("command" in attrs):
            raise serializers.ValidationError("Send exactly one of 'text' and 'command'.")
        if "command" in attrs and not isinstance(attrs["command"].get("action"), str):
            raise serializers.ValidationError({"command": ["A command needs an 'action' string."]})
        return attrs


class RollSerializer(serializers.Serializer):
    nonce = serializers.IntegerField()
    sides = serializers.IntegerField()
    face = serializers.IntegerField()
    purpose = serializers.CharField()
    source = serializers.CharField()


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    actor = serializers.DictField()
    submitted = serializers.DictField()
    command = serializers.DictField()
    dice = RollSerializer(many=True)
    events = serializers.ListField(child=serializers.DictField())
    narration = serializers.ListField(child=serializers.DictField(child=serializers.CharField()))
    created_at = serializers.CharField(help_text="UTC with microseconds, exactly as hashed.")
    hash = serializers.CharField()


class EventPageSerializer(serializers.Serializer):
    results = EventSerializer(many=True)
    next_after = serializers.IntegerField(
        allow_null=True, help_text="Pass as ?after= to get the next page; null at the end."
    )
    version = serializers.IntegerField()


class CommandAnswerSerializer(serializers.Serializer):
    event = EventSerializer()
    game = GameSerializer()


class ClientSeedSerializer(serializers.Serializer):
    client_seed = serializers.CharField(max_length=200)


class ProblemSerializer(serializers.Serializer):
    seq = serializers.IntegerField(allow_null=True)
    check = serializers.CharField()
    detail = serializers.CharField()


class VerifySerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    first_bad_seq = serializers.IntegerField(allow_null=True)
    events = serializers.IntegerField()
    chain_intact = serializers.BooleanField()
    seed_revealed = serializers.BooleanField()
    seed_matches_commitment = serializers.BooleanField(allow_null=True)
    rolls_checked = serializers.IntegerField()
    rolls_intact = serializers.BooleanField(allow_null=True)
    replay_matches = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
