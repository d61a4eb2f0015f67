from games import packages


class ChatQuidditchConfig(packages.GameConfig):
    """Chat-Quidditch (version 2, 2011) and the rules of its house cup; a match between
    houses outside the cup credits them (§8.3)."""

    name = "quidditch.chat"
    label = "quidditch_chat"
    verbose_name = "Chat-Quidditch"

    def ready(self) -> None:
        super().ready()
        from games.signals import game_counted, game_finished
        from quidditch.chat import receivers
        from quidditch.chat.rules.ruleset import ChatQuidditch

        game_finished.connect(receivers.credit_the_houses, sender=ChatQuidditch)
        game_counted.connect(receivers.credit_the_houses, sender=ChatQuidditch)
