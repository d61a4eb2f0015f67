"""Campaigns and who plays in them.

Everything the API serves belongs to a campaign, and what a caller may do
with it follows from their role in that campaign.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaign.rules.sheet import SheetRules


def default_rules() -> dict:
    return SheetRules.from_json({}).to_json()


class Role(models.TextChoices):
    STORYGUIDE = "storyguide", _("storyguide")
    PLAYER = "player", _("player")
    SPECTATOR = "spectator", _("spectator")


class Campaign(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), unique=True, help_text="Names the campaign in public URLs.")
    rules = models.JSONField(
        default=default_rules,
        help_text="Sheet rules: die size, attribute groups and finesse attributes, the value "
        "range, classes, the Popularity rule (see docs/rules/campaign.md).",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="campaigns"
    )
    activity_seq = models.PositiveIntegerField(
        default=0, editable=False, help_text="The seq of the campaign's latest activity."
    )
    players_start_games = models.BooleanField(
        default=False,
        help_text="Players may start friendly games themselves: one person against bots, or "
        "two players. A friendly game touches neither the cup nor house points.",
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name

    @property
    def sheet_rules(self) -> SheetRules:
        return SheetRules.from_json(self.rules)


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_role_per_campaign")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"


class House(models.Model):
    """A Hogwarts house of one campaign; its initial names its players' nicks (§4.1.1)."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="houses", verbose_name=_("campaign")
    )
    name = models.CharField(_("name"), max_length=60)
    initial = models.CharField(_("initial"), max_length=1)
    colour = models.CharField(max_length=20, help_text="A CSS colour for pages and charts.")
    captain = models.ForeignKey(
        "Character",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("captain"),
        help_text="The house team's captain, one of its characters: their player chooses the "
        "house's line-up for a cup game (§8.5) beside the storyguide.",
    )

    class Meta:
        ordering = ["campaign", "name"]
        verbose_name = _("house")
        verbose_name_plural = _("houses")
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="house_name_per_campaign"),
            models.UniqueConstraint(
                fields=["campaign", "initial"], name="house_initial_per_campaign"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Position(models.TextChoices):
    NONE = "", _("None")
    KEEPER = "keeper", _("Keeper")
    SEEKER = "seeker", _("Seeker")
    CHASER = "chaser", _("Chaser")
    BEATER = "beater", _("Beater")


class Character(models.Model):
    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="characters", verbose_name=_("campaign")
    )
    name = models.CharField(_("name"), max_length=120)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="characters",
        verbose_name=_("player"),
        help_text="The player who owns the character; none for the storyguide's own.",
    )
    house = models.ForeignKey(
        House,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="characters",
        verbose_name=_("house"),
    )
    year = models.PositiveSmallIntegerField(
        _("year"), default=1, validators=[MinValueValidator(1), MaxValueValidator(7)]
    )
    attributes = models.JSONField(
        help_text="Attribute -> value, as the campaign's rules name them."
    )
    health = models.PositiveSmallIntegerField(default=5)
    health_max = models.PositiveSmallIntegerField(default=5)
    popularity_base = models.IntegerField(
        default=0, help_text="Popularity before house points and adjustments."
    )
    curriculum = models.JSONField(default=dict, blank=True, help_text="Class -> points.")
    spells = models.JSONField(default=list, blank=True)
    virtues = models.JSONField(default=list, blank=True)
    flaws = models.JSONField(default=list, blank=True)
    background = models.TextField(blank=True)
    secret_notes = models.TextField(blank=True, help_text="Only storyguides ever see these.")
    quidditch_position = models.CharField(
        _("quidditch position"),
        max_length=10,
        choices=Position.choices,
        blank=True,
        default=Position.NONE,
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["campaign", "name", "id"]
        verbose_name = _("character")
        verbose_name_plural = _("characters")
        indexes = [models.Index(fields=["campaign", "house", "year"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1, year__lte=7), name="character_year_1_to_7"
            ),
            models.CheckConstraint(
                condition=Q(health__lte=models.F("health_max")),
                name="health_within_max",
                violation_error_message=_("Health cannot exceed its maximum."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Source(models.TextChoices):
    MANUAL = "manual", _("Awarded by hand")
    MATCH = "match", _("Match result")
    CUP_PLACEMENT = "cup_placement", _("Cup placement")
    PENALTY = "penalty", _("Penalty")
    REVERSAL = "reversal", _("Reversal")


class HousePointEntry(models.Model):
    """One line of the house points ledger; never edited or deleted, only reversed.

    An entry counts towards its house's total from ``credit_at`` on; until then
    it is pending. ``source_key`` lets an automatic source (a match result, a
    cup placement) credit exactly once: a second attempt hits the constraint.
    """

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="ledger", verbose_name=_("campaign")
    )
    house = models.ForeignKey(
        House, on_delete=models.PROTECT, related_name="ledger", verbose_name=_("house")
    )
    amount = models.IntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=300)
    source = models.CharField(
        _("source"), max_length=20, choices=Source.choices, default=Source.MANUAL
    )
    source_key = models.CharField(
        max_length=120, blank=True, default="", help_text="Set by automatic sources only."
    )
    character = models.ForeignKey(
        Character,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger",
        verbose_name=_("character"),
    )
    attributed_to = models.ManyToManyField(
        Character,
        blank=True,
        related_name="attributed_points",
        help_text="Characters the points are attributed to for Popularity, each as if they had "
        "earned them all (a Draco Dormiens quidditch win: every player of the team); the "
        "house counts them once.",
    )
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("awarded by"),
    )
    game = models.ForeignKey(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="house_points",
        help_text="The game whose result credited these points, if a game's did.",
    )
    credit_at = models.DateTimeField(_("counts from"), db_index=True)
    created_at = models.DateTimeField()
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("house point entry")
        verbose_name_plural = _("house point entries")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "source_key"],
                condition=~Q(source_key=""),
                name="one_entry_per_source_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.house}: {self.reason}"


class PopularityAdjustment(models.Model):
    """A storyguide's change to a character's Popularity, kept with its reason."""

    character = models.ForeignKey(
        Character,
        on_delete=models.CASCADE,
        related_name="popularity_adjustments",
        verbose_name=_("character"),
    )
    amount = models.IntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=300)
    adjusted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("adjusted by"),
    )
    created_at = models.DateTimeField(_("created at"))

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("Popularity adjustment")
        verbose_name_plural = _("Popularity adjustments")

    def __str__(self) -> str:
        return f"{self.amount:+d} Popularity for {self.character}: {self.reason}"


class Invitation(models.Model):
    """A way into a campaign: nobody becomes a member but by accepting one.

    A storyguide hands out a link or a short code: whoever opens it signs up
    or logs in and becomes a member with ``role``. Or a storyguide names a
    person (``addressed_to``, a username): only that person may accept it, or
    decline it, from their own pages. If it names a ``character``, that
    character becomes theirs. It stops working when revoked, declined, expired
    or used ``max_uses`` times (no limit when empty); an invitation with a
    character, or addressed to a person, is for one person only.
    """

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("campaign")
    )
    code = models.CharField(max_length=16, unique=True, editable=False)
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.PLAYER)
    addressed_to = models.CharField(
        _("addressed to"),
        max_length=150,
        blank=True,
        db_index=True,
        help_text="The username of the one person who may accept it; empty: whoever holds it.",
    )
    character = models.ForeignKey(
        Character,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invitations",
        verbose_name=_("character"),
        help_text="The character the new player will play.",
    )
    max_uses = models.PositiveSmallIntegerField(
        null=True, blank=True, default=1, help_text="Empty: as many people as like."
    )
    uses = models.PositiveSmallIntegerField(default=0, editable=False)
    expires_at = models.DateTimeField(null=True, blank=True)
    allow_signup = models.BooleanField(
        default=True, help_text="Whether a person without an account may sign up through it."
    )
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)
    declined_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.get_role_display()} invitation to {self.campaign} ({self.code})"


class ActivityKind(models.TextChoices):
    """The campaign's own kinds of activity; other apps declare theirs
    (``campaign.activity.register``)."""

    HOUSE_POINTS = "house_points", "House points"
    POPULARITY = "popularity", "Popularity"
    MEMBER_JOINED = "member_joined", "Member joined"
    MEMBER_LEFT = "member_left", "Member left"
    GAME_STARTED = "game_started", "Game started"
    GAME_FINISHED = "game_finished", "Game finished"
    GAME_COUNTED = "game_counted", "Game made to count"
    GAME_DISCOUNTED = "game_discounted", "Game made to count for nothing"


class Activity(models.Model):
    """Something that happened around a campaign's games, numbered in the campaign's order.

    ``seq`` counts 1, 2, 3 ... per campaign, given under the campaign's row lock in
    the transaction that made the change, so a reader that has seen ``seq`` n has
    seen everything before it: the campaign's stream and its webhooks resume from it.
    ``data`` holds what every member may read (never a storyguide's secret).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="activities")
    seq = models.PositiveIntegerField()
    kind = models.CharField(
        max_length=30, help_text="One of the kinds the apps declare (campaign.activity.kinds)."
    )
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["campaign", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "seq"], name="one_activity_per_seq")
        ]

    def __str__(self) -> str:
        from campaign.activity import kinds

        kind = kinds().get(self.kind)
        return f"{self.campaign} #{self.seq}: {kind.label if kind else self.kind}"


class AllowedOrigin(models.Model):
    """A web address whose pages may use the API for this campaign from a browser (a
    Foundry world's ``https://foundry.example:30000``), allowed by its storyguide beside
    the operators' ``CORS_ALLOWED_ORIGINS`` (``campaign.origins``)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="allowed_origins")
    origin = models.CharField(
        max_length=200, help_text="Scheme, host and port, as a browser sends it in Origin."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "origin"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "origin"], name="one_origin_per_campaign")
        ]

    def __str__(self) -> str:
        return f"{self.origin} for {self.campaign}"
