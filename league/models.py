"""The house cup: a cup year of a campaign, its fixtures, and dice fraud on record.

A fixture's result comes from its Chat-Quidditch game; the standings are
computed from the results (never stored), so a correction, such as a fraud
deduction, shows everywhere at once. House points for a game are due 48 hours
after its log is published (§8.3): the due time is stored here and a periodic
task credits what is due, exactly once.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaign.models import Campaign, Character, House
from games.models import Game
from league.cups import default_cup_ruleset


class CupYear(models.Model):
    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="cup_years", verbose_name=_("campaign")
    )
    name = models.CharField(_("name"), max_length=60, help_text='e.g. "1995/96"')
    slug = models.SlugField(_("slug"))
    first_half_starts = models.DateTimeField(_("first half starts"))
    second_half_starts = models.DateTimeField(_("second half starts"))
    lots = models.JSONField(
        default=dict,
        blank=True,
        help_text="Lots drawn to separate level teams, kept so standings never draw twice.",
    )
    ruleset = models.CharField(
        max_length=40,
        default=default_cup_ruleset,
        help_text="The rules its games are played by: one of the rulesets that play house "
        "cups (league.cups). Left out, the first game of the project's list of games that "
        "plays cups (today chat-quidditch, whose §8 is the house cup).",
    )
    placings_credited_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-first_half_starts"]
        verbose_name = _("cup year")
        verbose_name_plural = _("cup years")
        constraints = [
            models.UniqueConstraint(fields=["campaign", "slug"], name="cup_year_slug_per_campaign")
        ]

    def __str__(self) -> str:
        return f"House cup {self.name}"


class Stage(models.TextChoices):
    FIRST_HALF = "first_half", _("First half")
    SECOND_HALF = "second_half", _("Second half")
    DECIDER = "decider", _("Decider")
    FINAL = "final", _("Final")
    THIRD_PLACE = "third_place", _("Third place")


class FixtureStatus(models.TextChoices):
    UNSCHEDULED = "unscheduled", _("Needs a date")
    SCHEDULED = "scheduled", _("Scheduled")
    PLAYING = "playing", _("Playing")
    PLAYED = "played", _("Played")
    POSTPONED = "postponed", _("Postponed")
    ABANDONED = "abandoned", _("Abandoned")


class Fixture(models.Model):
    cup_year = models.ForeignKey(
        CupYear, on_delete=models.CASCADE, related_name="fixtures", verbose_name=_("cup year")
    )
    key = models.CharField(
        _("key"),
        max_length=40,
        help_text="The game's stable name in the cup: game-7, cup-final, ...",
    )
    stage = models.CharField(_("stage"), max_length=20, choices=Stage.choices)
    match_day = models.PositiveSmallIntegerField(default=1)
    home = models.ForeignKey(
        House, on_delete=models.PROTECT, related_name="+", verbose_name=_("home")
    )
    away = models.ForeignKey(
        House, on_delete=models.PROTECT, related_name="+", verbose_name=_("away")
    )
    window_starts = models.DateTimeField(_("window starts"))
    window_ends = models.DateTimeField(_("window ends"))
    date = models.DateTimeField(
        _("date"), null=True, blank=True, help_text="Fixed at least 7 days ahead."
    )
    date_fixed_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(
        _("status"),
        max_length=20,
        choices=FixtureStatus.choices,
        default=FixtureStatus.UNSCHEDULED,
    )
    status_reason = models.CharField(max_length=300, blank=True)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="fixture"
    )
    result = models.JSONField(null=True, blank=True, help_text="The game's final result (§7).")
    published_at = models.DateTimeField(null=True, blank=True, help_text="Log made public.")
    credit_due_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text="48 hours after publication (§8.3)."
    )
    credited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["cup_year", "window_starts", "match_day", "id"]
        verbose_name = _("cup game")
        verbose_name_plural = _("cup games")
        constraints = [
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="fixture_two_houses"),
            models.UniqueConstraint(fields=["cup_year", "key"], name="fixture_key_per_cup_year"),
        ]
        indexes = [
            models.Index(
                fields=["credit_due_at"],
                condition=Q(credited_at__isnull=True),
                name="fixture_credit_due",
            )
        ]

    def __str__(self) -> str:
        return f"{self.home} v {self.away} ({self.get_stage_display()})"

    @property
    def named_result(self) -> dict | None:
        """The result with each team called by its house's name now: the home team first.

        The match's log keeps the names of its day; a house renamed since is the
        same house, and the league shows it under its new name.
        """
        if self.result is None:
            return None
        teams = [
            {**team, "house": house.name}
            for team, house in zip(self.result["teams"], (self.home, self.away), strict=True)
        ]
        return {**self.result, "teams": teams}


class Offence(models.TextChoices):
    DICE_FRAUD = "dice_fraud", _("Dice fraud (§8.7)")
    FORBIDDEN_TOOL = "forbidden_tool", _("Forbidden tool (§8.9)")


class Fraud(models.Model):
    """A player caught cheating: barred from this game and the next two, 100 points off."""

    fixture = models.ForeignKey(Fixture, on_delete=models.PROTECT, related_name="frauds")
    character = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="frauds")
    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="+")
    offence = models.CharField(max_length=20, choices=Offence.choices)
    note = models.CharField(max_length=300, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField()

    class Meta:
        ordering = ["recorded_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_offence_display()}: {self.character} in {self.fixture}"


class Projection(models.Model):
    """A cup year's outlook as computed from one state of its results, kept as computed.

    The clinched and eliminated marks and the odds of a season simulation
    (``league.rules.projections``), per house by id, so that a renamed house keeps
    its figures. ``basis`` fingerprints everything they were computed from: the same
    state is computed once (a second run finds it), and the seed follows from it.
    """

    cup_year = models.ForeignKey(CupYear, on_delete=models.CASCADE, related_name="projections")
    basis = models.CharField(max_length=64, help_text="SHA-256 of the inputs, as canonical JSON.")
    seed = models.BigIntegerField(help_text="The seed the seasons were drawn from.")
    seasons = models.PositiveIntegerField()
    games_played = models.PositiveSmallIntegerField(help_text="Games of the halves played.")
    games_remaining = models.PositiveSmallIntegerField()
    figures = models.JSONField(help_text="Marks and odds per house (by id), and the model.")
    computed_at = models.DateTimeField()

    class Meta:
        ordering = ["cup_year", "-computed_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["cup_year", "basis"], name="projection_per_basis")
        ]

    def __str__(self) -> str:
        return f"Projections of {self.cup_year} after {self.games_played} games"


class LineUp(models.Model):
    """A house's line-up for a cup game, chosen before the match (§8.5): which of its
    characters play which position, and which of them captains. The match of the fixture
    is started with the line-ups of both its houses (``league.line_ups``).

    ``players`` keeps the order chosen (``[{"character": id, "position": "keeper"}, ...]``):
    when the bigger team sits players out, the last listed go first (§8.5).
    """

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="line_ups")
    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="+")
    players = models.JSONField(help_text="The characters by id, each with a position, in order.")
    captain = models.ForeignKey(
        Character, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    chosen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    chosen_at = models.DateTimeField()

    class Meta:
        ordering = ["fixture", "id"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "house"], name="line_up_per_house_and_game")
        ]

    def __str__(self) -> str:
        return f"{self.house}'s line-up for {self.fixture}"
