"""The API's JSON is orjson's, byte for byte what DRF's own renderer wrote (issue 42: "the
answer encoded once (orjson or msgspec)")."""

from datetime import UTC, datetime
from decimal import Decimal

from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer

from core.renderers import FastJSONRenderer

BODY = {
    "title": "Gryffindor v Slytherin — GJäger1 passt",
    "created_at": datetime(2026, 11, 29, 13, 0, 5, 120000, tzinfo=UTC),
    "finished_at": None,
    "seats": {"GJäger1": 7, "GHüter": None},
    "by_id": {3: "storyguide"},
    "allowed_commands": [{"action": "pass", "target": "GJäger2"}],
    "odds": 0.1 + 0.2,
    "points": Decimal("12.5"),
    "said": gettext_lazy("Not found."),
    "line": "a\u2028b\u2029c",
    "flags": (True, False),
}


def test_an_answer_reads_as_drf_wrote_it():
    assert FastJSONRenderer().render(BODY) == JSONRenderer().render(BODY)


def test_an_indented_answer_is_drf_s():
    asked = "application/json; indent=2"
    assert FastJSONRenderer().render(BODY, asked) == JSONRenderer().render(BODY, asked)


def test_no_body_is_no_bytes():
    assert FastJSONRenderer().render(None) == b""
