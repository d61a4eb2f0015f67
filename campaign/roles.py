"""A caller's roles in their campaigns, as the views and the game platform read them.

Read once per request (from the cache, else one query) and kept on the request:
views restrict their querysets to the caller's campaigns with them, so another
campaign's ids answer 404. Who may do what is decided by the services, which
ask the database inside their transaction (``campaign.selectors.require_role``).
"""

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from campaign.models import Membership
from core.cache import forget, remember

#: How long a user's roles stay in the cache unless a membership changes first.
ROLES_CACHE_SECONDS = 300


def campaign_roles(request) -> dict[int, str]:
    """The caller's role in each of their campaigns: campaign id -> role.

    Read once per request, and kept in the cache between requests (a command
    costs no query for it): every change of a membership clears its user's entry
    at once (``forget_roles`` below), so a removed member is refused at their
    next request. Several server processes must share the cache (``CACHE_URL``).
    """
    cached = getattr(request, "_campaign_roles", None)
    if cached is None:
        user = request.user
        cached = roles_of(user.pk) if user.is_authenticated else {}
        request._campaign_roles = cached
    return cached


def _roles_key(user_id: int) -> str:
    return f"campaign-roles:{user_id}"


def roles_of(user_id: int) -> dict[int, str]:
    """The user's roles now, from the cache (else one query): what a live stream asks
    again while it is open."""
    roles = cache.get(_roles_key(user_id))
    if roles is None:
        roles = dict(Membership.objects.filter(user_id=user_id).values_list("campaign_id", "role"))
        remember(_roles_key(user_id), roles, ROLES_CACHE_SECONDS)
    return roles


@receiver([post_save, post_delete], sender=Membership)
def forget_roles(sender, instance, **kwargs) -> None:
    forget(_roles_key(instance.user_id))


def forget_campaign_roles(request) -> None:
    """After the caller's memberships changed (a campaign made or imported)."""
    request._campaign_roles = None


def role_in(request, campaign_id: int) -> str | None:
    return campaign_roles(request).get(campaign_id)
