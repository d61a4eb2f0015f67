"""A caller's roles in their campaigns, as the views and the game platform read them.

Read once per request (from the cache, else one query) and kept on the request:
views restrict their querysets to the caller's campaigns with them, so another
campaign's ids answer 404. Who may do what is decided by the services, which
ask the database inside their transaction (``campaign.selectors.require_role``).

Both see the roles through the request's token (``through_token``): this is the one
place where a token's campaigns and the site whose page sent it are checked
(``core.tokens`` says what a token reaches; ``campaign.origins`` which sites a
campaign allows).
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from campaign.models import Membership
from campaign.origins import require_allowed
from core.cache import forget, kept
from core.tokens import scope_of

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
        ahead = getattr(request, "read_ahead", None)  # with the write's rate limit
        roles = roles_of(user.pk, found=ahead) if user.is_authenticated else {}
        cached = {pk: role for pk, role in roles.items() if through_token(user, pk, role)}
        request._campaign_roles = cached
    return cached


def through_token(user, campaign_id: int, role: str | None) -> str | None:
    """``role`` in the campaign as the request's credential sees it: ``None`` (not there,
    as for a stranger) for a campaign outside its token's scope; refused (403) for a
    campaign that does not allow the site whose page sent it. A session and a token
    made with the password reach every campaign of their user."""
    scope = scope_of(user)
    if role is None or not scope.reaches(campaign_id):
        return None
    if scope.origin:
        require_allowed(campaign_id, scope.origin)
    return role


def roles_key(user_id: int) -> str:
    return f"campaign-roles:{user_id}"


def roles_of(user_id: int, *, found: dict | None = None) -> dict[int, str]:
    """The user's roles now, from the cache (else one query): what a live stream asks
    again while it is open. Kept under the key's stamp (``core.cache.kept``), so that a
    read that crossed a membership's change is never served after it; ``found``: the
    entry as a write's rate limit read it ahead (``core.throttling.READ_WITH_A_WRITE``)."""
    return kept(
        roles_key(user_id),
        lambda: dict(Membership.objects.filter(user_id=user_id).values_list("campaign_id", "role")),
        ROLES_CACHE_SECONDS,
        found=found,
    )


@receiver([post_save, post_delete], sender=Membership)
def forget_roles(sender, instance, **kwargs) -> None:
    forget(roles_key(instance.user_id))


def forget_campaign_roles(request) -> None:
    """After the caller's memberships changed (a campaign made or imported): read again,
    not from what was read before the change (nor ahead of it, with the rate limit)."""
    request._campaign_roles = None
    getattr(request, "_request", request).read_ahead = None


def role_in(request, campaign_id: int) -> str | None:
    return campaign_roles(request).get(campaign_id)
