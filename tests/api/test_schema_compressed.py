"""The schema sent compressed (issue 40, "HTTP as plugin authors expect": 1.7 MB sent
uncompressed): gzipped for a client that accepts it, the same document once unpacked;
answers that may hold a secret (the docs' script, with the reader's CSRF token; the
API's answers) are not compressed, against BREACH (``core.compression``)."""

import gzip

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("query", ["", "?format=json"])
def test_the_schema_is_gzipped_when_asked_and_unpacks_to_the_same_document(query):
    client = Client()
    plain = client.get(f"/api/schema/{query}")
    zipped = client.get(f"/api/schema/{query}", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert gzip.decompress(zipped.content) == plain.content
    assert len(zipped.content) < len(plain.content) / 5


@pytest.mark.parametrize("path", ["/api/docs/?script=", "/api/rulesets/", "/api/health/"])
def test_answers_that_may_hold_a_secret_are_not_compressed(path):
    answer = Client().get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert answer.status_code == 200
    assert "Content-Encoding" not in answer
