from django.apps import AppConfig


class LeagueConfig(AppConfig):
    """The Chat-Quidditch house cup: fixtures, standings, finals and house points."""

    name = "league"
