"""Shapes of the quidditch match resources."""

from __future__ import annotations

from rest_framework import serializers

from campaign.models import Character, House, Position
from games.serializers import GameCreateSerializer
from quidditch.services import CHAT_QUIDDITCH

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
    house = serializers.PrimaryKeyRelatedField(queryset=House.objects.none())
    players = TeamPlayerSerializer(many=True, min_length=1, max_length=7)
    captain = serializers.PrimaryKeyRelatedField(
        queryset=Character.objects.all(),
        required=False,
        allow_null=True,
        default=None,
        help_text="A character of the team; defaults to the first player.",
    )


class MatchCreateSerializer(GameCreateSerializer):
    """A match: for Chat-Quidditch give ``teams`` (and ``settings``), else a raw ``config``."""

    config = serializers.JSONField(
        required=False, help_text="The ruleset's setup, for rulesets other than chat-quidditch."
    )
    teams = TeamSerializer(many=True, required=False, min_length=2, max_length=2)
    settings = serializers.DictField(
        required=False,
        default=dict,
        help_text="Chat-Quidditch settings: answer_seconds, final, rounds, half_time_after, "
        "foul_xp, referee_releases (docs/rules/chat-quidditch.md).",
    )

    def __init__(self, *args, **kwargs):
        """Houses and characters to choose from: those of the caller's storyguide campaigns."""
        super().__init__(*args, **kwargs)
        campaigns = self.fields["campaign"].queryset
        team = self.fields["teams"].child
        team.fields["house"].queryset = House.objects.filter(campaign__in=campaigns)
        characters = Character.objects.filter(campaign__in=campaigns)
        team.fields["captain"].queryset = characters
        team.fields["players"].child.fields["character"].queryset = characters

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if attrs["ruleset"] == CHAT_QUIDDITCH:
            if "teams" not in attrs or "config" in attrs:
                raise serializers.ValidationError(
                    {"teams": ["A Chat-Quidditch match is set up from two teams, not a config."]}
                )
            for team in attrs["teams"]:
                for player in team["players"]:
                    position = player.get("position") or player["character"].quidditch_position
                    if not position:
                        raise serializers.ValidationError(
                            {"teams": [f"{player['character'].name} needs a position."]}
                        )
                    player["position"] = position
        elif "config" not in attrs:
            raise serializers.ValidationError({"config": ["This field is required."]})
        return attrs
