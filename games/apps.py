from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class GamesConfig(AppConfig):
    """Games on the shared storage: provably fair dice and replayable, hash-chained event logs."""

    name = "games"
    verbose_name = gettext_lazy("Games")
