"""Shapes of the skirmish requests; sheets and rules are checked in the services and rules."""

from __future__ import annotations

from rest_framework import serializers

from games.serializers import GameOptionsSerializer


class SkirmishParticipantSerializer(serializers.Serializer):
    """A character of the campaign, or an ad-hoc participant with the attributes it needs."""

    character = serializers.IntegerField(
        required=False, min_value=1, help_text="A character of the skirmish's campaign."
    )
    name = serializers.CharField(
        required=False, max_length=120, help_text="Ad-hoc participants only."
    )
    attributes = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Ad-hoc participants only: attribute -> value, just the ones needed.",
    )
    health = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Ad-hoc participants only: Health, if the storyguide tracks it.",
    )

    def validate(self, attrs):
        ad_hoc = {"name", "attributes", "health"} & set(attrs)
        if "character" in attrs and ad_hoc:
            raise serializers.ValidationError(
                "Give either a character, or a name and attributes; not both."
            )
        if "character" not in attrs and not {"name", "attributes"} <= ad_hoc:
            raise serializers.ValidationError(
                "Give a character, or a name and attributes for an ad-hoc participant."
            )
        return attrs


class SkirmishCreateSerializer(GameOptionsSerializer):
    participants = SkirmishParticipantSerializer(many=True)
    defence_attribute = serializers.CharField(
        max_length=60,
        required=False,
        help_text="The storyguide's standing choice of the attribute a dodge or an "
        "intervention raises the attacker's difficulty by (Ch.7 ¶10).",
    )
    max_interveners = serializers.IntegerField(
        min_value=0, required=False, help_text="How many may intervene for one target."
    )
    defended_difficulty_base = serializers.IntegerField(
        required=False, help_text="A defended roll's difficulty before the target's attributes."
    )
