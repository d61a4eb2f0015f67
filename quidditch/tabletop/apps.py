from django.apps import AppConfig


class TabletopQuidditchConfig(AppConfig):
    """Registers the ``tabletop-quidditch`` ruleset with the game platform."""

    name = "quidditch.tabletop"
    label = "quidditch_tabletop"
    verbose_name = "Table Top Quidditch"

    def ready(self) -> None:
        from quidditch.tabletop.rules import ruleset  # noqa: F401  (registers the ruleset)
