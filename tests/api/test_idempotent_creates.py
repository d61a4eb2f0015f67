"""An Idempotency-Key on every POST that creates (issue 40, "HTTP as plugin authors
expect"; before, ``POST /api/matches/`` twice with one key made two games): the same key
from the same user gets the first answer (201, the same body) and nothing more is made;
the same key with another body is refused (422 ``idempotency_key_reused``); another user's
key of the same text is theirs. One table of endpoints, each with how to count what it
makes."""

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from knox.models import AuthToken

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign.models import Invitation, Role
from core.models import CreatedOnce
from games.models import Game
from tests.api.world import PUBLIC_HOOK
from tests.factories import MembershipFactory, UserFactory
from tests.support import Table
from webhooks.models import Endpoint

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Create:
    name: str
    path: Callable[[Table], str]
    body: Callable[[Table], dict]
    other_body: Callable[[Table], dict]
    made: Callable[[], int]


def match(table, target=10):
    return {
        "campaign": table.campaign.pk,
        "ruleset": "tally",
        "config": {"target": target},
        "seats": {"alice": table.player.pk},
    }


PEEVES = {"name": "Peeves", "attributes": {"Dexterity": 6, "Quickness": 5, "Wits": 3}}

CREATES = [
    Create(
        "match",
        lambda table: "/api/matches/",
        match,
        lambda table: match(table, target=20),
        Game.objects.count,
    ),
    Create(
        "skirmish",
        lambda table: "/api/skirmishes/",
        lambda table: {"campaign": table.campaign.pk, "participants": [PEEVES]},
        lambda table: {"campaign": table.campaign.pk, "participants": [PEEVES], "title": "B"},
        Game.objects.count,
    ),
    Create(
        "invitation",
        lambda table: "/api/invitations/",
        lambda table: {"campaign": table.campaign.pk, "role": "player"},
        lambda table: {"campaign": table.campaign.pk, "role": "spectator"},
        Invitation.objects.count,
    ),
    Create(
        "invitation by name",
        lambda table: f"/api/campaigns/{table.campaign.pk}/members/",
        lambda table: {"username": table.newcomer.username, "role": "player"},
        lambda table: {"username": table.outsider.username, "role": "player"},
        Invitation.objects.count,
    ),
    Create(
        "webhook",
        lambda table: f"/api/campaigns/{table.campaign.pk}/webhooks/",
        lambda table: {"url": PUBLIC_HOOK, "event_types": ["house_points"]},
        lambda table: {"url": PUBLIC_HOOK, "event_types": ["game_event"]},
        Endpoint.objects.count,
    ),
    Create(
        "token",
        lambda table: "/api/auth/tokens/",
        lambda table: {"name": "Foundry", "campaigns": [table.campaign.pk]},
        lambda table: {"name": "Roll20", "campaigns": [table.campaign.pk]},
        AuthToken.objects.count,
    ),
]
IDS = [create.name for create in CREATES]


@pytest.fixture
def table():
    table = Table()
    table.newcomer = UserFactory()
    # A second storyguide of the campaign, to show that keys are each user's own.
    table.co_storyguide = MembershipFactory(campaign=table.campaign, role=Role.STORYGUIDE).user
    return table


def post(table, create: Create, body: dict, key: str | None, user=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    client = table.client(user or table.storyguide)
    return client.post(create.path(table), body, format="json", **headers)


@pytest.mark.parametrize("create", CREATES, ids=IDS)
def test_a_retry_with_the_same_key_gets_the_first_answer_and_makes_nothing(table, create):
    first = post(table, create, create.body(table), "retry-1")
    assert first.status_code == 201, first.content
    made = create.made()
    again = post(table, create, create.body(table), "retry-1")
    assert again.status_code == 201
    assert again.json() == first.json()
    assert create.made() == made


@pytest.mark.parametrize("create", CREATES, ids=IDS)
def test_the_same_key_with_another_body_is_refused(table, create):
    assert post(table, create, create.body(table), "retry-2").status_code == 201
    made = create.made()
    refused = post(table, create, create.other_body(table), "retry-2")
    assert refused.status_code == 422
    assert refused.json()["code"] == "idempotency_key_reused"
    assert refused.json()["detail"] == "This Idempotency-Key was used with another request body."
    assert create.made() == made


@pytest.mark.parametrize("create", CREATES, ids=IDS)
def test_keys_are_each_users_own(table, create):
    mine = post(table, create, create.body(table), "shared-text")
    made = create.made()
    theirs = post(table, create, create.body(table), "shared-text", user=table.co_storyguide)
    assert theirs.status_code == 201
    assert create.made() == made + 1
    assert theirs.json() != mine.json()


@pytest.mark.parametrize("create", CREATES, ids=IDS)
def test_without_a_key_every_post_creates(table, create):
    post(table, create, create.body(table), None)
    made = create.made()
    # One open invitation per person: the second is another person's.
    by_name = create.name == "invitation by name"
    body = create.other_body(table) if by_name else create.body(table)
    assert post(table, create, body, None).status_code == 201
    assert create.made() == made + 1


def test_a_refused_create_keeps_nothing_so_the_key_may_be_sent_again(table):
    create = CREATES[0]
    wrong = {**match(table), "ruleset": "no-such-game"}
    assert post(table, create, wrong, "fix-and-retry").status_code == 400
    assert post(table, create, match(table), "fix-and-retry").status_code == 201


def test_the_answer_is_kept_sealed_and_the_key_as_its_digest(table):
    """The answer of a token's create holds the token: the table keeps neither it nor the
    key in the clear."""
    made = post(table, CREATES[-1], CREATES[-1].body(table), "sealed-key").json()
    kept = CreatedOnce.objects.get()
    assert "sealed-key" not in kept.key_digest
    assert made["token"].encode() not in bytes(kept.sealed)
    assert b"Foundry" not in bytes(kept.sealed)
