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
