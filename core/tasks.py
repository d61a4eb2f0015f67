from celery import shared_task
from django.utils import timezone
from knox.models import get_token_model

from config.celery import IdempotentTask


@shared_task(base=IdempotentTask)
def purge_expired_tokens() -> int:
    """Delete API tokens past their expiry; running it twice deletes nothing more."""
    deleted, _ = get_token_model().objects.filter(expiry__lt=timezone.now()).delete()
    return deleted


@shared_task(base=IdempotentTask, ignore_result=False)
def echo(value: str) -> str:
    """Answer what it was given: lets a health probe or a test see a worker work."""
    return value
