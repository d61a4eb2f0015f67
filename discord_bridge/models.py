"""What ties a campaign to Discord: its application, its bound channels, and the Discord
users linked to accounts."""

from django.conf import settings
from django.db import models

from campaign.models import Campaign
from games.models import Game

LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]


class DiscordApplication(models.Model):
    """The Discord application a campaign plays through: its id and public key (which
    every interaction's signature is checked with) and its bot's token, kept for the
    follow-ups and the channel's messages and never shown again."""

    campaign = models.OneToOneField(
        Campaign, on_delete=models.CASCADE, related_name="discord_application"
    )
    application_id = models.CharField(max_length=24, unique=True)
    public_key = models.CharField(max_length=64, help_text="Hex, from the developer portal.")
    bot_token = models.CharField(max_length=200)
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Discord application {self.application_id}"


class DiscordChannel(models.Model):
    """A channel of the application's server bound to one game, or to the campaign (its
    cup's standings and fixtures, and no game of its own)."""

    application = models.ForeignKey(
        DiscordApplication, on_delete=models.CASCADE, related_name="channels"
    )
    channel_id = models.CharField(max_length=24)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="discord_channels"
    )
    language = models.CharField(max_length=2, choices=LANGUAGES, default="en")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["application", "channel_id"], name="discord_channel_once"
            )
        ]

    def __str__(self) -> str:
        return f"Discord channel {self.channel_id}"


class DiscordLink(models.Model):
    """A Discord user tied to an account: their commands act as that account."""

    discord_user_id = models.CharField(max_length=24, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="discord_links"
    )
    linked_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Discord user {self.discord_user_id}"


class LinkCode(models.Model):
    """A one-time code ``/link`` gave a Discord user, to be entered on the site by the
    account it is to be tied to, before it expires."""

    code = models.CharField(max_length=16, unique=True)
    discord_user_id = models.CharField(max_length=24)
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Link code for Discord user {self.discord_user_id}"
