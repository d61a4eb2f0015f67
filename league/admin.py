"""The house cup in the storyguide's dashboard: cup years and their fixtures.

A cup year is made by ``league.services.cup_year_create``, which draws its
fixtures; afterwards only its name changes here (its dates made the windows).
A fixture's date is fixed, or the game postponed or abandoned with a reason,
through the same services as the API, so the same rules (§8.4, §2.1) refuse
the same things, on the form.
"""

from datetime import datetime

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AdminSplitDateTime
from django.db.models import F
from django.db.models.expressions import Window
from django.db.models.functions import Coalesce, RowNumber
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign import desk
from campaign.admin import RelatedOnly, ServiceFormAdmin
from campaign.forms import ServiceForm
from campaign.models import Activity, Campaign
from league import services
from league.activity_kinds import CupNews
from league.models import CupYear, Fixture, FixtureStatus
from league.rules import scheduling


class CupYearForm(ServiceForm):
    class Meta:
        model = CupYear
        fields = ["campaign", "name", "slug", "first_half_starts", "second_half_starts", "ruleset"]
        help_texts = {"slug": gettext_lazy("Made from the name if left empty.")}

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

    @admin.display(description=gettext_lazy("fixtures"))
    def fixtures(self, cup_year):
        url = reverse("admin:league_fixture_changelist") + f"?cup_year__id__exact={cup_year.pk}"
        return format_html('<a href="{}">{}</a>', url, _("fixtures"))


class FixtureForm(ServiceForm):
    """Fix the date, or postpone or abandon the game, giving the reason."""

    date = forms.SplitDateTimeField(
        required=False,
        widget=AdminSplitDateTime,
        help_text=gettext_lazy("In the game's window, at least seven days ahead (§8.4)."),
    )
    postpone_because = forms.CharField(
        required=False,
        max_length=300,
        label=gettext_lazy("Postpone because"),
        help_text=gettext_lazy("Postpone the game, for this reason (§2.1)."),
    )
    abandon_because = forms.CharField(
        required=False,
        max_length=300,
        label=gettext_lazy("Abandon because"),
        help_text=gettext_lazy("Abandon the game, for this reason (§2.1)."),
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

    @admin.display(description=gettext_lazy("game"))
    def game_page(self, fixture):
        if fixture.game_id is None:
            return "—"
        return format_html(
            '<a href="{}">{}</a>', reverse("match-page", args=[fixture.game_id]), _("match")
        )


# -- The league's part of the storyguide's desk (campaign.desk) ---------------------------

FIXTURES_SHOWN = 4
"""How many of a campaign's next cup games the desk shows."""
COMING = (*services.OPEN, FixtureStatus.PLAYING)
"""The cup games still to be played, or being played."""


def next_fixtures(request, campaigns: list[Campaign], now: datetime) -> dict[int, desk.Part]:
    """Each campaign's next cup games, the soonest first (by date, else by window): a game
    still without a date waits on the storyguide, who fixes it here before its window's
    seventh day from the end (§8.4). Two queries for all the campaigns."""
    ids = [campaign.pk for campaign in campaigns]
    newest: dict[int, CupYear] = {}
    for cup_year in CupYear.objects.filter(campaign_id__in=ids).order_by("-first_half_starts"):
        newest.setdefault(cup_year.campaign_id, cup_year)
    when = Coalesce("date", "window_starts")
    fixtures = (
        Fixture.objects.filter(cup_year__campaign_id__in=ids, status__in=COMING)
        .annotate(
            place=Window(
                RowNumber(),
                partition_by=[F("cup_year__campaign_id")],
                order_by=[when.asc(), F("pk").asc()],
            )
        )
        .filter(place__lte=FIXTURES_SHOWN)
        .order_by(when.asc(), "pk")
        .select_related("cup_year", "home", "away")
    )
    slugs = {campaign.pk: campaign.slug for campaign in campaigns}
    items: dict[int, list[desk.Item]] = {}
    for fixture in fixtures:
        campaign_id = fixture.cup_year.campaign_id
        items.setdefault(campaign_id, []).append(_fixture_item(fixture, slugs[campaign_id], now))
    parts = {}
    for campaign in campaigns:
        cup_year = newest.get(campaign.pk)
        if cup_year is None:
            add = reverse("admin:league_cupyear_add") + f"?campaign={campaign.pk}"
            parts[campaign.pk] = desk.Part(
                heading=_("Next cup games"),
                items=[],
                empty=_("No house cup yet."),
                links=[(_("Start a house cup"), add)],
            )
            continue
        fixtures_url = reverse("admin:league_fixture_changelist")
        parts[campaign.pk] = desk.Part(
            heading=_("Next cup games"),
            items=items.get(campaign.pk, []),
            empty=_("No cup game is left to play in %(name)s.") % {"name": cup_year.name},
            more=f"{fixtures_url}?cup_year__id__exact={cup_year.pk}",
            more_text=_("Every fixture of %(name)s") % {"name": cup_year.name},
            links=[
                (
                    _("The cup's page"),
                    reverse("league:cup-year", args=[campaign.slug, cup_year.slug]),
                )
            ],
        )
    return parts


def _day(moment: datetime) -> str:
    return date_format(timezone.localtime(moment), "MONTH_DAY_FORMAT")


def _fixture_item(fixture: Fixture, campaign_slug: str, now: datetime) -> desk.Item:
    """A cup game on the desk: its houses and stage, then when, or what it waits for;
    it leads to where it is acted on (its date here, its match, its page)."""
    text = _("%(home)s against %(away)s") % {"home": fixture.home.name, "away": fixture.away.name}
    text = f"{text} · {fixture.get_stage_display()}"
    window = scheduling.Window(fixture.window_starts, fixture.window_ends)
    span = {"start": _day(window.start), "end": date_format(window.last_day, "MONTH_DAY_FORMAT")}
    change = reverse("admin:league_fixture_change", args=[fixture.pk])
    if fixture.status == FixtureStatus.PLAYING and fixture.game_id:
        return desk.Item(text, reverse("match-page", args=[fixture.game_id]), _("Playing now."))
    if fixture.date is not None:
        moment = timezone.localtime(fixture.date)
        note = _("On %(day)s at %(time)s.") % {
            "day": _day(moment),
            "time": date_format(moment, "TIME_FORMAT"),
        }
        page = reverse("league:cup-game", args=[campaign_slug, fixture.cup_year.slug, fixture.key])
        return desk.Item(text, page, note)
    (needed,) = scheduling.dates_needed([scheduling.ScheduledGame(fixture.key, window)], now=now)
    by = date_format(needed.announce_by, "MONTH_DAY_FORMAT")
    if needed.overdue:
        note = (
            _(
                "No date, and too late to fix one in its window (%(start)s – %(end)s): tell the "
                "organising committee (§8.4)."
            )
            % span
        )
        return desk.Item(text, change, note, flag="late")
    if fixture.status == FixtureStatus.POSTPONED:
        note = _("Postponed: %(reason)s. Fix a new date by %(by)s (window %(start)s – %(end)s).")
        return desk.Item(
            text, change, note % {"reason": fixture.status_reason, "by": by, **span}, "waiting"
        )
    note = _("Fix its date by %(by)s (window %(start)s – %(end)s).") % {"by": by, **span}
    return desk.Item(text, change, note, flag="waiting")


def _cup_news(activity: Activity) -> desk.Item:
    """The cup's news on the desk: a game begun (its match), over (its page), the
    standings and the odds (the cup year's fixtures here)."""
    data = activity.data
    teams = {"home": data.get("home", ""), "away": data.get("away", "")}
    fixtures = reverse("admin:league_fixture_changelist")
    fixtures += f"?cup_year__id__exact={data.get('cup_year')}"
    if activity.kind == CupNews.FIXTURE_STARTED:
        text = _("Cup game: %(home)s against %(away)s has begun.") % teams
        url = reverse("match-page", args=[data["game"]]) if data.get("game") else fixtures
        return desk.Item(text, url)
    if activity.kind == CupNews.FIXTURE_FINISHED:
        text = _("Cup game: %(home)s against %(away)s is over.") % teams
        return desk.Item(text, reverse("admin:league_fixture_change", args=[data["fixture"]]))
    if activity.kind == CupNews.STANDINGS_CHANGED:
        return desk.Item(_("The standings of %(name)s have changed.") % data, fixtures)
    return desk.Item(_("The cup odds of %(name)s were recomputed.") % data, fixtures)


desk.add_section("fixtures", next_fixtures)
desk.tell_activity(*CupNews, tell=_cup_news)
