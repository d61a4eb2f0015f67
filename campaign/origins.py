"""The sites whose pages may use the API for a campaign from a browser.

A virtual tabletop's module (a Foundry world's) runs in the browser at the table's
own address. Beside the operators' ``CORS_ALLOWED_ORIGINS``, which reach every
campaign, a campaign's storyguide allows their table's address for their campaign
(``origin_allow``). Two things follow from the list, both read from the cache:

- the browser may read the API's answers from that address: django-cors-headers
  asks ``check_request_enabled`` (below) for an origin not in its setting, and an
  origin some campaign allows is let through, its preflight too (which carries no
  credentials, so cannot name a campaign);
- a token used from that address reaches only the campaigns that allow it: where a
  caller's roles are read (``campaign.roles``), a campaign that does not is refused
  with 403 ``origin_not_allowed``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from corsheaders.signals import check_request_enabled
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from campaign import selectors  # (as a module: selectors reads roles, which read this)
from campaign.models import AllowedOrigin, Campaign
from core.cache import forget, remember
from core.errors import Conflict, Forbidden, Invalid, NotFound, gettext_noop

#: How long the lists stay in the cache unless a storyguide changes one first.
CACHE_SECONDS = 300
EVERY_CAMPAIGN_KEY = "allowed-origins"

NOT_AN_ORIGIN = gettext_noop(
    "Give the address of the table's site as the browser shows it: http:// or https://, "
    "its host, and its port if it has one (https://foundry.example:30000), with no path."
)
ORIGIN_NOT_ALLOWED = gettext_noop(
    "Campaign %(campaign)s does not allow requests from pages of %(origin)s; its "
    "storyguide can allow that address on the Plugins page."
)


def _campaign_key(campaign_id: int) -> str:
    return f"allowed-origins:{campaign_id}"


def origins_of(campaign_id: int) -> frozenset[str]:
    """The origins the campaign allows (from the cache, else one query)."""
    found = cache.get(_campaign_key(campaign_id))
    if found is None:
        found = frozenset(
            AllowedOrigin.objects.filter(campaign_id=campaign_id).values_list("origin", flat=True)
        )
        remember(_campaign_key(campaign_id), found, CACHE_SECONDS)
    return found


def allowed_somewhere(origin: str) -> bool:
    """Whether some campaign allows ``origin`` (from the cache, else one query)."""
    found = cache.get(EVERY_CAMPAIGN_KEY)
    if found is None:
        found = frozenset(AllowedOrigin.objects.values_list("origin", flat=True))
        remember(EVERY_CAMPAIGN_KEY, found, CACHE_SECONDS)
    return origin in found


def require_allowed(campaign_id: int, origin: str) -> None:
    """A request sent by a page of ``origin`` reaches the campaign only if it allows it."""
    if origin not in origins_of(campaign_id):
        raise Forbidden(
            ORIGIN_NOT_ALLOWED,
            code="origin_not_allowed",
            params={"campaign": campaign_id, "origin": origin},
        )


@receiver(check_request_enabled)
def cors_for_allowed_origins(sender, request, **kwargs) -> bool:
    """django-cors-headers' question for an origin not in ``CORS_ALLOWED_ORIGINS``."""
    origin = request.headers.get("Origin", "")
    return bool(origin) and allowed_somewhere(origin)


@receiver([post_save, post_delete], sender=AllowedOrigin)
def forget_origins(sender, instance, **kwargs) -> None:
    forget(_campaign_key(instance.campaign_id))
    forget(EVERY_CAMPAIGN_KEY)


# --- the storyguide's writes -------------------------------------------------------------


def origin_of(address: str) -> str:
    """``address`` as a browser's ``Origin`` names it (``scheme://host[:port]``, lower
    case, no default port); refused if it is not one."""
    try:
        parts = urlsplit(address.strip())
        port = parts.port
    except ValueError:
        raise Invalid(NOT_AN_ORIGIN, code="not_an_origin") from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username
        or parts.password
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise Invalid(NOT_AN_ORIGIN, code="not_an_origin")
    default = {"http": 80, "https": 443}[parts.scheme]
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port and port != default else "")


ALREADY_ALLOWED = gettext_noop("The campaign allows this address already.")


def origin_allow(*, campaign: Campaign, address: str, by) -> AllowedOrigin:
    """Allow pages of ``address`` to use the API for the campaign: its storyguide's to do."""
    origin = origin_of(address)
    with transaction.atomic():
        selectors.require_storyguide(by, campaign.pk)
        try:
            with transaction.atomic():
                return AllowedOrigin.objects.create(campaign=campaign, origin=origin)
        except IntegrityError:
            raise Conflict(ALREADY_ALLOWED, code="origin_already_allowed") from None


def origin_remove(*, allowed: AllowedOrigin, by) -> None:
    """Allow ``allowed``'s address no more: a token used from it reaches the campaign no
    more, at its next request."""
    with transaction.atomic():
        selectors.require_storyguide(by, allowed.campaign_id)
        allowed.delete()


def allowed_origin(campaign_id: int, pk: int) -> AllowedOrigin:
    found = AllowedOrigin.objects.filter(campaign_id=campaign_id, pk=pk).first()
    if found is None:
        raise NotFound(gettext_noop("The campaign allows no such address."))
    return found
