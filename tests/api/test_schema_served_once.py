"""Heavy anonymous answers are made once (issue 37 §3: "The anonymous schema costs 0.5 s a
request"): ``/api/schema/`` is generated and written once per process for each format and
language, and every later request gets those very bytes."""

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from games.schema import SchemaView

pytestmark = pytest.mark.django_db


def test_the_schema_is_made_once_for_each_format_and_language(monkeypatch):
    monkeypatch.setattr(SchemaView, "_made", {})
    made = []
    generate = SchemaGenerator.get_schema
    monkeypatch.setattr(
        SchemaGenerator,
        "get_schema",
        lambda self, *args, **kwargs: made.append(1) or generate(self, *args, **kwargs),
    )
    anyone = Client()

    yaml = [anyone.get("/api/schema/") for _ in range(3)]
    assert len(made) == 1
    assert {answer.content for answer in yaml} == {yaml[0].content}
    assert yaml[0]["Content-Type"].startswith("application/vnd.oai.openapi")

    as_json = anyone.get("/api/schema/", {"format": "json"})
    assert len(made) == 2 and as_json.json()["openapi"].startswith("3.")
    anyone.get("/api/schema/", {"lang": "de"})
    anyone.get("/api/schema/", {"lang": "de"})
    assert len(made) == 3
    anyone.get("/api/schema/", {"lang": "no-such-language"})  # the default language's
    assert len(made) == 3
