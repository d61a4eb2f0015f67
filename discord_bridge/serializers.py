from rest_framework import serializers

from discord_bridge.models import LANGUAGES, DiscordApplication


class ApplicationSerializer(serializers.ModelSerializer):
    """A campaign's Discord application. The bot's token is written, never read back."""

    bot_token = serializers.CharField(write_only=True, max_length=200)
    interactions_url = serializers.SerializerMethodField()

    class Meta:
        model = DiscordApplication
        fields = ["application_id", "public_key", "bot_token", "interactions_url", "created_at"]
        read_only_fields = ["created_at"]
        extra_kwargs = {"application_id": {"validators": []}}

    def get_interactions_url(self, application) -> str:
        """What to enter as the Interactions Endpoint URL in Discord's developer portal."""
        request = self.context.get("request")
        path = "/api/discord/interactions/"
        return request.build_absolute_uri(path) if request else path


class ChannelSerializer(serializers.Serializer):
    """A channel bound to a game of the campaign, or to the campaign (``game``: null)."""

    id = serializers.IntegerField(read_only=True)
    channel_id = serializers.RegexField(r"^[0-9]{1,24}$", help_text="Discord's channel id.")
    game = serializers.IntegerField(
        source="game_id", allow_null=True, required=False, help_text="The game's id."
    )
    language = serializers.ChoiceField(
        choices=LANGUAGES, default="en", help_text="The language of its moments."
    )


class InteractionSerializer(serializers.Serializer):
    """An interaction as Discord sends it (https://discord.com/developers/docs/interactions/receiving-and-responding)."""

    type = serializers.IntegerField(help_text="1 PING, 2 APPLICATION_COMMAND, 4 AUTOCOMPLETE.")
    application_id = serializers.CharField()
    token = serializers.CharField(required=False)
    channel_id = serializers.CharField(required=False)
    locale = serializers.CharField(required=False)
    data = serializers.DictField(required=False)


class InteractionResponseSerializer(serializers.Serializer):
    """Discord's interaction response: 1 PONG, 4 a message, 5 deferred, 8 choices."""

    type = serializers.IntegerField()
    data = serializers.DictField(required=False)
