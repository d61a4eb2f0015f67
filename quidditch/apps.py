from django.apps import AppConfig


class QuidditchConfig(AppConfig):
    """Quidditch matches, resolved by the server under one of the quidditch rulesets."""

    name = "quidditch"

    def ready(self) -> None:
        # Importing the rules registers them with games.ruleset.find_ruleset.
        import quidditch.rules  # noqa: F401
