"""Issue 40, "Webhook payloads: one schema per event type (also served under
/api/webhooks/schema/), Activity.data per kind, the event table in docs/webhooks.md
complete".

A campaign with an endpoint that wants every event type lives through a little of
everything (points, Popularity, a member joining and leaving, a match played to its
end, made not to count and to count again, a cup game and its news), and every body
the outbox wrote for it validates against the served document, with no field the
document does not declare.
"""

import re
from pathlib import Path

import pytest
from django.utils import timezone
from jsonschema import Draft202012Validator

from campaign.activity import kinds
from campaign.counting import game_count
from campaign.models import Character, Membership, Role
from campaign.services import membership_remove, membership_set, popularity_adjust
from games.bots import EVERY_SEAT
from games.campaign_app import campaign_app
from games.manifest import manifest_of
from games.services import game_create
from tests.factories import UserFactory
from tests.league.conftest import CupTable
from tests.league.test_services import play
from tests.webhooks.support import award
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery, event_types
from webhooks.ping import ping_body

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[2] / "docs" / "webhooks.md"


@pytest.fixture
def document(client):
    response = client.get("/api/webhooks/schema/")
    assert response.status_code == 200
    served = response.json()
    Draft202012Validator.check_schema(served)
    return served


def test_the_document_has_one_definition_per_event_type_and_a_one_of_keyed_by_type(document):
    assert sorted(document["$defs"]) == [
        "fixture_finished",
        "fixture_started",
        "game_counted",
        "game_discounted",
        "game_event",
        "game_finished",
        "game_started",
        "house_points",
        "member_joined",
        "member_left",
        "ping",
        "popularity",
        "projections_changed",
        "standings_changed",
    ]
    assert {name for name, _ in event_types()} | {"ping"} == set(document["$defs"])
    assert document["discriminator"]["propertyName"] == "type"
    assert {"$ref": "#/$defs/ping"} in document["oneOf"]
    assert document["$defs"]["ping"]["properties"]["type"] == {"const": "ping"}


def test_every_registered_kind_declares_its_data_schema():
    """A kind brings its own schema: an object whose every field is required."""
    for kind in kinds().values():
        assert kind.data["type"] == "object", kind.name
        assert kind.data["properties"], kind.name
        assert kind.data["required"] == list(kind.data["properties"]), kind.name


def test_activity_data_is_typed_as_the_union_of_the_kinds_data(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    data = schema["components"]["schemas"]["Activity"]["properties"]["data"]
    assert sorted(member["title"] for member in data["anyOf"]) == sorted(kinds())
    house_points = next(m for m in data["anyOf"] if m["title"] == "house_points")
    assert house_points["properties"]["character"] == {
        "type": "string",
        "description": "The character's name, if one earned it.",
        "nullable": True,
    }


def test_the_event_table_names_every_event_type():
    """docs/webhooks.md, "Event types": a row names each type an endpoint may ask for."""
    section = DOCS.read_text().split("## Event types", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^\| `([a-z_]+)`(?:, `([a-z_]+)`)?", section, re.M))
    in_table = {name for row in named for name in row if name}
    assert {name for name, _ in event_types()} <= in_table


def test_every_body_a_campaign_sends_validates_against_its_schema(
    document, receiver, private_targets, django_capture_on_commit_callbacks
):
    cup = CupTable()
    now = timezone.now()
    endpoint_create(
        campaign=cup.campaign,
        url=receiver.url(),
        event_types=[name for name, _ in event_types()],
        now=now,
    )
    with django_capture_on_commit_callbacks(execute=True):
        award(cup)
        popularity_adjust(
            character=Character.objects.filter(campaign=cup.campaign).first(),
            amount=2,
            reason="a fine save",
            adjusted_by=cup.storyguide,
            now=now,
        )
        newcomer = membership_set(campaign=cup.campaign, user=UserFactory(), role=Role.PLAYER)
        membership_remove(membership=Membership.objects.get(pk=newcomer.pk))
        match = a_match_played_out(cup)
    for counts in (False, True):
        game_count(game=match, counts=counts, reason="a borrowed broom", by=cup.storyguide, now=now)
    with django_capture_on_commit_callbacks(execute=True):
        play(cup, cup.cup.fixtures.order_by("window_starts", "id").first())

    validator = Draft202012Validator(document)
    sent = list(Delivery.objects.filter(endpoint__campaign=cup.campaign))
    for delivery in sent:
        validator.validate(delivery.payload)
        declared = document["$defs"][delivery.event_type]["properties"]["data"]["properties"]
        assert set(delivery.payload["data"]) <= set(declared), delivery.event_type
    assert {delivery.event_type for delivery in sent} == {
        "house_points",
        "popularity",
        "member_joined",
        "member_left",
        "game_started",
        "game_event",
        "game_finished",
        "game_discounted",
        "game_counted",
        "fixture_started",
        "fixture_finished",
        "standings_changed",
        "projections_changed",
    }
    validator.validate(ping_body(sent[0].endpoint, now))


def a_match_played_out(table):
    """A short Chat-Quidditch match between the campaign's first two houses, by bots."""
    roster = campaign_app().roster(table.campaign.pk)
    game = game_create(
        campaign=table.campaign,
        ruleset="chat-quidditch",
        config={
            **manifest_of("chat-quidditch").starting_config(roster),
            "rounds": 2,
            "half_time_after": 1,
        },
        seats={},
        bots={EVERY_SEAT: "sensible"},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    return game
