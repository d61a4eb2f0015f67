"""Campaigns and who plays in them.

Everything the API serves belongs to a campaign, and what a caller may do
with it follows from their role in that campaign.
"""

from django.conf import settings
from django.db import models


class Role(models.TextChoices):
    STORYGUIDE = "storyguide", "Storyguide"
    PLAYER = "player", "Player"
    SPECTATOR = "spectator", "Spectator"


class Campaign(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(unique=True, help_text="Names the campaign in public URLs.")
    created_at = models.DateTimeField(auto_now_add=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="campaigns"
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_role_per_campaign")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"
