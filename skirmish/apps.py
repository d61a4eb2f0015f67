from games import packages


class SkirmishConfig(packages.GameConfig):
    """Draco Dormiens skirmishes: initiative, rounds, delay, defensive rolls, Health."""

    name = "skirmish"

    def ready(self) -> None:
        super().ready()
        from games.signals import event_appended
        from skirmish.rules.ruleset import Skirmish
        from skirmish.services import sheets_follow_health

        event_appended.connect(
            sheets_follow_health, sender=Skirmish, dispatch_uid="skirmish-sheets-follow-health"
        )
