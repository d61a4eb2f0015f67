"""What core keeps in the database: each user's credentials generation."""

from django.conf import settings
from django.db import models


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
