"""Games on the shared storage: one row per game, an append-only log of its events.

Skirmishes and every quidditch ruleset store their play the same way: the
game row holds the ruleset, its config, the current state snapshot, a
``version`` (the number of events so far) and the dice seeds; each accepted
command appends one :class:`GameEvent`, chained to the previous one by its
hash. Replaying the events from ``ruleset.setup(config)`` rebuilds the
snapshot, which is how a game is audited (see ``games.verification``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class GameStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    FINISHED = "finished", _("Finished")
    ABANDONED = "abandoned", _("Abandoned")


class EnteredDice(models.TextChoices):
    """Who may submit dice rolled outside the server (physical dice, a VTT's roller)."""

    NEVER = "never", _("Never: the server rolls")
    REFEREE = "referee", _("The referee or storyguide")
    PLAYERS = "players", _("Any participant")


class Game(models.Model):
    # By name: the platform sits below the campaign app and never imports it.
    campaign = models.ForeignKey(
        "campaign.Campaign",
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("campaign"),
    )
    kind = models.CharField(_("kind"), max_length=20, db_index=True, editable=False)
    ruleset = models.CharField(_("ruleset"), max_length=40)
    title = models.CharField(_("title"), max_length=200, blank=True)
    config = models.JSONField()
    state = models.JSONField()
    version = models.PositiveIntegerField(_("version"), default=0)
    status = models.CharField(
        _("status"), max_length=20, choices=GameStatus.choices, default=GameStatus.ACTIVE
    )
    public = models.BooleanField(
        default=False, help_text="Anyone, logged in or not, may read its state, log and proof."
    )
    friendly = models.BooleanField(
        default=False,
        help_text="Played for fun: it touches neither the cup nor house points (a game players "
        "start themselves always is).",
    )
    entered_dice = models.CharField(
        max_length=20, choices=EnteredDice.choices, default=EnteredDice.NEVER
    )
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="refereed_games",
        help_text="Referees besides the campaign's storyguides.",
    )

    # Provably fair dice: the seed stays secret until the game ends.
    server_seed = models.CharField(max_length=64, editable=False)
    seed_commitment = models.CharField(max_length=64, editable=False)
    client_seed = models.CharField(max_length=200)
    next_nonce = models.PositiveIntegerField(default=0)
    seed_revealed_at = models.DateTimeField(null=True, blank=True)

    last_hash = models.CharField(max_length=64, help_text="Hash of the newest event.")
    dice_awaited = models.JSONField(
        null=True,
        blank=True,
        help_text="A command waiting for entered dice: the command, its actor, when it was "
        "given, what was entered for it so far and the dice it waits for (games.services).",
    )
    bots_moving = models.BooleanField(
        default=False,
        help_text="Bots have moves left that a task is playing (a request plays a second's worth).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"))
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [models.Index(fields=["campaign", "kind", "status"])]

    def __str__(self) -> str:
        return self.title or f"{self.ruleset} #{self.pk}"

    @property
    def seed_revealed(self) -> bool:
        return self.seed_revealed_at is not None

    def takes_dice_from(self, actor) -> bool:
        """Whether ``actor`` (a ``games.ruleset.Actor``) may enter dice in this game."""
        if self.entered_dice == EnteredDice.REFEREE:
            return actor.is_referee
        if self.entered_dice == EnteredDice.PLAYERS:
            return actor.is_referee or bool(actor.controls)
        return False


class Seat(models.Model):
    """Who holds a participant of a game (a nick, a side, a skirmish participant).

    A seat is held by a user, or by a bot: a strategy the ruleset names
    (``games.bots``), which the server plays at once whenever it may act.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    participant = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bot = models.CharField(max_length=40, blank=True, help_text="The strategy holding the seat.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "participant"], name="one_user_per_seat"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True) ^ models.Q(bot=""),
                name="seat_held_by_a_user_or_a_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} in game {self.game_id}"


class GameEvent(models.Model):
    """One accepted command and what it did; its record never changes once written.

    A command sent with an ``Idempotency-Key`` keeps the key, a fingerprint of
    the request and the answer it was given beside its record, so that a retry
    is recognised in the same statement that locks the game and gets the same
    answer. A key is its sender's own: one event per game, user and key (a
    bot's command, sent by nobody, has no key). The answer is written with the
    event, once the bots that acted after the command have (it is not part of the
    hashed record), as the text of its JSON: encoded once, and kept by the database as
    it is, not parsed into jsonb (``games.services``).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor = models.JSONField(help_text="The actor as the rules saw it: role and controls.")
    submitted = models.JSONField(help_text="The command as the client sent it (text or JSON).")
    command = models.JSONField(help_text="The command the rules applied.")
    dice = models.JSONField(help_text="Every die rolled: nonce, sides, face, purpose, source.")
    events = models.JSONField(help_text="What happened, as the rules describe it.")
    created_at = models.DateTimeField(help_text="The server's clock when it was applied.")
    hash = models.CharField(max_length=64)
    idempotency_key = models.CharField(max_length=200, blank=True)
    fingerprint = models.CharField(max_length=64, blank=True, help_text="SHA-256 of the request.")
    # NULL where no answer is kept (a command sent without a key), as when it was jsonb:
    # the migration then changes the column's type and rewrites no row.
    answer = models.TextField(  # noqa: DJ001
        null=True,
        blank=True,
        help_text="The answer the command was given, as the text of its JSON (games.services).",
    )

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_event_per_seq"),
            models.UniqueConstraint(
                fields=["game", "user", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="one_event_per_users_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"event {self.seq} of game {self.game_id}"
