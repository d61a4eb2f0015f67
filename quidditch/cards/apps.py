from django.apps import AppConfig


class CardQuidditchConfig(AppConfig):
    """Registers the ``card-quidditch`` ruleset with the game platform."""

    name = "quidditch.cards"
    label = "quidditch_cards"
    verbose_name = "Quidditch card game"

    def ready(self) -> None:
        from quidditch.cards import rules  # noqa: F401  (registers the ruleset)
