from games import packages


class DiceQuidditchConfig(packages.GameConfig):
    """The quidditch dice game for two."""

    name = "quidditch.dice"
    label = "quidditch_dice"
    verbose_name = "Quidditch dice game"
