from games import packages


class DuelConfig(packages.GameConfig):
    """The seekers' duel: the smallest game a storyguide could want, added as any game is."""

    name = "duel"
