from games import packages


class TabletopQuidditchConfig(packages.GameConfig):
    """Table Top Quidditch, on a grid pitch."""

    name = "quidditch.tabletop"
    label = "quidditch_tabletop"
    verbose_name = "Table Top Quidditch"
