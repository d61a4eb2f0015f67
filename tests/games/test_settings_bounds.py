"""Every setting of every game has bounds, written in its config schema (issue 37 §3:
"Every setting of every ruleset has bounds a real table would use (documented in its
schema)").

The schemas are walked, not listed: a setting a game adds without a bound fails here. In
the config schema of every ruleset of the games of ``settings.GAMES``, at any depth (the
properties, a list's items, an open object's values, each choice of a ``oneOf``):

- every integer and number has a ``minimum`` and a ``maximum``;
- every list has a ``maxItems``;
- every text that is not one of a list of words (``enum``) has a ``maxLength``;
- every object open to keys of its own (``additionalProperties`` left out, ``true`` or a
  schema of its values) has a ``maxProperties``.

How a game holds a config to those bounds, and the bounds of each, are the games' own
tests (``tests/<game>/.../test_bounds.py``) and docs ("Bounds of the settings").
"""

from __future__ import annotations

import pytest
from django.conf import settings

from games.manifest import manifest_of
from games.ruleset import package_of, ruleset_names

GAMES = [name for name in ruleset_names() if package_of(name) in settings.GAMES]


def unbounded(schema: object, path: str = "config") -> list[str]:
    """Where ``schema`` leaves a value without a bound: ``path: what is missing``."""
    if not isinstance(schema, dict):
        return []
    found = []
    kind = schema.get("type")
    if kind in ("integer", "number"):
        found += [f"{path}: {bound}" for bound in ("minimum", "maximum") if bound not in schema]
    elif kind == "string" and "enum" not in schema and "maxLength" not in schema:
        found.append(f"{path}: maxLength")
    elif kind == "array":
        if "maxItems" not in schema:
            found.append(f"{path}: maxItems")
        found += unbounded(schema.get("items"), f"{path}[]")
    elif kind == "object":
        for name, value in schema.get("properties", {}).items():
            found += unbounded(value, f"{path}.{name}")
        extra = schema.get("additionalProperties", True)
        if extra is not False and "maxProperties" not in schema:
            found.append(f"{path}: maxProperties")
        found += unbounded(extra, f"{path}.*")
    for choice in ("oneOf", "anyOf", "allOf"):
        for index, option in enumerate(schema.get(choice, [])):
            found += unbounded(option, f"{path}<{choice} {index}>")
    return found


def test_the_games_are_every_game_of_the_settings():
    assert {package_of(name) for name in GAMES} == set(settings.GAMES)
    assert sorted(GAMES) == [
        "card-quidditch",
        "chat-quidditch",
        "dice-quidditch",
        "rpg-quidditch",
        "skirmish",
        "tabletop-quidditch",
    ]


@pytest.mark.parametrize("name", GAMES)
def test_every_setting_of_the_config_schema_has_bounds(name):
    """Issue 37 §3: no integer without a maximum (400,000 copies of a card; a snitch to be
    caught at 10**12 points), no list, text or open object without a length."""
    assert unbounded(manifest_of(name).contract.config) == []


def test_the_walk_finds_a_setting_without_bounds():
    """The walk itself: a schema with one unbounded value of each kind names each one."""
    schema = {
        "type": "object",
        "properties": {
            "copies": {"type": "integer", "minimum": 0},
            "seconds": {"type": "number", "maximum": 9},
            "name": {"type": "string"},
            "side": {"type": "string", "enum": ["home", "away"]},
            "players": {"type": "array", "items": {"type": "string", "maxLength": 9}},
            "deck": {"oneOf": [{"type": "object", "additionalProperties": {"type": "integer"}}]},
        },
        "additionalProperties": False,
    }
    assert unbounded(schema) == [
        "config.copies: maximum",
        "config.seconds: minimum",
        "config.name: maxLength",
        "config.players: maxItems",
        "config.deck<oneOf 0>: maxProperties",
        "config.deck<oneOf 0>.*: minimum",
        "config.deck<oneOf 0>.*: maximum",
    ]
