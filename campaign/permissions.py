"""Permissions by campaign role.

A caller's roles are read once per request (one query) and kept on the
request. Views restrict their querysets to the caller's campaigns, so another
campaign's ids answer 404; the permission classes below then decide what a
role may do with an object it can see.
"""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from campaign.models import Membership, Role


def campaign_roles(request) -> dict[int, str]:
    """The caller's role in each of their campaigns: campaign id -> role."""
    cached = getattr(request, "_campaign_roles", None)
    if cached is None:
        user = request.user
        cached = (
            dict(Membership.objects.filter(user=user).values_list("campaign_id", "role"))
            if user.is_authenticated
            else {}
        )
        request._campaign_roles = cached
    return cached


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
