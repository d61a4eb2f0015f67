"""Every JSON body is parsed with limits the service can hold (issue 27, finding 5): a
document nested deeper than the limit, or text with a lone surrogate (which no database
column can store and no answer can carry), is refused with a 400 in the one error shape,
on every endpoint that takes JSON, before anything reads it."""

import json

import pytest
from django.utils import timezone

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign.models import Character
from core.parsers import MAX_DEPTH
from games.services import game_create
from tests.api.world import World

pytestmark = pytest.mark.django_db


def nested(depth: int) -> str:
    """JSON text: an object ``depth`` levels deep, about two bytes a level."""
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


@pytest.fixture
def world():
    return World()


def writes(world):
    """(method, url, body as JSON text with ``VALUE`` where a JSON value goes)."""
    game = game_create(
        campaign=world.campaign,
        ruleset="tally",
        config={},
        seats={"alice": world.users["player"].pk},
        created_by=world.users["storyguide"],
        now=timezone.now(),
    )
    sheet, campaign = json.dumps(world.harry.attributes), world.campaign.pk
    return [
        ("post", f"/api/matches/{game.pk}/commands/", '{"command": VALUE}'),
        (
            "post",
            "/api/characters/",
            f'{{"campaign": {campaign}, "name": "N", "attributes": {sheet}, "spells": [VALUE]}}',
        ),
        (
            "post",
            "/api/matches/",
            f'{{"campaign": {campaign}, "ruleset": "tally", "config": VALUE}}',
        ),
        ("patch", f"/api/campaigns/{campaign}/", '{"rules": VALUE}'),
    ]


def send(world, method, url, body, value):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens['storyguide']}")
    text = body.replace("VALUE", value)
    return getattr(client, method)(url, text.encode(), content_type="application/json")


def test_json_nested_a_thousand_deep_is_refused_with_a_400(world):
    for method, url, body in writes(world):
        response = send(world, method, url, body, nested(1000))
        assert response.status_code == 400, (url, response.status_code)
        assert response.json()["code"] == "parse_error"
        assert f"{MAX_DEPTH} levels" in response.json()["detail"]


def test_json_at_the_depth_limit_is_read_and_past_it_is_refused(world):
    method, url, body = writes(world)[0]  # {"command": ...}: one level more
    at_the_limit = send(world, method, url, body, nested(MAX_DEPTH - 1))
    assert at_the_limit.json()["code"] != "parse_error"  # the rules judge it
    past_it = send(world, method, url, body, nested(MAX_DEPTH))
    assert (past_it.status_code, past_it.json()["code"]) == (400, "parse_error")


@pytest.mark.parametrize("where", ["key", "value"])
def test_a_lone_surrogate_is_refused_with_a_400(world, where):
    surrogate = '{"\\ud800": 1}' if where == "key" else '{"a": "\\ud800"}'
    for method, url, body in writes(world):
        response = send(world, method, url, body, surrogate)
        assert response.status_code == 400, (url, response.status_code)
        assert response.json()["code"] == "parse_error"
    spells = send(world, "post", "/api/characters/", writes(world)[1][2], '"\\udfff"')
    assert spells.status_code == 400
    assert not Character.objects.filter(name="N").exists()


def test_a_surrogate_pair_is_text_like_any_other(world):
    """A character outside the Basic Multilingual Plane, written as a (valid) pair."""
    response = send(world, "post", "/api/characters/", writes(world)[1][2], '"\\ud83e\\uddd9"')
    assert response.status_code == 201, response.json()
    assert Character.objects.get(name="N").spells == ["\N{MAGE}"]
