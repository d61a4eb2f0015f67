"""The webhooks on the storyguide's dashboard: endpoints made through the service (the
secret shown once), deliveries read-only, the replay action."""

import pytest
from django.contrib.messages import get_messages
from django.utils import timezone

from tests.support import dashboard_client
from tests.webhooks.support import award
from webhooks.delivery import send_due
from webhooks.models import Delivery, DeliveryStatus, Endpoint

pytestmark = pytest.mark.django_db

ADMIN = "/admin/webhooks"


@pytest.fixture
def dashboard(table):
    return dashboard_client(table.storyguide)


def test_an_endpoint_made_on_the_dashboard_shows_its_secret_once(table, dashboard):
    response = dashboard.post(
        f"{ADMIN}/endpoint/add/",
        {
            "campaign": table.campaign.pk,
            "url": "https://93.184.215.14/hook",
            "event_types": ["house_points", "game_event"],
            "format": "standard",
            "description": "the common room's bot",
        },
        follow=True,
    )
    endpoint = Endpoint.objects.get()
    assert endpoint.event_types == ["house_points", "game_event"]
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(endpoint.secret in message for message in shown)
    page = dashboard.get(f"{ADMIN}/endpoint/{endpoint.pk}/change/").content.decode()
    assert endpoint.secret not in page


def test_a_private_address_is_refused_on_the_form(table, dashboard):
    response = dashboard.post(
        f"{ADMIN}/endpoint/add/",
        {
            "campaign": table.campaign.pk,
            "url": "http://10.0.0.5/hook",
            "event_types": ["house_points"],
            "format": "standard",
        },
    )
    assert response.status_code == 200
    assert "public addresses only" in response.content.decode()
    assert not Endpoint.objects.exists()


def test_another_campaigns_endpoints_are_not_on_the_dashboard(table, dashboard):
    Endpoint.objects.create(
        campaign=table.other_campaign,
        url="https://93.184.215.14/theirs",
        event_types=["house_points"],
        secret="whsec_x",
        created_at=timezone.now(),
    )
    assert "theirs" not in dashboard.get(f"{ADMIN}/endpoint/").content.decode()


def test_deliveries_are_read_only_and_replayed_by_the_action(table, dashboard, endpoint, receiver):
    award(table)
    send_due(now=timezone.now())
    delivery = Delivery.objects.get()
    page = dashboard.get(f"{ADMIN}/delivery/{delivery.pk}/change/")
    assert page.status_code == 200 and delivery.webhook_id in page.content.decode()
    assert b'name="_save"' not in page.content
    dashboard.post(f"{ADMIN}/delivery/", {"action": "replay", "_selected_action": [delivery.pk]})
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.PENDING
    send_due(now=timezone.now())
    assert receiver.ids() == [delivery.webhook_id, delivery.webhook_id]
