from games import packages


class CardQuidditchConfig(packages.GameConfig):
    """The quidditch card game for two, with hidden hands."""

    name = "quidditch.cards"
    label = "quidditch_cards"
    verbose_name = "Quidditch card game"
