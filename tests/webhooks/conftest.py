import pytest
from django.utils import timezone

from tests.support import Table
from tests.webhooks.support import Receiver
from webhooks.endpoints import endpoint_create


@pytest.fixture
def private_targets(settings):
    """The local receiver lives on 127.0.0.1: allowed here as for a self-hosted table."""
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True


@pytest.fixture
def table(db):
    return Table()


@pytest.fixture
def receiver():
    with Receiver() as running:
        yield running


@pytest.fixture
def endpoint(table, receiver, private_targets):
    return endpoint_create(
        campaign=table.campaign,
        url=receiver.url(),
        event_types=["house_points"],
        now=timezone.now(),
    )
