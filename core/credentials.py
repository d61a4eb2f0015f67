"""A user's credentials generation: what every revocation moves on, so that whatever was
let in before it stops.

A token or a session is checked on every request, but two things outlive the check
that let them in: a live stream, open for hours, and a stream token, signed for a
minute. Each keeps the user's generation of the moment it was granted; a stream
token of an older generation opens nothing, and an open stream whose generation is
no longer its user's ends (``core.streams``). Revoking a token, revoking all of
them, logging out and a change of the user (deactivated, a new password) move the
generation on, in the database, and take it out of the shared cache, so that every
server process sees it at its next look.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.dispatch import receiver

from core.cache import forget, remember
from core.models import Credentials

#: How long a generation stays in the cache unless a revocation comes first.
CACHE_SECONDS = 300


def _key(user_id: int) -> str:
    return f"credentials-generation:{user_id}"


def generation(user_id: int) -> int:
    """The user's credentials generation now (from the cache, else one query)."""
    found = cache.get(_key(user_id))
    if found is None:
        found = (
            Credentials.objects.filter(user_id=user_id).values_list("generation", flat=True).first()
        ) or 0
        remember(_key(user_id), found, CACHE_SECONDS)
    return found


def renew(user_id: int) -> None:
    """Move the user's generation on: their streams end, their stream tokens stop."""
    with transaction.atomic():
        Credentials.objects.get_or_create(user_id=user_id)
        Credentials.objects.filter(user_id=user_id).update(generation=F("generation") + 1)
        forget(_key(user_id))


@receiver(user_logged_out)
def renew_on_logout(sender, request, user, **kwargs) -> None:
    """Revoking a token, revoking every token (knox sends this) or logging out."""
    if user is not None:
        renew(user.pk)
