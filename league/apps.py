from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LeagueConfig(AppConfig):
    """The Chat-Quidditch house cup: fixtures, standings, finals and house points."""

    name = "league"
    verbose_name = gettext_lazy("House cup")

    def ready(self) -> None:
        from campaign.activity import activity_recorded
        from games.signals import game_finished
        from league.receivers import project_on_news, record_cup_result

        game_finished.connect(record_cup_result, dispatch_uid="league-record-cup-result")
        activity_recorded.connect(project_on_news, dispatch_uid="league-project-on-news")
