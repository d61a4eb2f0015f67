from django.db import transaction

from league.activity_kinds import CupNews
from league.services import fixture_record_result
from league.tasks import project_cup_year


def record_cup_result(sender, *, game, now, **kwargs) -> None:
    """A finished cup game announces its result and publishes its log (§8.3)."""
    fixture_record_result(game=game, now=now)


def project_on_news(sender, *, activity, **kwargs) -> None:
    """The standings changed (a result, a fraud, lots drawn): once the change commits,
    the cup year's projections are computed again from it."""
    if activity.kind == CupNews.STANDINGS_CHANGED:
        cup_year_id = activity.data["cup_year"]
        transaction.on_commit(lambda: project_cup_year.delay(cup_year_id))
