from django.apps import AppConfig


class RpgQuidditchConfig(AppConfig):
    """Registers ``rpg-quidditch``, and writes a finished match back to the campaign."""

    name = "quidditch.rpg"
    label = "quidditch_rpg"
    verbose_name = "Draco Dormiens quidditch"

    def ready(self) -> None:
        from games.signals import game_finished
        from quidditch.rpg import receivers, rules  # noqa: F401  (registers the ruleset)

        game_finished.connect(receivers.write_back_to_the_campaign)
