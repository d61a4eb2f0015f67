import pytest

from tests.discord_bridge.support import FakeDiscord
from tests.support import Table


@pytest.fixture
def table(db):
    return Table()


@pytest.fixture
def discord(settings):
    """The fake Discord on loopback, which the bridge's client is pointed at; deferred
    answers are sent by the (in-process) Celery task, before the test looks."""
    with FakeDiscord() as fake:
        settings.DISCORD_API_URL = fake.url
        settings.DISCORD_FOLLOW_UPS = "celery"
        yield fake
