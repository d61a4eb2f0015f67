"""The OpenAPI contract names every shape of every ruleset, and tells them apart.

A drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS``). A ruleset
declares its shapes as JSON Schemas (its ``Manifest.contract``, a
:class:`games.contracts.Contract`: ``config``, ``commands``, ``state``, ``events``,
``result``);
each becomes a component named after the ruleset: ``DiceQuidditchConfig``,
``DiceQuidditchPlaceCommand``, ``DiceQuidditchState``, ``DiceQuidditchPlacedEvent``,
``DiceQuidditchResult``. A ruleset's command is the union of its actions' commands,
told apart by ``action``, and its event the union of its events' types, by ``type``.
A ruleset that declares no more than the defaults still gets its components,
loose as its defaults are.

The serializers describe each game resource once, for every ruleset: a game, a
record of its log, a page of the log, a command's answer, a new game, a
submission, a ruleset. Each of these *generic* components becomes one component
per ruleset (``ChatQuidditchGame``, whose ``state`` is a ``ChatQuidditchState``
and whose ``allowed_commands`` are ``ChatQuidditchCommand``), and the generic one
becomes their union, discriminated by the ruleset's name. A client generated from
the contract so reads every answer as the right type, whatever the ruleset.

OpenAPI 3.0 wants the members of a discriminated union to be named components,
given in the discriminator's ``mapping``, and the discriminating property
required in each; every union made here is so.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import ClassVar, NamedTuple

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import set_query_parameters
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core.schema import NULL
from games.apis import games_endpoints
from games.awaiting import DICE_AWAITED
from games.bots import EVERY_SEAT, REFEREE_SEAT, offers, strategies
from games.manifest import manifest_for
from games.ruleset import Ruleset, find_ruleset, ruleset_names
from games.selectors import GAME, RECORD, result_schema_as_served


def ref(component: str) -> dict:
    return {"$ref": f"#/components/schemas/{component}"}


#: What ``/api/rulesets/`` gives for each shape: a JSON Schema, as a document.
JSON_SCHEMA = {
    "type": "object",
    "additionalProperties": {},
    "description": "A JSON Schema (OpenAPI 3.0 flavour), the same as the ruleset's "
    "component of that shape in this contract.",
}
#: The event of a ruleset that names no event types.
ANY_EVENT = {"type": "object", "additionalProperties": {}}
#: Events the platform writes into any game's log, type -> component: a command that
#: waits for entered dice (``games.awaiting``; ``Need`` is ``NeedSerializer``'s).
PLATFORM_EVENTS = {
    DICE_AWAITED: (
        "DiceAwaitedEvent",
        {
            "type": "object",
            "description": "The command of this record waits for the dice the table enters: "
            "first its next roll, then what it rolls after that, as far as can be told.",
            "properties": {
                "type": {"type": "string", "enum": [DICE_AWAITED]},
                "dice": {"type": "array", "items": ref("Need")},
            },
            "required": ["type", "dice"],
            "additionalProperties": False,
        },
    )
}


class Generic(NamedTuple):
    """A component the serializers describe once for every ruleset, made per ruleset."""

    #: The ruleset's component is its name followed by this ("Game": "ChatQuidditchGame").
    suffix: str
    #: Which rulesets it is made for.
    made_for: Callable[[Ruleset], bool]
    #: The property that tells the rulesets' components apart in the union that takes the
    #: generic component's place; ``None`` where no property does.
    told_by: str | None
    #: Where nothing tells them apart: whether the generic one stays as any of the rulesets'
    #: (``anyOf``), for what refers to it beyond the rulesets' own components (the
    #: ``Error`` of a command refused while dice are awaited); else it goes.
    any_of: bool = False


def _every(rules: Ruleset) -> bool:
    return True


def _played_by_commands(rules: Ruleset) -> bool:
    return manifest_for(rules).played_by_commands


def _created_as_matches(rules: Ruleset) -> bool:
    """Created by ``POST /api/matches/`` (a skirmish is gathered by its own endpoint)."""
    return manifest_for(rules).kind == "match"


#: The serializers' component -> how it is made per ruleset (the serializers' ``Event`` is
#: a record of the log: a ruleset's ``Event`` is one of the events in it).
GENERICS = {
    "Game": Generic("Game", _every, "ruleset"),
    "Submitted": Generic("Submitted", _every, None),
    "Event": Generic("Record", _every, None),
    "DiceAwaited": Generic("DiceAwaited", _every, None, any_of=True),
    "EventPage": Generic("EventPage", _every, "ruleset"),
    "CommandAnswer": Generic("CommandAnswer", _played_by_commands, "ruleset"),
    "GameCreateRequest": Generic("GameCreateRequest", _created_as_matches, "ruleset"),
    "SubmissionRequest": Generic("SubmissionRequest", _played_by_commands, "ruleset"),
    "Ruleset": Generic("Ruleset", _every, "name"),
}


def pascal(text: str) -> str:
    """``chat-quidditch`` -> ``ChatQuidditch``, ``end_turn`` -> ``EndTurn``."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text))


def union(members: dict[str, str], told_by: str, description: str) -> dict:
    """One of the ``members`` (value of ``told_by`` -> component), told apart by ``told_by``."""
    return {
        "description": description,
        "oneOf": [ref(component) for component in members.values()],
        "discriminator": {
            "propertyName": told_by,
            "mapping": {value: ref(component)["$ref"] for value, component in members.items()},
        },
    }


def _array(items: dict) -> dict:
    return {"type": "array", "items": items}


def _map(values: dict) -> dict:
    return {"type": "object", "additionalProperties": values}


def _nullable(schema: dict) -> dict:
    """The schema, or null (``core.schema.nullable_references``)."""
    return {"oneOf": [schema, NULL]}


def _not_null(schema: dict) -> dict:
    """The schema of a value once there is one: a game's ``result`` is null until the game
    is over, which the game's field says (a nullable object as a component of its own
    confuses generators)."""
    return {key: value for key, value in schema.items() if key != "nullable"}


def _described(schema: dict, description: str) -> dict:
    """The schema, with ``description`` unless it says what it is itself."""
    return {"description": description, **schema}


class RulesetShapes:
    """The components of one ruleset: its own shapes, and the generic ones made its own."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.prefix = pascal(rules.name)

    def name(self, suffix: str) -> str:
        return self.prefix + suffix

    def ref(self, suffix: str) -> dict:
        return ref(self.name(suffix))

    def own(self) -> dict[str, dict]:
        """Config, commands, state, events, result, and an event's words per language."""
        rules, title = self.rules, self.rules.title
        manifest = manifest_for(rules)
        languages, contract = manifest.words.languages, manifest.contract
        shapes = {
            "Config": {
                **_described(contract.config, f"The config of a {title} game."),
                "example": contract.example,
            },
            **self._union(
                "Command",
                contract.commands,
                "action",
                _described(contract.command, f"A command of a {title} game."),
            ),
            "State": _described(contract.state, f"A {title} game's state, as its reader sees it."),
            **self._union(
                "Event",
                contract.events,
                "type",
                _described(ANY_EVENT, f"What happened in a {title} game."),
                shared={kind: component for kind, (component, _) in PLATFORM_EVENTS.items()},
            ),
            "Result": _described(
                result_schema_as_served(_not_null(contract.result)),
                f"A {title} game's result, once it is over.",
            ),
            "Narration": {
                "type": "object",
                "description": "An event as a line of the referee's transcript, per language.",
                "properties": {language: {"type": "string"} for language in languages},
                "required": list(languages),
                "additionalProperties": False,
            },
        }
        return {self.name(suffix): schema for suffix, schema in shapes.items()}

    def _union(
        self, suffix: str, schemas: dict[str, dict], told_by: str, loose: dict, shared=None
    ) -> dict:
        """Each of ``schemas`` (value of ``told_by`` -> schema) as a component, and their
        union, with the ``shared`` components (value -> name), as the ruleset's ``suffix``;
        ``loose`` where the ruleset names none."""
        if not schemas:
            return {suffix: loose}
        members = {value: f"{pascal(value)}{suffix}" for value in schemas}
        return {
            **{members[value]: schema for value, schema in schemas.items()},
            suffix: union(
                {
                    **{value: self.name(member) for value, member in members.items()},
                    **(shared or {}),
                },
                told_by,
                loose["description"],
            ),
        }

    @property
    def name_type(self) -> dict:
        return {"type": "string", "enum": [self.rules.name]}

    @property
    def kind_type(self) -> dict:
        return {"type": "string", "enum": [manifest_for(self.rules).kind]}

    @property
    def bot_type(self) -> dict:
        return {"type": "string", "enum": sorted(strategies(self.rules))}

    array_of = staticmethod(_array)
    map_of = staticmethod(_map)
    nullable = staticmethod(_nullable)

    def typed_fields(self, generic: str) -> dict[str, dict]:
        """The fields of a generic component that are this ruleset's shapes: a wire shape's
        own (``games.wire.Shape.per_ruleset``), the others' here."""
        name, kind, bot = self.name_type, self.kind_type, self.bot_type
        return {
            "Game": GAME.per_ruleset(self),
            "DiceAwaited": {
                "actor": ref("Actor"),
                "command": self.ref("Command"),
                "narration": self.ref("Narration"),
            },
            "Submitted": {"command": self.ref("Command"), "bot": bot},
            "Event": RECORD.per_ruleset(self),
            "EventPage": {"ruleset": name, "results": _array(self.ref("Record"))},
            "CommandAnswer": {
                "ruleset": name,
                "event": self.ref("Record"),
                "game": self.ref("Game"),
            },
            "GameCreateRequest": {
                "ruleset": name,
                "config": self.ref("Config"),
                "bots": _map(bot),
            },
            "SubmissionRequest": {"ruleset": name, "command": self.ref("Command")},
            "Ruleset": {
                "name": name,
                "kind": kind,
                "bots": _array(bot),
                "config_schema": ref("JsonSchema"),
                "command_schema": ref("JsonSchema"),
                "command_schemas": _map(ref("JsonSchema")),
                "state_schema": ref("JsonSchema"),
                "event_schemas": _map(ref("JsonSchema")),
                "result_schema": ref("JsonSchema"),
                "example_config": self.ref("Config"),
                "ending_actions": _array(self._ending_action()),
            },
        }[generic]

    def _ending_action(self) -> dict:
        """One of the ruleset's actions that end or concede a game (``ending_actions``);
        a ruleset with none gives an empty list (OpenAPI wants an enum of one or more)."""
        ending = sorted(self.rules.ending_actions)
        return {"type": "string", "enum": ending} if ending else {"type": "string"}

    def made_own(self, generic: str, component: dict, told_by: str | None) -> dict:
        """The generic component with this ruleset's shapes in its typed fields."""
        made = copy.deepcopy(component)
        properties = made.get("properties", {})
        for field, schema in self.typed_fields(generic).items():
            if field in properties:
                properties[field] = _with_notes(schema, properties[field])
        if told_by is not None:
            made["required"] = sorted({*made.get("required", ()), told_by})
        return made


def _with_notes(schema: dict, field: dict) -> dict:
    """``schema`` with what the serializer's field says of itself (its help text, whether
    it is read only), unless it is a reference: that stands alone, its component saying
    what it is. OpenAPI 3.0 ignores what stands beside a ``$ref``, and a reference wrapped
    in an ``allOf`` to carry notes is read by openapi-typescript as the object the union's
    members share less their discriminator (``Omit<ChatQuidditchCommand, "action">``,
    which is ``{}``): the field would lose its type."""
    if "$ref" in schema:
        return schema
    notes = {key: field[key] for key in ("description", "readOnly", "writeOnly") if key in field}
    return {**schema, **notes}


def add_ruleset_shapes(result, generator, request, public):
    """drf-spectacular postprocessing hook: see the module's docstring."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    everyone = [RulesetShapes(find_ruleset(name)) for name in ruleset_names()]
    schemas["JsonSchema"] = JSON_SCHEMA
    schemas.update(PLATFORM_EVENTS.values())
    for shapes in everyone:
        schemas.update(shapes.own())
    for generic, (suffix, made_for, told_by, any_of) in GENERICS.items():
        component = schemas.pop(generic, None)
        if component is None:
            continue
        members = {}
        for shapes in everyone:
            if made_for(shapes.rules):
                members[shapes.rules.name] = shapes.name(suffix)
                schemas[shapes.name(suffix)] = shapes.made_own(generic, component, told_by)
        if told_by is not None:
            description = f"One per ruleset, told apart by {told_by}."
            if component.get("description"):
                description = f"{component['description']} {description}"
            schemas[generic] = union(members, told_by, description)
        elif any_of:
            description = " ".join(filter(None, [component.get("description"), "The game's own."]))
            schemas[generic] = {
                "description": description,
                "anyOf": [ref(member) for member in members.values()],
            }
    if "Error" in schemas:  # a command refused while the game waits for dice names them
        schemas["Error"]["properties"]["dice_awaited"] = ref("DiceAwaited")
    add_examples(result["paths"])
    return result


#: The campaign the examples name: a plugin names one of its own (``GET /api/me/``).
EXAMPLE_CAMPAIGN = 1


def add_examples(paths: dict) -> None:
    """Each ruleset's example bodies on the operations that take them: a game created from
    its ``example_config`` as it stands, bots holding every seat; and its command, the
    first a fresh game of that config offers. A command's body is never empty (text, a
    command, or dice: ``SubmissionSerializer``), which the contract says too."""
    rulesets = [find_ruleset(name) for name in ruleset_names()]
    for kind, (endpoint, creatable) in games_endpoints().items():
        of_kind = [rules for rules in rulesets if manifest_for(rules).kind == kind]
        if creatable:
            _give_examples(paths[endpoint]["post"], {r: create_example(r) for r in of_kind})
        commands = paths.get(f"{endpoint}{{id}}/commands/", {}).get("post")
        if commands is not None:
            commands["requestBody"]["required"] = True
            _give_examples(commands, {r: command_example(r) for r in of_kind})


def _give_examples(operation: dict, bodies: dict[Ruleset, dict | None]) -> None:
    (media,) = operation["requestBody"]["content"].values()
    media["examples"] = {
        rules.name: {"summary": rules.title, "value": body}
        for rules, body in bodies.items()
        if body is not None
    }


def create_example(rules: Ruleset) -> dict:
    """The body that creates a game of ``rules`` from its example: a match names its
    ruleset and config; a kind served apart (a skirmish) takes its config as the body."""
    options = {"campaign": EXAMPLE_CAMPAIGN, "bots": {EVERY_SEAT: next(iter(strategies(rules)))}}
    manifest = manifest_for(rules)
    if manifest.kind == "match":
        return {"ruleset": rules.name, "config": manifest.contract.example, **options}
    return {**manifest.contract.example, **options}


def command_example(rules: Ruleset) -> dict | None:
    """The first command a fresh game of the example config offers to its first seat that
    has one (else to the referee), as a submission."""
    state = rules.setup(manifest_for(rules).contract.example)
    for seat in [*rules.seats(state), REFEREE_SEAT]:
        for command in offers(rules, state, seat):
            return {"ruleset": rules.name, "command": command}
    return None


class SchemaView(SpectacularAPIView):
    """``/api/schema/``, made once per process for each format and language; with
    ``?tag=``, the part of it about one section (its operations and the components they
    use), which the docs page loads one at a time.

    The contract follows from the code and the registered rulesets alone, and
    making it costs most of a second (generating it, then writing it as YAML or
    JSON), which anyone may ask for: it is kept, rendered, under the format, the
    language, the section and the rulesets' names, so that asking again costs nothing.
    """

    _made: ClassVar[dict[tuple, tuple[bytes, str, str]]] = {}

    @extend_schema(exclude=True)  # as drf-spectacular's own (SERVE_INCLUDE_SCHEMA)
    def get(self, request, *args, **kwargs):
        asked = request.GET.get("lang")
        language = asked if asked in dict(settings.LANGUAGES) else ""
        tag = request.GET.get("tag", "")
        key = (request.accepted_renderer.format, language, tag, tuple(ruleset_names()))
        made = self._made.get(key)
        if made is None:
            response = super().get(request, *args, **kwargs)
            if tag:
                response.data = section(response.data, tag)
            response.accepted_renderer = request.accepted_renderer
            response.accepted_media_type = request.accepted_media_type
            response.renderer_context = self.get_renderer_context()
            response.render()
            made = (response.content, response["Content-Type"], response["Content-Disposition"])
            self._made[key] = made
        content, content_type, disposition = made
        return HttpResponse(
            content, content_type=content_type, headers={"Content-Disposition": disposition}
        )


REF = re.compile(r"#/components/schemas/([^\"'/]+)")


def section(schema: dict, tag: str) -> dict:
    """The part of ``schema`` about the operations tagged ``tag``: those operations, and
    every component schema they use, directly or through another; the rest of the
    components (security schemes) as they are. A section the schema lacks is empty."""
    paths = {}
    for path, item in schema.get("paths", {}).items():
        kept = {
            method: operation
            for method, operation in item.items()
            if not isinstance(operation, dict) or tag in operation.get("tags", [tag])
        }
        if any(isinstance(operation, dict) and "tags" in operation for operation in kept.values()):
            paths[path] = kept
    components = schema.get("components", {})
    schemas = components.get("schemas", {})
    used: set[str] = set()
    waiting = set(REF.findall(repr(paths)))
    while waiting:
        name = waiting.pop()
        if name in used or name not in schemas:
            continue
        used.add(name)
        waiting |= set(REF.findall(repr(schemas[name]))) - used
    return {
        **schema,
        "paths": paths,
        "tags": [t for t in schema.get("tags", []) if t.get("name") == tag],
        "components": {**components, "schemas": {n: schemas[n] for n in sorted(used)}},
    }


def sections(schema: dict) -> list[str]:
    """The sections of the contract, as its operations are tagged, in their order."""
    found: dict[str, None] = {}
    for item in schema.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict):
                found.update(dict.fromkeys(operation.get("tags", [])))
    return list(found)


class DocsView(SpectacularSwaggerSplitView):
    """``/api/docs/``: Swagger UI over one section of the contract at a time (``?tag=``,
    first the tokens a plugin starts with), with the sections as links above it.

    The whole contract is about two megabytes, which Swagger UI takes seconds to read
    and draw; a section is a tenth to a half of it (``bench/docs.py``), and the whole one
    stays at ``/api/schema/`` and in ReDoc (``/api/redoc/``).
    """

    template_name = "api/docs.html"
    #: The section shown first: how a plugin gets its token.
    FIRST = "auth"
    _sections: ClassVar[list[str]] = []

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        if request.GET.get("script") is None:
            response.data["sections"] = self.sections()
            response.data["shown"] = self.shown(request)
        return response

    def shown(self, request) -> str:
        asked = request.GET.get("tag", "")
        return asked if asked in self.sections() else self.FIRST

    def _get_schema_url(self, request):
        return set_query_parameters(super()._get_schema_url(request), tag=self.shown(request))

    @classmethod
    def sections(cls) -> list[str]:
        if not cls._sections:
            cls._sections = sections(SchemaGenerator().get_schema(request=None, public=True))
        return cls._sections
