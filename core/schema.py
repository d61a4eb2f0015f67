"""Schema post-processing: one error shape on every operation, and links between them.

Views document their success bodies; what every endpoint can answer besides
(bad input, no login, no permission, unknown id, a stale version, a refused
rule, too large, too many) is the same everywhere, so it is added here once,
with the common error body of ``core.errors``.

OpenAPI links let clients, and the fuzzer's stateful runs, follow a created
object: a ``201`` from ``POST /api/things/`` links to every operation under
``/api/things/{id}/`` with ``id`` taken from the answer's body.
"""

from __future__ import annotations

import re

from drf_spectacular.utils import OpenApiResponse

ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "description": "Stable, for programs."},
        "detail": {"type": "string", "description": "For people."},
        "errors": {
            "type": "object",
            "additionalProperties": True,
            "description": "Field name -> messages, for invalid fields.",
        },
        "rule": {"type": "string", "description": "The section of the rules a command breaks."},
        "current_version": {"type": "integer", "description": "On 409: the game's version."},
    },
    "required": ["code", "detail"],
}
ERROR_REF = {"$ref": "#/components/schemas/Error"}
#: Null, in OpenAPI 3.0's words: it has no null type, and ``nullable`` takes effect only
#: beside a ``type``.
NULL = {"type": "object", "nullable": True, "enum": [None]}
WRITES = {"post", "put", "patch", "delete"}
METHODS = {"get", "post", "put", "patch", "delete"}

DESCRIPTIONS = {
    "400": "Malformed request or invalid fields.",
    "401": "Not logged in (send `Authorization: Token <token>`).",
    "403": "Your role does not allow this.",
    "404": "No such object, or not one of your campaigns'.",
    "405": "Method not allowed.",
    "409": "Stale `expected_version`.",
    "413": "Request body too large.",
    "415": "Unsupported content type (send JSON).",
    "422": "Well-formed, but the rules forbid it; `rule` names the section.",
    "429": "Rate limited; see `Retry-After`.",
    "503": "The database cannot be reached for a moment; see `Retry-After`.",
}
RATE_LIMITED = OpenApiResponse(response=ERROR_REF, description=DESCRIPTIONS["429"])
"""The 429 of a read that is rate limited (writes say so without it)."""


def add_errors_and_links(result, generator, request, public):
    """drf-spectacular postprocessing hook (SPECTACULAR_SETTINGS)."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    paths = result.get("paths", {})
    for operations in paths.values():
        for method, operation in operations.items():
            if method in METHODS:
                _add_errors(method, operation)
    _add_links(paths)
    return result


def _add_errors(method: str, operation: dict) -> None:
    codes = ["400", "403", "404", "405", "503"]
    if {} not in operation.get("security", [{}]) or method in WRITES:
        codes.append("401")
    if method in WRITES:
        codes += ["409", "413", "415", "422", "429"]
    responses = operation.setdefault("responses", {})
    for code in codes:
        responses.setdefault(
            code,
            {
                "description": DESCRIPTIONS[code],
                "content": {"application/json": {"schema": ERROR_REF}},
            },
        )


def _add_links(paths: dict) -> None:
    for collection, operations in paths.items():
        created = operations.get("post", {}).get("responses", {}).get("201")
        if created is None or "{" in collection:
            continue
        links = created.setdefault("links", {})
        for path, targets in paths.items():
            if not path.startswith(f"{collection}{{id}}/"):
                continue
            for method, target in targets.items():
                if method in METHODS and "operationId" in target:
                    links[target["operationId"]] = {
                        "operationId": target["operationId"],
                        "parameters": {"id": "$response.body#/id"},
                    }


def add_streams(result, generator, request, public):
    """drf-spectacular postprocessing hook: every ``core.streams.StreamView`` in the URL
    configuration, documented as a ``text/event-stream`` GET (DRF's generator sees only
    DRF views)."""
    from django.urls import URLPattern, URLResolver, get_resolver

    from core.streams import TOKEN_SECONDS, StreamView

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                view = getattr(pattern.callback, "view_class", None)
                if view is not None and issubclass(view, StreamView):
                    yield "/" + prefix + str(pattern.pattern), view

    for route, view in walk(get_resolver().url_patterns):
        path = re.sub(
            r"<(?:\w+:)?(\w+)>", lambda m: "{id}" if m[1] == "pk" else f"{{{m[1]}}}", route
        )
        tag = path.split("/")[2]
        result["paths"][path] = {
            "get": {
                "operationId": f"{tag.replace('-', '_')}_stream",
                "summary": "Live stream (Server-Sent Events)",
                "description": " ".join((view.__doc__ or "").split()),
                "tags": [tag],
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                    {
                        "name": "after",
                        "in": "query",
                        "schema": {"type": "integer", "minimum": 0},
                        "description": "Start after this seq (a reconnect sends Last-Event-ID).",
                    },
                    {
                        "name": "Last-Event-ID",
                        "in": "header",
                        "schema": {"type": "integer", "minimum": 0},
                        "description": "The last id received, when reconnecting.",
                    },
                    {
                        "name": "stream_token",
                        "in": "query",
                        "schema": {"type": "string"},
                        "description": "From POST /api/auth/stream-token/, for a browser's "
                        f"EventSource; valid {TOKEN_SECONDS} seconds.",
                    },
                ],
                "responses": {
                    "200": {
                        "description": "`retry:`, then one message per item: `id: <seq>` and "
                        "`data: <json>`; `: keep-alive` comments while idle; `event: end` when "
                        "the log closes.",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                    },
                    **{
                        code: {
                            "description": DESCRIPTIONS[code],
                            "content": {"application/json": {"schema": ERROR_REF}},
                        }
                        for code in ("401", "404", "429")
                    },
                },
            }
        }
    return result


def nullable_references(result, generator, request, public):
    """drf-spectacular postprocessing hook: a field that is a component or null (a nullable
    nested serializer) says so as OpenAPI 3.0 reads it, ``oneOf`` the component and null.
    drf-spectacular writes ``allOf`` the component beside ``nullable: true``, which strict
    validators read as never null (``nullable`` without a ``type`` has no effect)."""
    _strict_nullable(result)
    return result


def _strict_nullable(node) -> None:
    if isinstance(node, dict):
        if node.get("nullable") is True and "type" not in node and len(node.get("allOf", ())) == 1:
            (component,) = node.pop("allOf")
            del node["nullable"]
            node["oneOf"] = [component, NULL]
        for value in node.values():
            _strict_nullable(value)
    elif isinstance(node, list):
        for value in node:
            _strict_nullable(value)
