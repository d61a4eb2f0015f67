from django.apps import AppConfig


class SkirmishConfig(AppConfig):
    """Draco Dormiens skirmishes: initiative, rounds, delay and defensive rolls."""

    name = "skirmish"

