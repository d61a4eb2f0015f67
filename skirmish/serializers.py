"""Shapes of the skirmish requests; sheets and rules are checked in the services and rules."""

from __future__ import annotations

from rest_framework import serializers

from core.errors import gettext_noop as _
from core.serializers import StrictCharField, StrictRegexField
from games.serializers import GameOptionsSerializer, SeatsSerializer


class SkirmishParticipantSerializer(serializers.Serializer):
    """A character of the campaign, or an ad-hoc participant with the attributes it needs."""

    key = StrictRegexField(
        r"^[A-Za-z0-9_-]{1,20}$",
        required=False,
        help_text="How commands, seats and bots name it; p01, p02, ... if left out.",
    )
    character = serializers.IntegerField(
        required=False, min_value=1, help_text="A character of the skirmish's campaign."
    )
    name = StrictCharField(required=False, max_length=120, help_text="Ad-hoc participants only.")
    attributes = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Ad-hoc participants only: attribute -> value, just the ones needed.",
    )
    health = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text="Ad-hoc participants only: Health, if the storyguide tracks it.",
    )
    health_max = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text="Ad-hoc participants only: Health's maximum (default: its Health).",
    )
    side = StrictCharField(
        required=False,
        allow_null=True,
        max_length=60,
        help_text="The side it fights on; left out, it fights on its own.",
    )

    def validate(self, attrs):
        ad_hoc = {"name", "attributes", "health", "health_max"} & set(attrs)
        if "character" in attrs and ad_hoc:
            raise serializers.ValidationError(
                _("Give either a character, or a name and attributes; not both.")
            )
        if "character" not in attrs and not {"name", "attributes"} <= ad_hoc:
            raise serializers.ValidationError(
                _("Give a character, or a name and attributes for an ad-hoc participant.")
            )
        return attrs


class SkirmishCreateSerializer(GameOptionsSerializer, SeatsSerializer):
    """A new skirmish: the rules' config (``GET /api/rulesets/skirmish/``, its
    ``example_config`` as it stands), with characters of the campaign among the
    participants, and who holds which participant."""

    participants = SkirmishParticipantSerializer(many=True)
    die_size = serializers.IntegerField(
        min_value=2, required=False, help_text="Default: the campaign's sheet rules."
    )
    categories = serializers.DictField(
        child=StrictCharField(max_length=60),
        allow_empty=False,
        required=False,
        help_text="Category of action -> its Finesse attribute, which everyone rolls for "
        "initiative (Ch.7 ¶5). Default: the campaign's attribute groups.",
    )
    defence_attribute = StrictCharField(
        max_length=60,
        required=False,
        allow_null=True,
        help_text="The storyguide's standing choice of the attribute a dodge or an "
        "intervention raises the attacker's difficulty by (Ch.7 ¶10).",
    )
    max_interveners = serializers.IntegerField(
        min_value=0,
        required=False,
        allow_null=True,
        help_text="How many may intervene for one target.",
    )
    defended_difficulty_base = serializers.IntegerField(
        required=False, help_text="A defended roll's difficulty before the target's attributes."
    )
    harm = serializers.IntegerField(
        min_value=0, required=False, help_text="Health a successful attack costs (default 1)."
    )
