from django.apps import AppConfig


class LeagueConfig(AppConfig):
    """The Chat-Quidditch house cup: fixtures, standings, finals and house points."""

    name = "league"

    def ready(self) -> None:
        from games.signals import game_finished
        from league.receivers import record_cup_result

        game_finished.connect(record_cup_result, dispatch_uid="league-record-cup-result")
