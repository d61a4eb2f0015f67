"""The API docs one section at a time (issue 40: "the schema and docs compressed (docs usable
in under a second on this machine)"): Swagger UI reads a section of the contract, first the
tokens a plugin starts with, and links every other; a section holds its operations and every
component they use, so it is a document of its own (``bench/docs.py`` measures the docs)."""

import re

import pytest
import yaml
from django.test import Client
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db


def test_the_docs_open_on_the_auth_section_and_link_every_other():
    page = Client().get("/api/docs/").content.decode()
    nav = re.search(r'<nav class="swagger-ui" aria-label="Sections">(.*?)</nav>', page, re.S)
    assert "<strong>auth</strong>" in nav.group(1)
    linked = re.findall(r'href="\?tag=([\w-]+)"', nav.group(1))
    assert {"campaigns", "matches", "skirmishes", "webhooks", "rulesets"} <= set(linked)
    script = Client().get("/api/docs/?tag=matches&script=").content.decode()
    assert 'url: "/api/schema/?tag\\u003Dmatches"' in script


def test_a_section_is_a_valid_contract_of_its_operations_and_what_they_use():
    whole = yaml.safe_load(Client().get("/api/schema/").content)
    matches = yaml.safe_load(Client().get("/api/schema/?tag=matches").content)
    validate(matches)
    assert set(matches["paths"]) == {
        path
        for path, item in whole["paths"].items()
        if any("matches" in operation.get("tags", []) for operation in item.values())
    }
    assert "ChatQuidditchCommand" in matches["components"]["schemas"]
    assert "Campaign" not in matches["components"]["schemas"]
    assert len(matches["components"]["schemas"]) < len(whole["components"]["schemas"])
