"""A test delivery a developer can try: ``POST …/webhooks/{id}/ping/`` sends a signed
``ping`` at once and answers with what the receiver answered.

The ping goes out as a delivery does (``webhooks.delivery.send``: the target
checked again, signed with the endpoint's secrets, posted by the transport),
but it is nobody's event: it is not kept, and a failed ping is not retried. The
answer says how it went in words, for a person trying their receiver.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from campaign.selectors import require_storyguide_asking
from games.chain import timestamp
from webhooks.delivery import Outcome, send
from webhooks.models import Delivery, Endpoint, Format
from webhooks.signing import new_webhook_id

PING = "ping"


def ping_body(endpoint: Endpoint, now: datetime) -> dict:
    """The ping in the endpoint's format: Standard Webhooks' ``{"type": "ping", ...}``, or a
    Discord message."""
    if endpoint.format == Format.DISCORD:
        return {"content": gettext("A test message from your storyguide webhook.")}
    data = {"campaign": endpoint.campaign_id, "webhook": endpoint.pk}
    return {"type": PING, "timestamp": timestamp(now), "data": data}


def endpoint_ping(*, endpoint: Endpoint, now: datetime, by=None) -> dict:
    """Send a ping to ``endpoint`` now; what the receiver answered (``PingSerializer``)."""
    require_storyguide_asking(by, endpoint.campaign_id)
    webhook_id = new_webhook_id()
    delivery = Delivery(endpoint=endpoint, webhook_id=webhook_id, payload=ping_body(endpoint, now))
    outcome = send(delivery)
    return {
        "webhook_id": webhook_id,
        "delivered": outcome.delivered,
        "status_code": outcome.status_code,
        "excerpt": outcome.excerpt,
        "elapsed_ms": outcome.latency_ms,
        "said": in_words(outcome),
    }


def in_words(outcome: Outcome) -> str:
    """How the ping went, for a person."""
    if outcome.delivered:
        return gettext("Delivered: the receiver answered %(status)s in %(ms)s ms.") % {
            "status": outcome.status_code,
            "ms": outcome.latency_ms,
        }
    if outcome.status_code is not None:
        return gettext(
            "Not delivered: the receiver answered %(status)s; only a 2xx answer counts."
        ) % {"status": outcome.status_code}
    return gettext("Not delivered: no answer came (%(error)s).") % {"error": outcome.error}
