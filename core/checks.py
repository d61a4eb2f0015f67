"""Deployment checks of our own, run by ``manage.py check --deploy``."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.caches, deploy=True)
def shared_cache(app_configs, **kwargs) -> list[Warning]:
    """Found tokens, campaign roles and rate limit counters live in the cache, and a
    revocation clears them there: every server process must see the same one."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("LocMemCache"):
        return [
            Warning(
                "The cache is each process's own (CACHE_URL is not set).",
                hint="Set CACHE_URL to a Redis shared by every server process: otherwise a "
                "revoked token or a removed member is let in by the other processes for "
                "up to five minutes, and each process counts rate limits apart.",
                id="storyguide.W001",
            )
        ]
    return []
