"""The ``discord`` format: a write's moments as a Discord message (a check at the table is
the table log's moment), an activity's sentence; nothing signed (Discord checks nothing).

A whole match told by its moments: ``test_discord_moments.py``."""

import pytest
from django.utils import timezone

from campaign.services import character_check
from tests.webhooks.support import award
from webhooks.delivery import send_due
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db


@pytest.fixture
def discord(table, receiver, private_targets):
    return endpoint_create(
        campaign=table.campaign,
        url=receiver.url("/api/webhooks/123/token"),
        event_types=["game_event", "house_points"],
        format="discord",
        now=timezone.now(),
    )


def test_a_check_at_the_table_posts_its_narration_line_as_the_message(table, discord, receiver):
    harry = table.campaign.characters.create(name="Harry", attributes={"Wits": 4})
    character_check(character=harry, user=table.storyguide, attribute="Wits", now=timezone.now())
    send_due(now=timezone.now())
    (request,) = receiver.received
    content = Delivery.objects.get().payload["content"]
    assert request.body == f'{{"content":"{content}"}}'.encode()
    # The table log's narration: "Harry makes a Wits roll: 3 and 5, keeps 5, total 9."
    assert content.startswith("Harry makes a Wits roll: ") and "keeps" in content
    assert request.path == "/api/webhooks/123/token"
    assert "webhook-signature" not in request.headers  # Discord checks no signature


def test_an_activity_posts_a_sentence(table, discord, receiver):
    award(table, 10, "a tidy dormitory")
    send_due(now=timezone.now())
    assert Delivery.objects.get().payload == {
        "content": "+10 house points to Gryffindor: a tidy dormitory"
    }
