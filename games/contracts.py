"""The words every game's contract is written in: JSON Schemas (OpenAPI 3.0 flavour) of
the shapes a client meets, its commands, its state, its events and its result.

A game's ``rules/contract.py`` states its shapes with these few helpers, and with helpers
of its own only for its own words (a deck's layout, a roll), so that every game's contract
reads alike and means the same by "an object": exactly the properties listed (unless said
open), each required unless said optional (OpenAPI 3.0 wants no empty ``required`` list,
and a client's generated type then has no open-ended extra).
A command is told apart by its ``action``, an event by its ``type``; the platform puts
them in the OpenAPI contract as discriminated unions (:mod:`games.schema`) and checks
every submission against its command's shape before the rules see it
(:mod:`games.validation`).

Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


def shape(
    properties: dict,
    *,
    optional: Iterable[str] = (),
    description: str = "",
    nullable: bool = False,
    closed: bool = True,
    **more,
) -> dict:
    """An object with exactly ``properties``, all of them required but the ``optional``
    ones; ``more`` adds schema keywords (``title``, ``minProperties``...). An object not
    ``closed`` has these properties at least, others allowed."""
    optional = set(optional)
    schema: dict = {"type": "object", "properties": properties}
    if closed:
        schema["additionalProperties"] = False
    required = [name for name in properties if name not in optional]
    if required:
        schema["required"] = required
    if description:
        schema["description"] = description
    if nullable:
        schema["nullable"] = True
    return {**schema, **more}


def nullable(schema: dict, description: str = "") -> dict:
    """``schema`` or null (an enum lists null too, as OpenAPI 3.0 validators want)."""
    listed = {"enum": [*schema["enum"], None]} if "enum" in schema else {}
    said = {"description": description} if description else {}
    return {**schema, "nullable": True, **listed, **said}


def titled(schema: dict, title: str) -> dict:
    """``schema`` with the ``title`` a form shows for it."""
    return {**schema, "title": title}


def listed(items: dict, description: str = "", **more) -> dict:
    """A list of ``items``; ``more`` bounds it (``maxItems``...)."""
    schema = {"type": "array", "items": items, **more}
    return {**schema, "description": description} if description else schema


def command(
    action: str, description: str = "", /, *, optional: Iterable[str] = (), **fields
) -> dict:
    """The command ``action`` with its ``fields`` (every one required but ``optional``;
    any name but ``optional`` may be a field's, ``kind`` and ``description`` too)."""
    return shape(
        {"action": {"type": "string", "enum": [action]}, **fields},
        optional=optional,
        description=description,
    )


def event(kind: str, description: str = "", /, *, optional: Iterable[str] = (), **fields) -> dict:
    """The event of type ``kind`` with its ``fields`` (every one required but ``optional``)."""
    return shape(
        {"type": {"type": "string", "enum": [kind]}, **fields},
        optional=optional,
        description=description,
    )


def command_union(commands: dict[str, dict]) -> dict:
    """One command of any of these actions: their schemas, told apart by ``action``
    (an OpenAPI discriminator, so that a generated client picks the right type)."""
    return {"oneOf": list(commands.values()), "discriminator": {"propertyName": "action"}}


#: One command of a game that names no shapes: any object with its action.
ANY_COMMAND = {
    "type": "object",
    "required": ["action"],
    "properties": {"action": {"type": "string"}},
}


@dataclass(frozen=True, eq=False)
class Contract:
    """Every shape a client of a game meets, as the game's rules hold them
    (``Manifest.contract``): the platform serves them in ``/api/rulesets/`` and the OpenAPI
    contract (:mod:`games.schema`), checks every command against them
    (:mod:`games.validation`), and the conformance suite holds real play to them. The
    defaults are loose: a game that names no shapes takes any object."""

    #: ``config`` as a client sends it (before ``Cast.prepare``).
    config: dict = field(default_factory=lambda: {"type": "object"})
    #: Action -> one command of that action; the game's command is their union.
    commands: dict[str, dict] = field(default_factory=dict)
    #: The state as ``Ruleset.view`` gives it to any actor.
    state: dict = field(default_factory=lambda: {"type": "object"})
    #: Event type -> one event of that ``type`` in ``Outcome.events``.
    events: dict[str, dict] = field(default_factory=dict)
    #: ``Ruleset.result`` once the game is over.
    result: dict = field(default_factory=lambda: {"type": "object"})
    #: A config that sets up a playable game: API examples, the conformance suite.
    example: dict = field(default_factory=dict)

    @property
    def command(self) -> dict:
        """One command of the game: the union of its actions', or any with an action."""
        return command_union(self.commands) if self.commands else ANY_COMMAND
