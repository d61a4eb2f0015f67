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
