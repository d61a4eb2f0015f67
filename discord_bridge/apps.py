from django.apps import AppConfig


class DiscordBridgeConfig(AppConfig):
    """A campaign's Discord channel playing its games through Discord's HTTP interactions
    (no gateway connection): the endpoint, the links of Discord users to accounts, the
    channels bound to games, and the moments a channel is told (docs/discord.md)."""

    name = "discord_bridge"
    verbose_name = "Discord"

    def ready(self) -> None:
        from discord_bridge import moments
        from games.signals import event_appended

        event_appended.connect(moments.event_appended, dispatch_uid="discord-moments")
