"""README lists only endpoints that exist (issue 18): every ``/api/...`` path it names,
with the method where it gives one, is in the OpenAPI schema the service serves."""

import re
from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator

README = Path(__file__).resolve().parents[2] / "README.md"
# The pages that serve the contract itself are not part of it.
DOCS_PAGES = {"/api/schema/", "/api/docs/", "/api/redoc/"}
MENTION = re.compile(r"(?:\b(GET|POST|PUT|PATCH|DELETE) )?(?<![\w/])(/api/[A-Za-z0-9_{}./-]*)")


def placeholders_as_one(path: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", path)


def readme_mentions() -> list[tuple[str | None, str]]:
    return [(method, path) for method, path in MENTION.findall(README.read_text())]


@pytest.fixture(scope="module")
def schema_paths() -> dict[str, set[str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        placeholders_as_one(path): {method.upper() for method in operations}
        for path, operations in schema["paths"].items()
    }


def test_the_readme_names_endpoints_at_all():
    assert len(readme_mentions()) > 20


def test_every_api_path_in_the_readme_is_in_the_schema(schema_paths):
    missing = []
    for method, path in readme_mentions():
        key = placeholders_as_one(path.rstrip("."))
        if key in DOCS_PAGES:
            continue
        if key not in schema_paths:
            missing.append(path)
        elif method and method not in schema_paths[key]:
            missing.append(f"{method} {path}")
    assert missing == []
