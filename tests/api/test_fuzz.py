"""Fuzzing the API against its own OpenAPI schema, authenticated as a storyguide.

Schemathesis generates requests for every operation (valid and invalid data,
every method) and checks each answer: no server error, a documented status and
content type, a body that matches the schema, invalid data refused,
unsupported methods refused, and no operation that ignores authentication.
The stateful test follows the schema's links (a created object's id into the
operations under it) through sequences of calls.

The demo data (a campaign, characters, a skirmish, a cup year half played) is
seeded once for the module. ``FUZZ_EXAMPLES`` sets the examples per operation,
``FUZZ_CHANGE_EXAMPLES`` those of a change to an object (PUT, PATCH), and
``FUZZ_STEPS`` the stateful sequences (CI: a few; by hand, more:
``FUZZ_EXAMPLES=200 FUZZ_STEPS=200 ./dev test tests/api/test_fuzz.py``). Ids in
paths are drawn half from the objects that exist, and a change's body takes one
value from another object of its kind (``EXISTING``), so that the calls reach
the objects' own rules.
"""

import os

import pytest
import schemathesis
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import signals
from django.core.cache import cache
from django.core.management import call_command
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings, strategies
from knox.models import AuthToken
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from campaign.demo import DEMO_USERNAME
from config.wsgi import application

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
#: A change to an object (PUT, PATCH) gets more: it meets the object's own rules only with
#: an id that exists and a body that is valid, and another object's value only now and then.
CHANGE_EXAMPLES = int(os.environ.get("FUZZ_CHANGE_EXAMPLES", "15"))
CHANGES = ["PUT", "PATCH"]
STEPS = int(os.environ.get("FUZZ_STEPS", "15"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    unsupported_method,
    ignored_auth,
]
# The sequences send the storyguide's token on every call, so a generated
# invalid credential would be replaced: ignored auth is checked per operation.
SEQUENCE_CHECKS = [check for check in CHECKS if check is not ignored_auth]
FUZZ_SETTINGS = {
    "deadline": None,
    "suppress_health_check": list(HealthCheck),
    "derandomize": True,
}

# Live streams never end, so a generated call would wait forever; tests/games/test_streams.py
# and the authorization matrix test them instead.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).exclude(
    path_regex=r"/stream/$"
)

#: The objects behind ``/api/<resource>/{id}/...``. An id generated at random names no
#: object, and its call ends at "not found": half of the ids are drawn from the objects
#: that exist instead, so that a call reaches what the object's own rules say. And a
#: generated value is hardly ever one another object holds: half of the bodies that
#: change an object take values from another object of its kind, so that every value
#: that must be unique (a house's initial, a campaign's slug) is tried.
EXISTING = {
    "campaigns": "campaign.Campaign",
    "memberships": "campaign.Membership",
    "houses": "campaign.House",
    "characters": "campaign.Character",
    "house-points": "campaign.HousePointEntry",
    "table-logs": "games.Game",
    "matches": "games.Game",
    "skirmishes": "games.Game",
    "cup-years": "league.CupYear",
    "fixtures": "league.Fixture",
}


@schema.hook
def flatmap_case(context, case):
    """Half of the ids from the objects that exist, and half of a change's bodies with one
    value of another object of its kind (``EXISTING``); a case generated to be invalid is
    left as it is, for the service must refuse it."""
    if case.meta is None or case.meta.generation.mode is not schemathesis.GenerationMode.POSITIVE:
        return strategies.just(case)
    resource = case.operation.path.split("/")[2]
    if resource not in EXISTING:
        return strategies.just(case)
    model = apps.get_model(EXISTING[resource])
    return _with_an_existing_id(case, model).flatmap(lambda case: _with_a_taken_value(case, model))


def _with_an_existing_id(case, model):
    if not case.path_parameters or "id" not in case.path_parameters:
        return strategies.just(case)
    ids = list(model.objects.order_by("pk").values_list("pk", flat=True)[:20])
    if not ids:
        return strategies.just(case)

    def existing(pk):
        case.path_parameters = {**case.path_parameters, "id": pk}
        return case

    return strategies.sampled_from(ids).map(existing) | strategies.just(case)


def _with_a_taken_value(case, model):
    if case.method.upper() not in CHANGES or not isinstance(case.body, dict):
        return strategies.just(case)
    fields = [f.name for f in model._meta.concrete_fields if f.name in case.body]
    rows = model.objects.order_by("pk").values(*fields)[:20] if fields else []
    values = [
        (name, value)
        for row in rows
        for name, value in row.items()
        if isinstance(value, str | int | bool)
    ]
    if not values:
        return strategies.just(case)

    def taken(value):
        case.body = {**case.body, value[0]: value[1]}
        return case

    return strategies.sampled_from(values).map(taken) | strategies.just(case)


@pytest.fixture(scope="module")
def token(django_db_setup, django_db_blocker):
    """The demo storyguide's token, over data seeded once and removed afterwards."""
    with django_db_blocker.unblock():
        call_command("seed_demo", force=True, verbosity=0)
        user = get_user_model().objects.get(username=DEMO_USERNAME)
        _, token = AuthToken.objects.create(user=user)
        yield token
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def headers(token, db):
    """The token's header, for calls straight into the WSGI application.

    Like Django's test client, keep the request signals from closing the
    test's database connection, which holds the test's open transaction.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield {"Authorization": f"Token {token}"}
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.exclude(method=CHANGES).parametrize()
@settings(max_examples=EXAMPLES, **FUZZ_SETTINGS)
def test_every_operation_answers_as_documented(case, headers):
    case.call_and_validate(headers=headers, checks=CHECKS)


@schema.include(method=CHANGES).parametrize()
@settings(max_examples=CHANGE_EXAMPLES, **FUZZ_SETTINGS)
def test_every_change_to_an_object_answers_as_documented(case, headers):
    case.call_and_validate(headers=headers, checks=CHECKS)


class StoryguideSequences(schema.as_state_machine()):
    """Each sequence starts from the same data: its writes are rolled back after it."""

    headers: dict = {}

    def setup(self):
        cache.clear()
        self._sequence = transaction.atomic()
        self._sequence.__enter__()

    def teardown(self):
        transaction.set_rollback(True)
        self._sequence.__exit__(None, None, None)

    def get_call_kwargs(self, case):
        return {"headers": self.headers}

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        case.validate_response(response, checks=SEQUENCE_CHECKS)


def test_sequences_that_follow_the_links(headers):
    StoryguideSequences.headers = headers
    StoryguideSequences.TestCase.settings = settings(
        max_examples=STEPS, stateful_step_count=6, **FUZZ_SETTINGS
    )
    StoryguideSequences.TestCase().runTest()
