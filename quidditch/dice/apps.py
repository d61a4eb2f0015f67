from django.apps import AppConfig


class DiceQuidditchConfig(AppConfig):
    """Registers the ``dice-quidditch`` ruleset with the game platform."""

    name = "quidditch.dice"
    label = "quidditch_dice"
    verbose_name = "Quidditch dice game"

    def ready(self) -> None:
        from quidditch.dice import rules  # noqa: F401  (registers the ruleset)
