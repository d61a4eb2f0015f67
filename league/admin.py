"""The house cup in the storyguide's dashboard: cup years and their fixtures.

A cup year is made by ``league.services.cup_year_create``, which draws its
fixtures; afterwards only its name changes here (its dates made the windows).
A fixture's date is fixed, or the game postponed or abandoned with a reason,
through the same services as the API, so the same rules (§8.4, §2.1) refuse
the same things, on the form.
"""

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AdminSplitDateTime
from django.urls import reverse
from django.utils.html import format_html

from campaign.admin import RelatedOnly, ServiceFormAdmin
from campaign.forms import ServiceForm
from league import services
from league.models import CupYear, Fixture


class CupYearForm(ServiceForm):
    class Meta:
        model = CupYear
        fields = ["campaign", "name", "slug", "first_half_starts", "second_half_starts", "ruleset"]
        help_texts = {"slug": "Made from the name if left empty."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "slug" in self.fields:
            self.fields["slug"].required = False

    def save_through_service(self, instance, *, now):
        if instance.pk is not None:
            return services.cup_year_rename(cup_year=instance, name=instance.name, by=self.user)
        return services.cup_year_create(
            campaign=instance.campaign,
            name=instance.name,
            slug=instance.slug,
            first_half_starts=instance.first_half_starts,
            second_half_starts=instance.second_half_starts,
            ruleset=instance.ruleset,
            by=self.user,
        )


@admin.register(CupYear)
class CupYearAdmin(ServiceFormAdmin):
    form = CupYearForm
    list_display = ["name", "campaign", "first_half_starts", "second_half_starts", "fixtures"]
    list_filter = [("campaign", RelatedOnly)]
    list_select_related = ["campaign"]
    prepopulated_fields = {"slug": ["name"]}

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return ["campaign", "slug", "first_half_starts", "second_half_starts", "ruleset"]

    def get_prepopulated_fields(self, request, obj=None):
        return self.prepopulated_fields if obj is None else {}

    def has_delete_permission(self, request, obj=None):
        return False  # its games, results and credited points stay on record

    @admin.display(description="fixtures")
    def fixtures(self, cup_year):
        url = reverse("admin:league_fixture_changelist") + f"?cup_year__id__exact={cup_year.pk}"
        return format_html('<a href="{}">fixtures</a>', url)


class FixtureForm(ServiceForm):
    """Fix the date, or postpone or abandon the game, giving the reason."""

    date = forms.SplitDateTimeField(
        required=False,
        widget=AdminSplitDateTime,
        help_text="In the game's window, at least seven days ahead (§8.4).",
    )
    postpone_because = forms.CharField(
        required=False, max_length=300, help_text="Postpone the game, for this reason (§2.1)."
    )
    abandon_because = forms.CharField(
        required=False, max_length=300, help_text="Abandon the game, for this reason (§2.1)."
    )

    class Meta:
        model = Fixture
        fields = ["date"]

    def save_through_service(self, instance, *, now):
        data = self.cleaned_data
        if data.get("abandon_because"):
            return services.fixture_abandon(
                fixture=instance,
                reason=data["abandon_because"],
                user=self.user,
                now=now,
                by=self.user,
            )
        if data.get("postpone_because"):
            return services.fixture_postpone(
                fixture=instance, reason=data["postpone_because"], by=self.user
            )
        if data.get("date") and "date" in self.changed_data:
            return services.fixture_set_date(
                fixture=instance, date=data["date"], now=now, by=self.user
            )
        return instance


@admin.register(Fixture)
class FixtureAdmin(ServiceFormAdmin):
    form = FixtureForm
    campaign_prefix = "cup_year__campaign__"
    list_display = ["key", "stage", "home", "away", "window_starts", "date", "status", "game_page"]
    list_filter = [("cup_year", RelatedOnly), "status", "stage"]
    list_select_related = ["cup_year", "home", "away"]
    ordering = ["window_starts", "id"]
    readonly_fields = [
        "cup_year",
        "key",
        "stage",
        "home",
        "away",
        "window_starts",
        "window_ends",
        "status",
        "status_reason",
        "result",
    ]
    fields = [*readonly_fields, "date", "postpone_because", "abandon_because"]

    def has_add_permission(self, request):
        return False  # a cup year draws its fixtures; the finals come from the table

    def has_delete_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        closed = obj is not None and obj.status not in services.OPEN
        return self.fields if closed else self.readonly_fields

    @admin.display(description="game")
    def game_page(self, fixture):
        if fixture.game_id is None:
            return "—"
        return format_html('<a href="{}">match</a>', reverse("match-page", args=[fixture.game_id]))
