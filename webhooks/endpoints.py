"""Every write to an endpoint: made, changed, its secret rotated, disabled, enabled.

A secret is shown once, in the answer that makes it (creation, rotation), and
never again. An endpoint is disabled by its storyguide, by a receiver that
answers 410 Gone, or after failing for ``WEBHOOKS_DISABLE_AFTER_DAYS``; the
last two tell the campaign's storyguides by e-mail (those with an address),
and the reason shows in the API and on the dashboard. A disabled endpoint
gets no new deliveries and its pending ones wait; enabling it sends them.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from campaign.models import Campaign, Role
from campaign.selectors import require_storyguide_asking
from core.errors import Invalid, gettext_noop
from webhooks import guard
from webhooks.models import Endpoint, Format, event_types
from webhooks.signing import new_secret

log = logging.getLogger(__name__)


def endpoint_create(
    *,
    campaign: Campaign,
    url: str,
    event_types: list[str],
    now: datetime,
    format: str = Format.STANDARD,
    description: str = "",
    by=None,
) -> Endpoint:
    require_storyguide_asking(by, campaign.pk)
    guard.checked_target(url)
    return Endpoint.objects.create(
        campaign=campaign,
        url=url,
        event_types=_checked_types(event_types),
        format=format,
        description=description,
        secret=new_secret(),
        created_at=now,
    )


def endpoint_update(*, endpoint: Endpoint, by=None, **fields) -> Endpoint:
    """Change the URL, event types, format or description (the URL checked again)."""
    require_storyguide_asking(by, endpoint.campaign_id)
    if "url" in fields:
        guard.checked_target(fields["url"])
    if "event_types" in fields:
        fields["event_types"] = _checked_types(fields["event_types"])
    for name, value in fields.items():
        setattr(endpoint, name, value)
    endpoint.save(update_fields=list(fields))
    return endpoint


def _checked_types(wanted: list[str]) -> list[str]:
    known = [name for name, _ in event_types()]
    unknown = sorted(set(wanted) - set(known))
    if unknown:
        raise Invalid.field(
            "event_types",
            gettext_noop("Unknown event types: %(unknown)s. Known: %(known)s."),
            params={"unknown": ", ".join(unknown), "known": ", ".join(known)},
        )
    if not wanted:
        raise Invalid.field("event_types", gettext_noop("Name at least one event type."))
    return list(dict.fromkeys(wanted))


def secret_rotate(*, endpoint: Endpoint, now: datetime, by=None) -> Endpoint:
    """A new secret; the current one keeps signing for ``WEBHOOKS_SECRET_OVERLAP_HOURS``."""
    require_storyguide_asking(by, endpoint.campaign_id)
    with transaction.atomic():
        endpoint = Endpoint.objects.select_for_update().get(pk=endpoint.pk)
        endpoint.previous_secret = endpoint.secret
        endpoint.previous_secret_expires_at = now + timedelta(
            hours=settings.WEBHOOKS_SECRET_OVERLAP_HOURS
        )
        endpoint.secret = new_secret()
        endpoint.save(update_fields=["secret", "previous_secret", "previous_secret_expires_at"])
    return endpoint


def signing_secrets(endpoint: Endpoint, now: datetime) -> list[str]:
    """The secrets a delivery is signed with now: the current one, and the previous
    one while it is still valid."""
    expires = endpoint.previous_secret_expires_at
    if endpoint.previous_secret and expires and now < expires:
        return [endpoint.secret, endpoint.previous_secret]
    return [endpoint.secret]


def endpoint_enable(*, endpoint: Endpoint, by=None) -> Endpoint:
    require_storyguide_asking(by, endpoint.campaign_id)
    endpoint.enabled = True
    endpoint.disabled_reason = ""
    endpoint.failing_since = None
    endpoint.save(update_fields=["enabled", "disabled_reason", "failing_since"])
    return endpoint


def endpoint_disable(*, endpoint: Endpoint, reason: str, tell: bool = False, by=None) -> Endpoint:
    """Stop sending to it; ``tell``: the service did, so the storyguides hear of it."""
    require_storyguide_asking(by, endpoint.campaign_id)
    endpoint.enabled = False
    endpoint.disabled_reason = reason
    endpoint.save(update_fields=["enabled", "disabled_reason"])
    if tell:
        transaction.on_commit(lambda: tell_storyguides(endpoint, reason))
    return endpoint


def tell_storyguides(endpoint: Endpoint, reason: str) -> None:
    addresses = list(
        endpoint.campaign.memberships.filter(role=Role.STORYGUIDE)
        .exclude(user__email="")
        .values_list("user__email", flat=True)
    )
    log.warning("Webhook endpoint %s disabled: %s", endpoint.pk, reason)
    if addresses:
        send_mail(
            f"{endpoint.campaign.name}: a webhook was disabled",
            f"The webhook to {endpoint.url} was disabled. {reason}\n\n"
            "Enable it again from the dashboard or the API once the receiver works; "
            "its pending deliveries are then sent.",
            None,
            addresses,
            fail_silently=True,
        )
