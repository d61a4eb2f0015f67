from django.apps import AppConfig


class SkirmishConfig(AppConfig):
    """Draco Dormiens skirmishes: initiative, rounds, delay and defensive rolls."""

    name = "skirmish"

    def ready(self) -> None:
        # Importing the rules registers them with games.ruleset.find_ruleset.
        import skirmish.rules  # noqa: F401
