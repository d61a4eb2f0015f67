"""The storyguide's webhook API: the secret shown once, rotation, enabling, deliveries
with their attempts, replays. (Who may call what: tests/api/test_authorization_matrix.py.)"""

from datetime import timedelta

import pytest
from django.utils import timezone
from standardwebhooks import Webhook

from campaign.services import campaign_create, house_points_award
from tests.webhooks.support import award
from webhooks.delivery import send_due
from webhooks.endpoints import endpoint_create
from webhooks.models import Attempt, Delivery, DeliveryStatus, Endpoint

pytestmark = pytest.mark.django_db


def webhooks_url(table, *rest):
    return "/".join([f"/api/campaigns/{table.campaign.pk}/webhooks", *map(str, rest), ""])


def test_the_secret_is_in_the_create_answer_only(table, receiver, private_targets):
    client = table.client(table.storyguide)
    created = client.post(
        webhooks_url(table),
        {"url": receiver.url(), "event_types": ["house_points", "game_event"]},
        format="json",
    )
    assert created.status_code == 201
    secret = created.json()["secret"]
    assert secret.startswith("whsec_")
    assert created.json()["format"] == "standard" and created.json()["enabled"] is True
    endpoint_id = created.json()["id"]
    assert "secret" not in client.get(webhooks_url(table, endpoint_id)).json()
    listed = client.get(webhooks_url(table)).json()
    assert listed["count"] == 1 and "secret" not in listed["results"][0]
    award(table)
    send_due(now=timezone.now())
    (request,) = receiver.received
    Webhook(secret).verify(request.body, request.headers)


def test_unknown_event_types_are_refused_with_the_known_ones(table):
    response = table.client(table.storyguide).post(
        webhooks_url(table),
        {"url": "https://93.184.215.14/hook", "event_types": ["quaffle_thrown"]},
        format="json",
    )
    assert response.status_code == 400
    assert "event_types" in response.json()["errors"]


def test_rotating_answers_the_new_secret_and_both_sign_for_a_day(table, endpoint, receiver):
    client = table.client(table.storyguide)
    rotated = client.post(webhooks_url(table, endpoint.pk, "rotate-secret"))
    assert rotated.status_code == 200
    new = rotated.json()["secret"]
    assert new != endpoint.secret
    expires = rotated.json()["previous_secret_expires_at"]
    assert expires is not None
    award(table)
    send_due(now=timezone.now())
    (request,) = receiver.received
    Webhook(new).verify(request.body, request.headers)
    Webhook(endpoint.secret).verify(request.body, request.headers)


def test_disable_and_enable(table, endpoint, receiver):
    client = table.client(table.storyguide)
    disabled = client.post(webhooks_url(table, endpoint.pk, "disable")).json()
    assert disabled["enabled"] is False
    assert disabled["disabled_reason"] == "Disabled by the storyguide."
    award(table)
    assert Delivery.objects.count() == 0  # nothing kept for a disabled endpoint
    enabled = client.post(webhooks_url(table, endpoint.pk, "enable")).json()
    assert enabled["enabled"] is True and enabled["disabled_reason"] == ""


def test_pending_deliveries_wait_while_disabled_and_go_out_when_enabled(table, endpoint, receiver):
    award(table)
    Endpoint.objects.filter(pk=endpoint.pk).update(enabled=False, disabled_reason="410")
    assert send_due(now=timezone.now()) == 0
    table.client(table.storyguide).post(webhooks_url(table, endpoint.pk, "enable"))
    assert send_due(now=timezone.now()) == 1
    assert len(receiver.received) == 1


def test_changing_the_url_checks_it_again(table, endpoint):
    response = table.client(table.storyguide).patch(
        webhooks_url(table, endpoint.pk), {"url": "http://169.254.169.254/"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "unsafe_target"


def test_deliveries_are_listed_newest_first_with_every_attempt(table, endpoint, receiver):
    receiver.answers = [503]
    award(table, 5, "first")
    award(table, 7, "second")
    send_due(now=timezone.now())
    response = table.client(table.storyguide).get(
        webhooks_url(table, endpoint.pk, "deliveries"), {"page_size": 1}
    )
    page = response.json()
    assert page["count"] == 2 and page["next"]  # paginated
    (newest,) = page["results"]
    assert newest["payload"]["data"]["reason"] == "second"
    assert newest["webhook_id"].startswith("msg_")
    assert newest["attempts"] == 1
    (attempt,) = newest["history"]
    assert attempt["status_code"] == 200  # sent second: the receiver's first answer was 503
    assert attempt["response_excerpt"] == "answered 200"
    failed = table.client(table.storyguide).get(
        webhooks_url(table, endpoint.pk, "deliveries"), {"status": "failed"}
    )
    assert failed.json()["count"] == 1


def test_replaying_one_delivery_sends_it_again_with_its_webhook_id(table, endpoint, receiver):
    award(table)
    send_due(now=timezone.now())
    delivery = Delivery.objects.get()
    assert delivery.status == DeliveryStatus.DELIVERED
    replayed = table.client(table.storyguide).post(
        webhooks_url(table, endpoint.pk, "deliveries", delivery.pk, "replay")
    )
    assert replayed.status_code == 200
    assert replayed.json()["status"] == "pending"
    send_due(now=timezone.now())
    assert receiver.ids() == [delivery.webhook_id, delivery.webhook_id]
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED
    assert delivery.tries.count() == 2  # the first attempt stays in the log


def test_replay_since_sends_what_did_not_arrive_since_then(table, endpoint, receiver):
    receiver.answers = [500, 500, 500]
    for _ in range(3):
        award(table)
    send_due(now=timezone.now())  # the first three answers: 500 each
    assert Delivery.objects.filter(status=DeliveryStatus.FAILED).count() == 3
    Delivery.objects.update(status=DeliveryStatus.GAVE_UP, next_attempt_at=None)
    deliveries = Delivery.objects.order_by("created_at", "id")
    first, second, third = deliveries
    Delivery.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(days=3))
    Delivery.objects.filter(pk=third.pk).update(status=DeliveryStatus.DELIVERED)
    since = timezone.now() - timedelta(days=1)
    response = table.client(table.storyguide).post(
        webhooks_url(table, endpoint.pk, "replay"), {"since": since.isoformat()}, format="json"
    )
    assert response.json() == {"queued": 1}
    send_due(now=timezone.now())
    assert receiver.ids()[-1] == second.webhook_id
    assert Delivery.objects.get(pk=second.pk).status == DeliveryStatus.DELIVERED
    assert Delivery.objects.get(pk=first.pk).status == DeliveryStatus.GAVE_UP


def test_a_disabled_endpoint_must_be_enabled_before_a_replay(table, endpoint):
    Endpoint.objects.filter(pk=endpoint.pk).update(enabled=False)
    response = table.client(table.storyguide).post(
        webhooks_url(table, endpoint.pk, "replay"),
        {"since": timezone.now().isoformat()},
        format="json",
    )
    assert response.status_code == 422
    assert response.json()["code"] == "endpoint_disabled"


def test_another_campaigns_endpoint_is_not_found(table, endpoint):
    other = table.other_campaign.pk
    response = table.client(table.storyguide).get(f"/api/campaigns/{other}/webhooks/")
    assert response.status_code == 404
    mixed = table.client(table.storyguide).get(
        f"/api/campaigns/{table.campaign.pk}/webhooks/{endpoint.pk + 1000}/"
    )
    assert mixed.status_code == 404


def test_deliveries_under_a_webhook_of_another_campaign_are_not_found(table, endpoint):
    """Issue 37, part 4: the deliveries of a webhook asked for under a campaign it does not
    belong to (or of no webhook at all) answered 200 with an empty list. Each nested id
    must belong to the one before it: 404 as for any missing object, and nothing written
    (a replay does not touch the other campaign's delivery, nor ours)."""
    theirs = endpoint_create(
        campaign=table.other_campaign,
        url="https://93.184.215.14/hook",
        event_types=["house_points"],
        now=timezone.now(),
    )
    house_points_award(
        house=table.house(campaign=table.other_campaign),
        amount=5,
        reason="elsewhere",
        awarded_by=table.outsider,
        now=timezone.now(),
    )
    their_delivery = Delivery.objects.get(endpoint=theirs)
    Delivery.objects.filter(pk=their_delivery.pk).update(
        status=DeliveryStatus.GAVE_UP, next_attempt_at=None
    )
    award(table)
    our_delivery = Delivery.objects.get(endpoint=endpoint)
    # The storyguide's second campaign: the campaign check passes there too.
    second = campaign_create(
        name="Second table", slug=f"second-{table.storyguide.pk}", storyguide=table.storyguide
    )

    def under(campaign, webhook, *rest):
        return "/".join([f"/api/campaigns/{campaign.pk}/webhooks/{webhook}", *map(str, rest), ""])

    mine, other = table.campaign, table.other_campaign
    asked = [
        ("get", under(mine, theirs.pk, "deliveries")),
        ("get", under(mine, theirs.pk, "deliveries", their_delivery.pk)),
        ("post", under(mine, theirs.pk, "deliveries", their_delivery.pk, "replay")),
        ("get", under(mine, endpoint.pk, "deliveries", their_delivery.pk)),
        ("post", under(mine, endpoint.pk, "deliveries", their_delivery.pk, "replay")),
        ("get", under(mine, theirs.pk + 1000, "deliveries")),  # no such webhook
        ("get", under(other, theirs.pk, "deliveries")),
        ("get", under(other, endpoint.pk, "deliveries")),
        ("get", under(second, endpoint.pk, "deliveries")),
        ("post", under(second, endpoint.pk, "deliveries", our_delivery.pk, "replay")),
        ("post", under(second, endpoint.pk, "replay")),
        ("post", under(second, theirs.pk, "replay")),
    ]
    client = table.client(table.storyguide)
    answered = {}
    for method, path in asked:
        response = getattr(client, method)(path)
        answered[method, path] = (response.status_code, response.json().get("code"))
    assert answered == dict.fromkeys(asked, (404, "not_found"))
    their_delivery.refresh_from_db()
    assert (their_delivery.status, their_delivery.attempts) == (DeliveryStatus.GAVE_UP, 0)
    assert their_delivery.next_attempt_at is None
    our_delivery.refresh_from_db()
    assert (our_delivery.status, our_delivery.attempts) == (DeliveryStatus.PENDING, 0)
    assert not Attempt.objects.exists()
