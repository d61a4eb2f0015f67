"""Shapes of the game resources; no game logic lives here."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.serializers import StrictBooleanField, StrictCharField
from games.campaign_app import campaign_app
from games.manifest import manifest_of
from games.models import EnteredDice, Game
from games.ruleset import ruleset_names
from games.selectors import GAME, RECORD, SUMMARY_FIELDS, asked_language, game_as_seen
from games.wire import ENTERED_DIE, ShapedModelSerializer, ShapedSerializer


def _campaigns_of(request):
    """The caller's campaigns (the platform does not import their model); who may start a
    game in one is the service's to decide."""
    campaign_model = Game._meta.get_field("campaign").related_model
    return campaign_model.objects.filter(pk__in=list(campaign_app().roles(request)))


class GameOptionsSerializer(serializers.Serializer):
    """What every new game is given, whatever its ruleset."""

    campaign = serializers.PrimaryKeyRelatedField(
        queryset=Game.objects.none(),
        help_text="A campaign of yours: its storyguide starts any game; a player, where the "
        "campaign allows it, a friendly game that seats them.",
    )
    title = StrictCharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text='Left out or empty: the ruleset\'s own ("Gryffindor v Slytherin").',
    )
    public = StrictBooleanField(required=False, default=False)
    friendly = StrictBooleanField(
        required=False,
        default=False,
        help_text="Touches neither the cup nor house points (always, for a game a player starts).",
    )
    entered_dice = serializers.ChoiceField(
        choices=EnteredDice.choices, required=False, default=EnteredDice.NEVER
    )
    client_seed = StrictCharField(max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        """Offer only the caller's campaigns."""
        super().__init__(*args, **kwargs)
        request = self.context.get("request")
        if request is not None:
            self.fields["campaign"].queryset = _campaigns_of(request)


class SeatsSerializer(serializers.Serializer):
    """Who holds the seats of a new game, whatever creates it."""

    seats = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        default=dict,
        help_text="Seat -> the user id of the member who holds it (a character's player "
        "holds its seat unless named here).",
    )
    bots = serializers.DictField(
        child=StrictCharField(max_length=40),
        required=False,
        default=dict,
        help_text='Seat -> the bot that holds it, e.g. {"away": "random"}; "referee" leaves '
        'the referee\'s own commands to a bot, "*" every seat no member is named for.',
    )


@extend_schema_field({"type": "string"})
class RulesetField(serializers.ChoiceField):
    """A ruleset's name, among the choices its serializer offers. The contract names no
    enum of them: each ruleset's own component names its own (``games.schema``)."""

    def __init__(self, **kwargs):
        super().__init__(choices=(), **kwargs)


class GameCreateSerializer(GameOptionsSerializer, SeatsSerializer):
    """A new game of any ruleset of the view's kind."""

    ruleset = RulesetField(help_text="See GET /api/rulesets/.")
    config = serializers.JSONField(
        help_text="The ruleset's setup: its config_schema in GET /api/rulesets/{name}/."
    )

    def __init__(self, *args, **kwargs):
        """Offer the rulesets of the view's kind."""
        super().__init__(*args, **kwargs)
        kind = self.context.get("kind")
        self.fields["ruleset"].choices = [
            name for name in ruleset_names() if kind is None or manifest_of(name).kind == kind
        ]

    def validate_config(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("Expected a JSON object.")
        return value


class BotsSerializer(serializers.Serializer):
    bots = serializers.DictField(
        child=StrictCharField(max_length=40),
        help_text='Seat -> the bot that takes it over, e.g. {"GJäger1": "random"}; "*" for '
        "every seat and the referee's duties.",
    )


class GameSummarySerializer(serializers.ModelSerializer):
    """A game in a list: what it is and where it stands, not its whole state."""

    class Meta:
        model = Game
        fields = list(SUMMARY_FIELDS)
        read_only_fields = fields


class GameSerializer(ShapedModelSerializer):
    """A game as the caller (``context["actor"]``) may see it, with what they may do now."""

    # Its parts, their types and how each is read are ``games.selectors.GAME``'s; the
    # answer is built in one pass from it.
    shape = GAME

    class Meta:
        model = Game
        read_only_fields = GAME.names

    def to_representation(self, game) -> dict:
        now = self.context.get("now") or timezone.now()
        language = asked_language(self.context.get("request"))
        return game_as_seen(game, self.context["actor"], now=now, language=language)


@extend_schema_field(ENTERED_DIE)
class EnteredDieField(serializers.Field):
    """One entered die: a face, or a whole shuffle as the deck's new order (its cards'
    places before the shuffle, or the cards themselves)."""

    default_error_messages = {
        "invalid": "A face (a whole number) or a deck's new order (a list of places or cards)."
    }

    def to_internal_value(self, data):
        if _whole(data):
            return data
        if isinstance(data, list) and len(data) <= 200:
            if all(_whole(place) for place in data):
                return data
            if all(isinstance(card, str) and len(card) <= 200 for card in data):
                return data
        self.fail("invalid")

    def to_representation(self, value):
        return value


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SubmissionSerializer(serializers.Serializer):
    ruleset = RulesetField(
        required=False,
        help_text="The game's ruleset, so that a typed client knows the command's type; "
        "a submission naming another ruleset than the game's is refused.",
    )
    text = StrictCharField(
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
        child=EnteredDieField(),
        required=False,
        max_length=100,
        help_text="Faces rolled outside the server, in order (if the game takes entered dice); "
        "a deck shuffled at the table as its new order, the cards' places before the shuffle "
        "or the cards themselves. Sent alone (no text, no command), they are entered for the "
        "command the game waits on (dice_awaited): all it still needs, or some of them.",
    )
    expected_version = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="Refuse with 409 unless the game is still at this version.",
    )

    def __init__(self, *args, **kwargs):
        """Name every ruleset played by commands."""
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = [
            name for name in ruleset_names() if manifest_of(name).played_by_commands
        ]

    def validate(self, attrs):
        if "text" in attrs and "command" in attrs:
            raise serializers.ValidationError("Send one of 'text' and 'command', not both.")
        if "text" not in attrs and "command" not in attrs and not attrs.get("dice"):
            raise serializers.ValidationError(
                "Send 'text' or 'command', or 'dice' alone for the command the game waits on."
            )
        if "command" in attrs and not isinstance(attrs["command"].get("action"), str):
            raise serializers.ValidationError({"command": ["A command needs an 'action' string."]})
        return attrs


class EventSerializer(ShapedSerializer):
    """One record of the log: a command, what it rolled and what happened."""

    shape = RECORD  # its parts, their types and how each is read


class EventPageSerializer(serializers.Serializer):
    ruleset = serializers.CharField(help_text="The game's ruleset: the type of its records.")
    results = EventSerializer(many=True)
    next_after = serializers.IntegerField(
        help_text="Pass as ?after= next time: the last event's seq here, or your own "
        "cursor when nothing is new, so a polling client never loses its place."
    )
    more = serializers.BooleanField(help_text="Whether more events wait beyond this page now.")
    version = serializers.IntegerField()


class CommandAnswerSerializer(serializers.Serializer):
    ruleset = serializers.CharField(help_text="The game's ruleset: the type of the answer.")
    event = EventSerializer()
    game = GameSerializer()


class ClientSeedSerializer(serializers.Serializer):
    client_seed = StrictCharField(max_length=200)


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


class RulesetSerializer(serializers.Serializer):
    """A rule system the service referees: what it is, where its games are, and the shapes
    they take (the same schemas as the ruleset's components of the OpenAPI contract)."""

    name = serializers.CharField()
    title = serializers.CharField()
    kind = serializers.CharField(help_text="Where its games live: match, skirmish or log.")
    endpoint = serializers.CharField(
        help_text="The collection its games are read at (/api/matches/, /api/skirmishes/, "
        "/api/table-logs/)."
    )
    creatable = serializers.BooleanField(
        help_text="Whether a client creates its games by a POST to endpoint (from "
        "example_config as it stands); false for a log the service writes itself."
    )
    languages = serializers.ListField(child=serializers.CharField())
    seats = serializers.ListField(
        child=serializers.CharField(), help_text="The seats of a game set up from the example."
    )
    bots = serializers.ListField(child=serializers.CharField())
    takes_text = serializers.BooleanField(help_text="Whether commands may be typed as text.")
    config_schema = serializers.DictField(help_text="JSON Schema of config.")
    command_schema = serializers.DictField(help_text="JSON Schema of one command.")
    command_schemas = serializers.DictField(
        child=serializers.DictField(),
        help_text="Action -> JSON Schema of a command of that action (empty where the "
        "ruleset names none).",
    )
    state_schema = serializers.DictField(help_text="JSON Schema of the state as seen.")
    event_schemas = serializers.DictField(
        child=serializers.DictField(),
        help_text="Event type -> JSON Schema of an event of that type (empty where the "
        "ruleset names none).",
    )
    result_schema = serializers.DictField(help_text="JSON Schema of the result once over.")
    example_config = serializers.DictField()
    ending_actions = serializers.ListField(
        child=serializers.CharField(),
        help_text="The actions by which the players call a game off before its rules end it "
        "(proposing or agreeing to end, conceding): an automatic player that means to play "
        "a game out leaves them alone, as the service's bots do.",
    )
