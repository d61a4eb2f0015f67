from django.apps import AppConfig


class SkirmishConfig(AppConfig):
    """Draco Dormiens skirmishes: initiative, rounds, delay, defensive rolls, Health."""

    name = "skirmish"

    def ready(self) -> None:
        # Importing the rules registers them with games.ruleset.find_ruleset.
        import skirmish.rules  # noqa: F401
        from games.signals import event_appended
        from skirmish.services import sheets_follow_health

        event_appended.connect(sheets_follow_health, dispatch_uid="skirmish-sheets-follow-health")
