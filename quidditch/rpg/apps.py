from games import packages


class RpgQuidditchConfig(packages.GameConfig):
    """Draco Dormiens' quidditch; a finished match is written back to the campaign."""

    name = "quidditch.rpg"
    label = "quidditch_rpg"
    verbose_name = "Draco Dormiens quidditch"

    def ready(self) -> None:
        super().ready()
        from games.signals import game_counted, game_finished
        from quidditch.rpg import receivers
        from quidditch.rpg.rules.ruleset import RpgQuidditch

        game_finished.connect(receivers.write_back_to_the_campaign, sender=RpgQuidditch)
        game_counted.connect(receivers.credit_the_winner, sender=RpgQuidditch)
