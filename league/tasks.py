from celery import shared_task
from django.utils import timezone

from config.celery import IdempotentTask
from league.models import CupYear
from league.services import credit_due_points, cup_year_project


@shared_task(base=IdempotentTask)
def credit_due_house_points() -> int:
    """Credit the cup's house points that are due (§8.3); safe to run twice or at once."""
    return credit_due_points(now=timezone.now())


@shared_task(base=IdempotentTask)
def project_cup_year(cup_year_id: int) -> int | None:
    """Compute a cup year's marks and odds from its results now; a second run on the same
    results finds the stored figures (their basis is unique) and computes nothing."""
    cup_year = CupYear.objects.filter(pk=cup_year_id).first()
    if cup_year is None:
        return None
    return cup_year_project(cup_year=cup_year, now=timezone.now()).pk
