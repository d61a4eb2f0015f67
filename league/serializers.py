"""Shapes of the house cup resources."""

from __future__ import annotations

from rest_framework import serializers

from campaign.models import Campaign, Character, House, Role
from campaign.serializers import TeamSerializer
from core.serializers import StrictTextModelSerializer
from games.models import EnteredDice
from league.models import CupYear, Fixture, Fraud, Offence
from league.rules.clinch import (
    CLINCHED,
    CLINCHED_UNLESS_TIEBREAK,
    CUP_FINAL,
    DECIDER,
    DECIDER_OR_LOTS,
    ELIMINATED,
    FINALS,
    LOTS,
    OPEN,
    THIRD_PLACE_FINAL,
    TIEBREAK_ONLY,
)


class CupYearSerializer(StrictTextModelSerializer):
    class Meta:
        model = CupYear
        fields = [
            "id",
            "campaign",
            "name",
            "slug",
            "first_half_starts",
            "second_half_starts",
            "ruleset",
            "placings_credited_at",
            "created_at",
        ]
        read_only_fields = ["id", "placings_credited_at", "created_at"]
        extra_kwargs = {"slug": {"required": False, "help_text": "Made from the name if left out."}}
        validators = []  # a slug taken in the campaign is refused by cup_year_create

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        request = self.context.get("request")
        if request is not None and request.user.is_authenticated:
            self.fields["campaign"].queryset = Campaign.objects.filter(
                memberships__user=request.user, memberships__role=Role.STORYGUIDE
            )
        else:
            self.fields["campaign"].queryset = Campaign.objects.none()


class FixtureSerializer(serializers.ModelSerializer):
    home = serializers.SlugRelatedField(slug_field="name", read_only=True)
    away = serializers.SlugRelatedField(slug_field="name", read_only=True)
    result = serializers.JSONField(
        source="named_result", read_only=True, help_text="The match's result, home team first."
    )

    class Meta:
        model = Fixture
        fields = [
            "id",
            "cup_year",
            "key",
            "stage",
            "match_day",
            "home",
            "away",
            "window_starts",
            "window_ends",
            "date",
            "status",
            "status_reason",
            "game",
            "result",
            "published_at",
            "credit_due_at",
            "credited_at",
        ]
        read_only_fields = fields


class RowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    house = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    points = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
    snitch_catches = serializers.IntegerField()
    points_deducted = serializers.IntegerField()
    reason = serializers.CharField(allow_null=True, help_text="Why it is ahead of the next row.")
    why = serializers.CharField(allow_null=True)


class StandingsSerializer(serializers.Serializer):
    rows = RowSerializer(many=True)
    season_over = serializers.BooleanField()
    settled = serializers.BooleanField()
    deciders_needed = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField())
    )
    lots_needed = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))


class MarkSerializer(serializers.Serializer):
    target = serializers.ChoiceField(
        choices=[CUP_FINAL, FINALS, THIRD_PLACE_FINAL],
        help_text="cup_final: places 1 and 2 (the top two); finals: places 1 to 4, with more "
        "than four houses; third_place_final: places 3 and 4.",
    )
    status = serializers.ChoiceField(
        choices=[CLINCHED, CLINCHED_UNLESS_TIEBREAK, OPEN, TIEBREAK_ONLY, ELIMINATED],
        help_text="clinched: in whatever the remaining games give; clinched_unless_tiebreak: "
        "in unless a decider or lots go the other way; open; tiebreak_only: in only through "
        "a decider or lots; eliminated: can no longer get there. Proofs, not estimates.",
    )
    tiebreak = serializers.ChoiceField(
        choices=[DECIDER, LOTS, DECIDER_OR_LOTS],
        allow_null=True,
        help_text="What the mark hangs on (§8.2), where it hangs on one.",
    )
    sentence = serializers.CharField(help_text="The mark in words; empty while open.")


class HouseRatesSerializer(serializers.Serializer):
    attack = serializers.FloatField(help_text="Times the league's goals a side it scores.")
    defence = serializers.FloatField(help_text="Times the league's goals a side it concedes.")
    catches = serializers.FloatField(help_text="Snitch catches a game.")


class HouseProjectionSerializer(serializers.Serializer):
    house = serializers.CharField()
    house_id = serializers.IntegerField()
    marks = MarkSerializer(many=True)
    cup = serializers.FloatField(help_text="Chance of winning the cup (place 1).")
    places = serializers.ListField(
        child=serializers.FloatField(), help_text="Chance of each final place, place 1 first."
    )
    expected_points = serializers.FloatField(help_text="Points in the table after the halves.")
    house_points_first = serializers.FloatField(
        help_text="Chance of leading the house points race at the end of the cup year."
    )
    house_points_places = serializers.ListField(
        child=serializers.FloatField(),
        help_text="Chance of each place in the house points race, place 1 first.",
    )
    expected_house_points = serializers.FloatField(
        help_text="House points at the end of the cup year: the ledger now, the cup's credits "
        "owed, the simulated games, finals and placings (§8.3)."
    )
    model = HouseRatesSerializer(help_text="The house's fitted rates.")


class FittedModelSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="Cup games of the campaign the model is fitted to.")
    goals = serializers.FloatField(help_text="The league's goals a side per game.")
    caught = serializers.FloatField(help_text="The league's share of games with a snitch catch.")


class ProjectionSerializer(serializers.Serializer):
    cup_year = serializers.IntegerField()
    seed = serializers.IntegerField(help_text="The seed the seasons were drawn from.")
    seasons = serializers.IntegerField(help_text="Seasons simulated.")
    computed_at = serializers.DateTimeField()
    games_played = serializers.IntegerField(help_text="Games of the halves played then.")
    games_remaining = serializers.IntegerField()
    model = FittedModelSerializer()
    houses = HouseProjectionSerializer(many=True, help_text="In the order of the table then.")


class DateSerializer(serializers.Serializer):
    date = serializers.DateTimeField()


class PostponeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300)
    window_starts = serializers.DateTimeField(required=False, allow_null=True, default=None)


class StartSerializer(serializers.Serializer):
    teams = TeamSerializer(
        many=True, min_length=2, max_length=2, help_text="Home team first, then away."
    )
    sitting_out = serializers.PrimaryKeyRelatedField(
        many=True,
        queryset=Character.objects.none(),
        required=False,
        default=list,
        help_text="The bigger team's choice of who sits out (§8.5).",
    )
    settings = serializers.DictField(
        required=False,
        default=dict,
        help_text="Chat-Quidditch settings (docs/rules/chat-quidditch.md); the rules refuse "
        "what they do not allow, naming the section.",
    )
    entered_dice = serializers.ChoiceField(
        choices=EnteredDice.choices,
        required=False,
        default=EnteredDice.NEVER,
        help_text="A game at a physical table: who enters the dice rolled there.",
    )

    def __init__(self, *args, campaign=None, **kwargs):
        super().__init__(*args, **kwargs)
        if campaign is not None:
            team = self.fields["teams"].child
            characters = Character.objects.filter(campaign=campaign)
            team.fields["house"].queryset = House.objects.filter(campaign=campaign)
            team.fields["captain"].queryset = characters
            team.fields["players"].child.fields["character"].queryset = characters
            self.fields["sitting_out"].child_relation.queryset = characters


class FraudSerializer(serializers.ModelSerializer):
    character = serializers.PrimaryKeyRelatedField(queryset=Character.objects.none())
    offence = serializers.ChoiceField(choices=Offence.choices)

    class Meta:
        model = Fraud
        fields = [
            "id",
            "fixture",
            "character",
            "house",
            "offence",
            "note",
            "recorded_by",
            "recorded_at",
        ]
        read_only_fields = ["id", "fixture", "house", "recorded_by", "recorded_at"]

    def __init__(self, *args, campaign=None, **kwargs):
        super().__init__(*args, **kwargs)
        if campaign is not None:
            self.fields["character"].queryset = Character.objects.filter(campaign=campaign)
