"""What core keeps of a person beyond Django's user: their preferences, and their
credentials generation."""

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """A user's choices that follow them across pages and devices."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField(
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text="The language of every page and answer; empty: the browser's.",
    )

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.user}"


class Credentials(models.Model):
    """How often a user's credentials were revoked: ``generation`` moves on with each
    revocation (``core.credentials``). No row is generation 0."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    generation = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name_plural = "credentials"

    def __str__(self) -> str:
        return f"credentials of user {self.user_id}: generation {self.generation}"


class TokenScope(models.Model):
    """What an API token may do, beside knox's token (which keeps its digest and expiry):
    its name, the campaigns it reaches (``None``: every campaign of its user, as a token
    made with the password), whether it plays or only reads, and when it was last used
    (``core.tokens``). Campaigns are named by id: core knows nothing of campaigns, and a
    campaign that is gone is simply reached no more."""

    token = models.OneToOneField("knox.AuthToken", on_delete=models.CASCADE, related_name="scope")
    name = models.CharField(max_length=100)
    campaigns = models.JSONField(null=True, blank=True)
    plays = models.BooleanField(default=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"token {self.name!r} of user {self.token.user_id}"


class CreatedOnce(models.Model):
    """What a create sent with an Idempotency-Key answered, for its retries
    (``core.idempotency``): the key as its digest, the request as its fingerprint, the
    answer sealed under the key. Kept a day."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key_digest = models.CharField(max_length=64, help_text="SHA-256 of the Idempotency-Key.")
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request.")
    status = models.PositiveSmallIntegerField(default=0)
    sealed = models.BinaryField(default=b"", help_text="The answer's body, sealed under the key.")
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name_plural = "creates once"
        constraints = [
            models.UniqueConstraint(fields=["user", "key_digest"], name="one_create_per_users_key")
        ]

    def __str__(self) -> str:
        return f"a create of user {self.user_id} at {self.created_at:%Y-%m-%d %H:%M}"
