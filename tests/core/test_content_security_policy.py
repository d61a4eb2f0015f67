"""Issue 37, part 4, "No Content-Security-Policy on the site's pages (django-csp)".

Every answer carries one strict policy: everything from the service itself, scripts only
from its files (no inline script, no ``eval``), styles from its files and inline (the
games' tables and the API docs' renderers set style attributes), images and fonts from
its files or ``data:``, no plugins, no other site framing the pages or receiving their
forms. ``tests/pages/test_content_security_policy_browser.py`` loads the pages in a
browser and finds nothing refused.
"""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


def directives(header: str) -> dict[str, list[str]]:
    found = {}
    for directive in filter(None, (part.strip() for part in header.split(";"))):
        name, *sources = directive.split()
        found[name] = sources
    return found


@pytest.mark.parametrize(
    "path",
    ["/", "/accounts/login/", "/admin/login/", "/league/", "/api/docs/", "/api/redoc/"],
)
def test_a_page_answer_carries_the_strict_policy(path):
    """Issue 37 (no Content-Security-Policy): the page's answer carries
    ``Content-Security-Policy`` with exactly the directives of ``POLICY``: ``default-src
    'self'``, ``script-src 'self'`` (no ``'unsafe-inline'``, no ``'unsafe-eval'``), ...;
    ReDoc's page besides ``worker-src 'self' blob:`` (its search runs in a worker made
    from its own script)."""
    answer = Client().get(path)
    assert answer.status_code == 200
    expected = POLICY | ({"worker-src": ["'self'", "blob:"]} if path == "/api/redoc/" else {})
    assert directives(answer.get("Content-Security-Policy", "")) == expected


def test_an_api_answer_and_a_refusal_carry_it_too():
    """Issue 37 (no Content-Security-Policy): a JSON answer of the API and a refused page
    (404) carry the same ``Content-Security-Policy``, so that nothing the service answers
    runs a script it did not serve."""
    for path, status in (("/api/rulesets/", 200), ("/no-such-page/", 404)):
        answer = Client().get(path)
        assert answer.status_code == status
        assert directives(answer.get("Content-Security-Policy", "")) == POLICY, path


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_pages_have_no_inline_script(path):
    """Issue 37 (no Content-Security-Policy): with ``script-src 'self'`` an inline script
    would not run, so the API docs pages name every script by its address: no
    ``<script>`` without ``src`` (Swagger UI's start is its own file, ``?script``)."""
    page = Client().get(path).content.decode()
    scripts = re.findall(r"<script\b([^>]*)>", page)
    assert scripts
    assert [attributes for attributes in scripts if "src=" not in attributes] == []
