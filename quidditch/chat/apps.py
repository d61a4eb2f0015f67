from games import packages


class ChatQuidditchConfig(packages.GameConfig):
    """Chat-Quidditch (version 2, 2011) and the rules of its house cup."""

    name = "quidditch.chat"
    label = "quidditch_chat"
    verbose_name = "Chat-Quidditch"
