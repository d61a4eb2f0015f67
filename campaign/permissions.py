"""Permissions by campaign role.

A caller's roles are read once per request (from the cache, else one query)
and kept on the request. Views restrict their querysets to the caller's campaigns, so another
campaign's ids answer 404; the permission classes below then decide what a
role may do with an object it can see.
"""

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from rest_framework.permissions import SAFE_METHODS, BasePermission

from campaign.models import Membership, Role
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


class CampaignRolePermission(BasePermission):
    """Members read; the roles in ``write_roles`` write.

    Subclasses name other roles, or refine ``has_object_permission`` for
    ownership (a player edits only their own character).
    """

    read_roles = frozenset({Role.STORYGUIDE, Role.PLAYER, Role.SPECTATOR})
    write_roles = frozenset({Role.STORYGUIDE})

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj) -> bool:
        role = role_in(request, self.campaign_id_of(obj))
        allowed = self.read_roles if request.method in SAFE_METHODS else self.write_roles
        return role in allowed

    @staticmethod
    def campaign_id_of(obj) -> int:
        return obj.campaign_id if hasattr(obj, "campaign_id") else obj.pk
