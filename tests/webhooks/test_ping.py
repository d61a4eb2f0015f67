"""A test delivery a developer can try (issue 40, "Webhooks a developer can try"):
``POST …/webhooks/{id}/ping/`` sends a signed ``ping`` at once and answers with the
receiver's answer; a receiver on loopback is refused with the setting that allows it."""

import json

import pytest
from django.utils import timezone
from standardwebhooks import Webhook

from tests.webhooks.support import Receiver
from webhooks.delivery import send_due
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db


def ping_url(table, endpoint) -> str:
    return f"/api/campaigns/{table.campaign.pk}/webhooks/{endpoint.pk}/ping/"


def test_a_ping_is_signed_sent_at_once_and_answered_with_the_receivers_answer(
    table, endpoint, receiver
):
    answer = table.client(table.storyguide).post(ping_url(table, endpoint))
    assert answer.status_code == 200
    body = answer.json()
    assert body["delivered"] is True
    assert body["status_code"] == 200
    assert body["excerpt"] == "answered 200"
    assert isinstance(body["elapsed_ms"], int) and body["elapsed_ms"] >= 0
    assert body["said"] == f"Delivered: the receiver answered 200 in {body['elapsed_ms']} ms."
    (request,) = receiver.received
    Webhook(endpoint.secret).verify(request.body, request.headers)
    sent = json.loads(request.body)
    assert sent["type"] == "ping"
    assert sent["data"] == {"campaign": table.campaign.pk, "webhook": endpoint.pk}
    assert request.headers["webhook-id"] == body["webhook_id"]
    # Nobody's event: nothing kept, nothing to retry.
    assert not Delivery.objects.exists()
    assert send_due(now=timezone.now()) == 0


def test_a_receiver_that_refuses_is_shown_with_its_status_in_words(table, private_targets):
    with Receiver([500]) as failing:
        endpoint = endpoint_create(
            campaign=table.campaign,
            url=failing.url(),
            event_types=["house_points"],
            now=timezone.now(),
        )
        body = table.client(table.storyguide).post(ping_url(table, endpoint)).json()
    assert body["delivered"] is False
    assert body["status_code"] == 500
    assert body["excerpt"] == "answered 500"
    assert body["said"] == "Not delivered: the receiver answered 500; only a 2xx answer counts."


def test_no_answer_is_a_failure_in_words(table, private_targets):
    with Receiver() as gone:
        url = gone.url()
    endpoint = endpoint_create(
        campaign=table.campaign, url=url, event_types=["house_points"], now=timezone.now()
    )
    body = table.client(table.storyguide).post(ping_url(table, endpoint)).json()
    assert body["delivered"] is False
    assert body["status_code"] is None
    assert body["said"].startswith("Not delivered: no answer came (ConnectError")


def test_only_the_storyguide_pings(table, endpoint):
    assert table.client(table.player).post(ping_url(table, endpoint)).status_code == 403
    assert table.client(table.outsider).post(ping_url(table, endpoint)).status_code == 404


def test_a_loopback_target_is_refused_with_the_setting_that_allows_it(table, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = False
    refused = table.client(table.storyguide).post(
        f"/api/campaigns/{table.campaign.pk}/webhooks/",
        {"url": "http://127.0.0.1:8000/hook", "event_types": ["house_points"]},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"]["url"] == [
        "127.0.0.1 is not allowed: webhooks go to public addresses only (not loopback, "
        "private, link-local, reserved, multicast or a metadata service). On a server of "
        "your own, its operator allows local receivers with the setting "
        "WEBHOOKS_ALLOW_PRIVATE_TARGETS=true."
    ]
