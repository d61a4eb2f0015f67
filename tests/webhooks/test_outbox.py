"""The outbox: game events go out as a spectator sees them, written with the event."""

import json
import re

import pytest
from django.utils import timezone

from tests.games.test_platform_api import create_high_card, submit
from tests.games.toy import DECK
from webhooks.endpoints import endpoint_create
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db


def test_a_game_event_carries_no_seats_hidden_cards_while_the_game_runs(table):
    """High card (tests/games/toy.py): the hands dealt and a card played face down
    are hidden from a spectator, so from every webhook, in either format."""
    for format in ("standard", "discord"):
        endpoint_create(
            campaign=table.campaign,
            url="https://93.184.215.14/hook",
            event_types=["game_event", "game_started"],
            format=format,
            now=timezone.now(),
        )
    game_id = create_high_card(table)["id"]
    submit(table, table.storyguide, game_id, {"action": "deal"})
    mine = table.client(table.player).get(f"/api/matches/{game_id}/").json()["allowed_commands"]
    submit(table, table.player, game_id, mine[0])

    standard = Delivery.objects.filter(endpoint__format="standard").order_by("id")
    assert [d.event_type for d in standard] == ["game_started", "game_event", "game_event"]
    played = standard.last().payload
    assert played["type"] == "game_event"
    assert played["data"]["game"] == game_id and played["data"]["seq"] == 2
    assert played["data"]["events"] == [{"type": "played", "player": "north", "card": "face down"}]
    discord = Delivery.objects.filter(endpoint__format="discord", event_type="game_event")
    assert [d.payload["content"] for d in discord.order_by("id")] == [
        "The referee deals two cards to each hand.",
        "north plays face down.",
    ]
    sent = json.dumps([d.payload for d in Delivery.objects.all()])
    assert [card for card in DECK if re.search(rf"\b{card}\b", sent)] == []
