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

import copy
import json
import re

from drf_spectacular.utils import OpenApiResponse

ERROR_SCHEMA = {
    "type": "object",
    "description": "Every error the service answers (``core.errors``): ``code`` and ``detail``, "
    "and what its kind adds.",
    "properties": {
        "code": {"type": "string", "description": "Stable, for programs."},
        "detail": {"type": "string", "description": "For people."},
        "errors": {
            "type": "object",
            "additionalProperties": True,
            "description": "Field name -> messages, for invalid fields.",
        },
        "rule": {
            "type": "string",
            "description": "The section of the rules a command breaks (absent where no rule "
            "is broken).",
        },
        "current_version": {
            "type": "integer",
            "description": "On 409: the game's version now.",
        },
        "did_you_mean": {
            "type": "string",
            "description": "On a line that is no command or names no player: the nearest "
            "that is, as it would be typed (Chat-Quidditch).",
        },
        "commands": {
            "type": "array",
            "description": "The answer to a line asking for help (code `help`): what you may "
            "type now (Chat-Quidditch).",
            "items": {
                "type": "object",
                "properties": {
                    "line": {
                        "type": "string",
                        "nullable": True,
                        "description": "The chat line that gives it; null for a command "
                        "with no line (a button on the table).",
                    },
                    "words": {"type": "string", "description": "The command in words."},
                },
                "required": ["line", "words"],
            },
        },
        "reason": {
            "type": "string",
            "description": "On a refused CSRF check (code `csrf_failed`): why, in English, "
            "for programs and logs.",
        },
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
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = copy.deepcopy(
        ERROR_SCHEMA
    )
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


#: The end of a log that closes (a game that is over): the last id sent, which the reader
#: keeps, as SSE keeps it.
STREAM_END_SCHEMA = {
    "type": "object",
    "description": "The log is closed (the game is over) and the stream ends.",
    "properties": {"after": {"type": "integer", "minimum": 0, "description": "The last id."}},
    "required": ["after"],
}
#: A stream's query credential, for a browser's ``EventSource`` (which sends no header).
STREAM_TOKEN_SCHEME = {
    "type": "apiKey",
    "in": "query",
    "name": "stream_token",
    "description": "From `POST /api/auth/stream-token/`, for a browser's `EventSource`, "
    "which cannot send the `Authorization` header (never put the API token in a URL).",
}


def stream_message(schema: dict, description: str) -> dict:
    """One kind of message of a stream (its ``event:`` name is the key it is given under):
    what it means, and the schema of its ``data:`` (compact JSON)."""
    return {"description": description, "schema": schema}


#: The ``end`` message of a stream whose log closes.
END = stream_message(
    {"$ref": "#/components/schemas/StreamEnd"},
    "The log is closed (the game is over); the last message.",
)
#: The ``revoked`` message any signed-in reader's stream may end with (``AccessRevoked``).
REVOKED = stream_message(
    ERROR_REF,
    "You may no longer read what the stream was opened for (removed from the campaign, "
    "another role, credentials revoked); the last message. A reconnect is judged afresh.",
)


def add_streams(result, generator, request, public):
    """drf-spectacular postprocessing hook: every ``core.streams.StreamView`` in the URL
    configuration, documented as a ``text/event-stream`` GET (DRF's generator sees only
    DRF views), with who may open it and the messages it sends.

    A stream view says so itself (instantiated with its ``as_view`` arguments, as it
    serves): ``messages()``, event name -> ``stream_message`` (``message`` is SSE's
    default name, which an ``EventSource``'s ``onmessage`` receives), where it needs them
    ``components()``, the components its messages name beyond the API's own, and
    ``anonymous``, whether anyone may open it (for what is public). The messages are given
    in the ``200``'s ``x-stream-messages`` (OpenAPI 3.0 has no word for a stream's items),
    and their data schemas together as a component, ``<Operation>Data``, a union that a
    generated client can type.
    """
    from django.urls import URLPattern, URLResolver, get_resolver

    from core.streams import StreamView

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                view = getattr(pattern.callback, "view_class", None)
                if view is not None and issubclass(view, StreamView):
                    yield (
                        "/" + prefix + str(pattern.pattern),
                        view(**pattern.callback.view_initkwargs),
                    )

    components = result.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemes = components.setdefault("securitySchemes", {})
    signed_in = [{scheme: []} for scheme in schemes]
    schemes["streamToken"] = STREAM_TOKEN_SCHEME
    schemas["StreamEnd"] = STREAM_END_SCHEMA
    for route, view in walk(get_resolver().url_patterns):
        path = re.sub(
            r"<(?:\w+:)?(\w+)>", lambda m: "{id}" if m[1] == "pk" else f"{{{m[1]}}}", route
        )
        segments = [part for part in path.split("/")[2:] if part and "{" not in part]
        operation_id = "_".join(segments).replace("-", "_")
        messages = view.messages()
        schemas.update(getattr(view, "components", dict)())
        data = _pascal(operation_id) + "Data"
        schemas[data] = {
            "description": f"The data of a message of `GET {path}`, by its event name. "
            + " ".join(f"`{event}`: {m['description']}" for event, m in messages.items()),
            "anyOf": [
                member
                for m in messages.values()
                for member in m["schema"].get("anyOf", [m["schema"]])
            ],
        }
        result["paths"][path] = {
            "get": {
                "operationId": operation_id,
                "summary": "Live stream (Server-Sent Events)",
                "description": " ".join((type(view).__doc__ or "").split()),
                "tags": [segments[0]],
                "security": [
                    *signed_in,
                    {"streamToken": []},
                    *([{}] if view.anonymous else []),
                ],
                "parameters": STREAM_PARAMETERS,
                "responses": {
                    "200": {
                        "description": "`retry:`, then one message per item: `id: <seq>` and "
                        "`data: <json>`; `: keep-alive` comments while idle. The messages, by "
                        "their `event:` name, are in `x-stream-messages`; their data is a "
                        f"`{data}`.",
                        "content": {
                            "text/event-stream": {
                                "schema": {"type": "string", "format": "event-stream"},
                                "x-stream-messages": messages,
                            }
                        },
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


STREAM_PARAMETERS = [
    {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
    {
        "name": "after",
        "in": "query",
        "schema": {"type": "integer", "minimum": 0},
        "description": "Start after this id (a reconnect sends Last-Event-ID).",
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
        "description": "From POST /api/auth/stream-token/, for a browser's EventSource.",
    },
]


def _pascal(snake: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_"))


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


def defaults_in_words(result, generator, request, public):
    """drf-spectacular postprocessing hook: an optional field of a request body says what
    leaving it out means in its description, not as a ``default``.

    openapi-typescript (by its default options) types a property that has a ``default``
    as always there: right for an answer, but a request body's component is no answer,
    and its field would become required (a plugin leaving out ``title`` of a new game, or
    a chat match's ``rounds``, would not compile). The components only requests reach
    (``COMPONENT_SPLIT_REQUEST`` makes them) are changed in place. A shape answers carry
    too (a ruleset's config, the same schema as ``GET /api/rulesets/`` gives) keeps its
    defaults for the answers, and requests get a twin of it named ``…Request``, its
    defaults in words, wherever they reach it."""
    schemas = result.get("components", {}).get("schemas", {})
    asked, answered = [], []
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method in METHODS:
                asked.append(operation.get("requestBody", {}))
                answered.append(operation.get("responses", {}))
    answers = _reached(answered, schemas)
    requests_only = _reached(asked, schemas) - answers
    shared = _reached(asked, schemas) & answers
    twins = {name: f"{name}Request" for name in _with_defaults(shared, schemas)}
    assert not set(twins.values()) & schemas.keys(), "a twin's name is taken"
    for name, twin in twins.items():
        schemas[twin] = copy.deepcopy(schemas[name])
    for name in requests_only | set(twins.values()):
        schemas[name] = _refer_to(twins, schemas[name])
        _say_defaults(schemas[name])
    for body in asked:
        if "content" in body:
            body["content"] = _refer_to(twins, body["content"])
    return result


def _with_defaults(names: set[str], schemas: dict) -> set[str]:
    """Those of ``names`` that hold a property's ``default``, or refer (through others of
    ``names``) to one that does."""
    found = {name for name in names if '"default"' in json.dumps(schemas[name], default=str)}
    while True:
        more = {
            name
            for name in names - found
            if _reached(schemas[name], {known: schemas[known] for known in found})
        }
        if not more:
            return found
        found |= more


def _refer_to(twins: dict[str, str], node):
    """``node`` with each reference to a component of ``twins`` made to its twin (in
    ``$ref``s and in discriminators' mappings alike)."""
    if isinstance(node, dict):
        return {key: _refer_to(twins, value) for key, value in node.items()}
    if isinstance(node, list):
        return [_refer_to(twins, value) for value in node]
    if isinstance(node, str) and node.startswith(REF):
        name = node.removeprefix(REF)
        return REF + twins.get(name, name)
    return node


REF = "#/components/schemas/"


def _reached(node, schemas: dict) -> set[str]:
    """The components ``node`` refers to, and those they refer to, and so on."""
    reached: set[str] = set()
    waiting = [node]
    while waiting:
        text = json.dumps(waiting.pop(), default=str)  # descriptions may be lazy texts
        for found in re.findall(r'"#/components/schemas/([^"]+)"', text):
            if found not in reached and found in schemas:
                reached.add(found)
                waiting.append(schemas[found])
    return reached


def _say_defaults(node) -> None:
    """Every property's ``default`` in ``node`` (not in the components it refers to) moved
    into its description: "Left out: <the default>"."""
    if isinstance(node, dict):
        for field in node.get("properties", {}).values():
            if isinstance(field, dict) and "default" in field:
                said = f"Left out: {json.dumps(field.pop('default'), default=str)}."
                described = str(field.get("description", ""))
                field["description"] = f"{described} {said}" if described else said
        for value in node.values():
            _say_defaults(value)
    elif isinstance(node, list):
        for value in node:
            _say_defaults(value)
