from django.apps import AppConfig


class ChatQuidditchConfig(AppConfig):
    """Registers the ``chat-quidditch`` ruleset with the game platform."""

    name = "quidditch.chat"
    label = "quidditch_chat"
    verbose_name = "Chat-Quidditch"

    def ready(self) -> None:
        from quidditch.chat import rules  # noqa: F401  (registers the ruleset)
