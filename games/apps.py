from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games on the shared storage: provably fair dice and replayable, hash-chained event logs."""

    name = "games"
