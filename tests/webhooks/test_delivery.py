"""Deliveries to a real HTTP receiver on 127.0.0.1: signed, retried, disabled, replayed."""

from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone
from standardwebhooks import Webhook

from campaign.services import popularity_adjust
from tests.webhooks.support import award, later
from webhooks import tasks
from webhooks.delivery import send_due
from webhooks.endpoints import secret_rotate
from webhooks.models import Delivery, DeliveryStatus, Endpoint
from webhooks.schedule import MAX_ATTEMPTS

pytestmark = pytest.mark.django_db


def test_a_house_points_award_is_delivered_signed_as_the_specification_says(
    table, endpoint, receiver
):
    award(table, 10, "a tidy dormitory")
    assert send_due(now=timezone.now()) == 1
    (request,) = receiver.received
    payload = Webhook(endpoint.secret).verify(request.body, request.headers)
    assert payload["type"] == "house_points"
    assert payload["data"]["house"] == "Gryffindor"
    assert payload["data"]["amount"] == 10
    assert payload["data"]["reason"] == "a tidy dormitory"
    assert payload["data"]["campaign"] == table.campaign.pk
    assert request.headers["webhook-id"].startswith("msg_")
    delivery = Delivery.objects.get()
    assert delivery.status == DeliveryStatus.DELIVERED
    assert delivery.webhook_id == request.headers["webhook-id"]
    (attempt,) = delivery.tries.all()
    assert attempt.status_code == 200
    assert attempt.response_excerpt == "answered 200"
    assert attempt.latency_ms is not None and attempt.finished_at is not None


def test_after_a_500_the_retry_carries_the_same_webhook_id_and_is_delivered(
    table, endpoint, receiver
):
    receiver.answers = [500]
    award(table)
    assert send_due(now=timezone.now()) == 1
    delivery = Delivery.objects.get()
    assert delivery.status == DeliveryStatus.FAILED
    assert send_due(now=timezone.now()) == 0  # the first retry is due about 5 s later
    assert send_due(now=later(10)) == 1
    first, second = receiver.received
    assert first.headers["webhook-id"] == second.headers["webhook-id"] == delivery.webhook_id
    for request in (first, second):
        Webhook(endpoint.secret).verify(request.body, request.headers)
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED
    assert delivery.attempts == 2
    assert [a.status_code for a in delivery.tries.all()] == [500, 200]


def test_a_delivery_is_handed_to_a_worker_once_its_event_commits(
    table, endpoint, receiver, django_capture_on_commit_callbacks, monkeypatch
):
    handed = []
    monkeypatch.setattr(
        tasks.send_deliveries, "apply_async", lambda args, **kw: handed.append(args)
    )
    with django_capture_on_commit_callbacks() as at_commit:
        award(table)
    assert handed == []  # not before the commit
    for callback in at_commit:
        callback()
    delivery = Delivery.objects.get()
    assert handed == [([delivery.pk],)]
    assert tasks.send_deliveries(*handed[0]) == 1  # what the worker runs
    assert receiver.ids() == [delivery.webhook_id]


def test_with_the_broker_away_the_sweep_sends_what_was_written(
    table, endpoint, receiver, django_capture_on_commit_callbacks, monkeypatch
):
    def broker_away(*args, **kwargs):
        raise ConnectionRefusedError("no broker")

    monkeypatch.setattr(tasks.send_deliveries, "apply_async", broker_away)
    with django_capture_on_commit_callbacks(execute=True):
        award(table)  # the award itself succeeds
    assert receiver.received == []
    assert tasks.sweep_deliveries() == 1
    assert Delivery.objects.get().status == DeliveryStatus.DELIVERED


def test_an_event_rolled_back_sends_nothing(table, endpoint, receiver):
    with transaction.atomic():
        award(table)
        assert Delivery.objects.count() == 1
        transaction.set_rollback(True)
    assert Delivery.objects.count() == 0


def test_an_endpoint_gets_only_the_event_types_it_asked_for(table, endpoint, receiver):
    character = table.campaign.characters.create(name="Hermione", attributes={"Wits": 4})
    popularity_adjust(
        character=character,
        amount=2,
        reason="fame",
        adjusted_by=table.storyguide,
        now=timezone.now(),
    )
    assert Delivery.objects.count() == 0


def test_410_disables_the_endpoint_and_tells_the_storyguide(
    table, endpoint, receiver, django_capture_on_commit_callbacks
):
    table.storyguide.email = "sg@example.org"
    table.storyguide.save()
    receiver.answers = [410]
    award(table)
    with django_capture_on_commit_callbacks(execute=True):
        send_due(now=timezone.now())
    endpoint.refresh_from_db()
    assert endpoint.enabled is False
    assert endpoint.disabled_reason == "The receiver answered 410 Gone."
    assert Delivery.objects.get().status == DeliveryStatus.FAILED
    assert send_due(now=later(3600)) == 0  # nothing more goes to a disabled endpoint
    assert len(receiver.received) == 1
    (message,) = mail.outbox
    assert message.to == ["sg@example.org"] and "410 Gone" in message.body
    award(table)
    assert Delivery.objects.count() == 1  # and no new deliveries are written for it


def test_an_endpoint_failing_for_more_than_the_set_days_is_disabled(
    table, endpoint, receiver, settings
):
    settings.WEBHOOKS_DISABLE_AFTER_DAYS = 5
    Endpoint.objects.filter(pk=endpoint.pk).update(
        failing_since=timezone.now() - timedelta(days=5, hours=1)
    )
    receiver.answers = [500]
    award(table)
    send_due(now=timezone.now())
    endpoint.refresh_from_db()
    assert endpoint.enabled is False
    assert endpoint.disabled_reason == "Every delivery failed for more than 5 days."


def test_a_success_clears_the_failing_mark(table, endpoint, receiver):
    receiver.answers = [500]
    award(table)
    send_due(now=timezone.now())
    endpoint.refresh_from_db()
    assert endpoint.failing_since is not None
    send_due(now=later(10))
    endpoint.refresh_from_db()
    assert endpoint.failing_since is None and endpoint.enabled


def test_after_the_last_retry_the_delivery_is_given_up(table, endpoint, receiver):
    receiver.answers = [500]
    award(table)
    Delivery.objects.update(attempts=MAX_ATTEMPTS - 1)
    send_due(now=timezone.now())
    delivery = Delivery.objects.get()
    assert delivery.status == DeliveryStatus.GAVE_UP
    assert delivery.next_attempt_at is None


def test_during_a_rotation_both_secrets_verify_every_delivery(table, endpoint, receiver):
    old = endpoint.secret
    new = secret_rotate(endpoint=endpoint, now=timezone.now()).secret
    award(table)
    send_due(now=timezone.now())
    (request,) = receiver.received
    assert len(request.headers["webhook-signature"].split(" ")) == 2
    Webhook(old).verify(request.body, request.headers)
    Webhook(new).verify(request.body, request.headers)


def test_once_the_overlap_is_over_only_the_new_secret_signs(table, endpoint, receiver):
    secret_rotate(endpoint=endpoint, now=timezone.now() - timedelta(hours=25))
    award(table)
    send_due(now=timezone.now())
    (request,) = receiver.received
    assert len(request.headers["webhook-signature"].split(" ")) == 1
