from celery import shared_task
from django.utils import timezone

from config.celery import IdempotentTask
from league.services import credit_due_points


@shared_task(base=IdempotentTask)
def credit_due_house_points() -> int:
    """Credit the cup's house points that are due (§8.3); safe to run twice or at once."""
    return credit_due_points(now=timezone.now())
