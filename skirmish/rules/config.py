"""The skirmish's configuration, its participants, and the state it starts from.

The campaign's ruleset data travels in the config: the die size, the
categories of action with their Finesse attributes (a Social attack rolls
Humor), the storyguide's standing choices for defensive rolls, and the Health
a successful attack costs. The participants come with the attributes the
skirmish may need, their Health and its maximum, and the side they fight on;
the storyguide can add more with ``add_participant``.

A participant may be one of the campaign's characters: ``prepare`` (the package's
cast calls it) fields it from the campaign's roster (name, attributes, Health), so
that the stored config alone sets the skirmish up and a replay never reads the campaign.

The state is plain JSON data so that the service can store it as a snapshot
and rebuild it by replaying the commands.
"""

from __future__ import annotations

from typing import Any

from core.errors import gettext_noop as _
from games.ruleset import Roster, RuleViolation, State, config_settings, within_bounds

from . import contract
from .defaults import DEFAULTS, GATHERING

#: What a participant entry may say; only ``key`` and ``name`` are required.
PARTICIPANT_FIELDS = ("key", "name", "character", "attributes", "health", "health_max", "side")
#: The config's settings, and a participant's fields, with their bounds.
PROPERTIES = contract.CONFIG["properties"]
PARTICIPANT = contract.PARTICIPANT_IN["properties"]


def build_state(config: dict) -> State:
    """Validate ``config`` and build the state before initiative (no dice rolled)."""
    settings = _read_settings(config)
    participants: dict[str, dict] = {}
    entries = config.get("participants", [])
    if not isinstance(entries, list):
        raise RuleViolation("invalid_config", _("The participants must be a list."))
    within_bounds("participants", entries, PROPERTIES["participants"])
    for entry in entries:
        key, participant = read_participant(entry, code="invalid_config")
        if key in participants:
            raise RuleViolation(
                "invalid_config", _("Two participants share the key %(key)s."), params={"key": key}
            )
        participants[key] = participant
    return {
        "settings": settings,
        "participants": participants,
        "phase": GATHERING,
        "initiator": None,
        "category": None,
        "initiative": {},
        "order": [],
        "round": 0,
        "turn": None,
        "yet_to_act": [],
        "delaying": [],
        "re_entering": [],
        "attack": None,
        "ending": None,
    }


def _read_settings(config: dict) -> dict:
    """The settings with their defaults, each within the bounds ``contract.CONFIG`` states
    (docs/rules/skirmish.md, "Bounds of the settings")."""
    settings = config_settings(
        config, DEFAULTS, besides=("categories", "participants"), schema=contract.CONFIG
    )
    if settings["defence_attribute"] is not None and not is_name(settings["defence_attribute"]):
        raise RuleViolation("invalid_config", _("The defence attribute must be an attribute."))
    categories = config.get("categories")
    within_bounds("categories", categories, PROPERTIES["categories"])
    if (
        not isinstance(categories, dict)
        or not categories
        or not all(is_name(c) and is_name(a) for c, a in categories.items())
    ):
        raise RuleViolation(
            "invalid_config",
            _("The categories must map each category of action to its Finesse attribute."),
        )
    for category, attribute in categories.items():
        within_bounds("categories", category, contract.ATTRIBUTE)
        within_bounds(f"categories: {category}", attribute, contract.ATTRIBUTE)
    settings["categories"] = dict(categories)
    return settings


def read_participant(entry: Any, *, code: str) -> tuple[str, dict]:
    """Validate one participant; ``code`` is the error code to raise (config or command)."""
    if not isinstance(entry, dict):
        raise RuleViolation(code, _("A participant must be an object."))
    unknown = sorted(set(entry) - set(PARTICIPANT_FIELDS))
    if unknown:
        raise RuleViolation(
            code,
            _("A participant has no field %(fields)s."),
            params={"fields": ", ".join(unknown)},
        )
    key, name = entry.get("key"), entry.get("name")
    if not is_name(key) or not is_name(name):
        raise RuleViolation(code, _("A participant needs a key and a name."))
    within_bounds("key", key, PARTICIPANT["key"], code=code)
    within_bounds("name", name, PARTICIPANT["name"], code=code)
    attributes = entry.get("attributes", {})
    within_bounds(f"{name}: attributes", attributes, PARTICIPANT["attributes"], code=code)
    if not isinstance(attributes, dict) or not all(
        is_name(a) and is_whole_number(v) for a, v in attributes.items()
    ):
        raise RuleViolation(
            code,
            _("%(name)s's attributes must map names to whole numbers."),
            params={"name": name},
        )
    value_bounds = PARTICIPANT["attributes"]["additionalProperties"]
    for attribute, value in attributes.items():
        within_bounds(f"{name}: attributes", attribute, contract.ATTRIBUTE, code=code)
        within_bounds(f"{name}: {attribute}", value, value_bounds, code=code)
    character, side = entry.get("character"), entry.get("side")
    if character is not None and not is_whole_number(character):
        raise RuleViolation(
            code, _("%(name)s's character must be a character or none."), params={"name": name}
        )
    within_bounds(f"{name}: character", character, PARTICIPANT["character"], code=code)
    if side is not None and not is_name(side):
        raise RuleViolation(code, _("%(name)s's side must be a name."), params={"name": name})
    within_bounds(f"{name}: side", side, PARTICIPANT["side"], code=code)
    health, health_max = _read_health(entry, name, code=code)
    within_bounds(f"{name}: health", health, PARTICIPANT["health"], code=code)
    within_bounds(f"{name}: health_max", health_max, PARTICIPANT["health_max"], code=code)
    return key, {
        "name": name,
        "character": character,
        "attributes": dict(attributes),
        "health": health,
        "health_max": health_max,
        "side": side,
    }


def _read_health(entry: dict, name: str, *, code: str) -> tuple[int | None, int | None]:
    """Health and its maximum: both whole numbers with 0 <= Health <= maximum, or both
    untracked (``None``). A maximum left out is the Health the participant starts with."""
    health, health_max = entry.get("health"), entry.get("health_max")
    if health is None and health_max is not None:
        health = health_max
    if health_max is None:
        health_max = health
    if health is None:
        return None, None
    if not (is_whole_number(health) and is_whole_number(health_max) and 0 <= health <= health_max):
        raise RuleViolation(
            code,
            _("%(name)s's Health must be a whole number between 0 and its maximum."),
            params={"name": name},
        )
    return health, health_max


def prepare(config: Any, roster: Roster) -> Any:
    """The config with every participant complete: characters fielded, keys given.

    A participant that names a ``character`` and no ``name`` takes the
    character's name, attributes, Health and maximum from the campaign's
    ``roster``; one without a ``key`` gets the next free ``p01``, ``p02``, ...
    Anything else is left for ``setup`` to judge.
    """
    if not isinstance(config, dict) or not isinstance(config.get("participants"), list):
        return config
    entries = config["participants"]
    keys = {entry.get("key") for entry in entries if isinstance(entry, dict)}
    fielded = [e.get("character") for e in entries if isinstance(e, dict) and "name" not in e]
    twice = sorted({str(c) for c in fielded if c is not None and fielded.count(c) > 1})
    if twice:
        raise RuleViolation(
            "invalid_config",
            _("Character %(characters)s takes part more than once."),
            params={"characters": ", ".join(twice)},
        )
    participants = []
    for entry in entries:
        if isinstance(entry, dict):
            entry = field_character(entry, roster)
            if "key" not in entry:
                entry = {"key": next_key(keys), **entry}
                keys.add(entry["key"])
        participants.append(entry)
    return {**config, "participants": participants}


def field_character(entry: dict, roster: Roster) -> dict:
    """A participant naming a campaign ``character`` (and no ``name``), fielded from the
    roster: its sheet's attributes, its Health and maximum; other fields kept."""
    character = entry.get("character")
    if character is None or "name" in entry:
        return entry
    sheet = roster.get(character) if is_whole_number(character) else None
    if sheet is None:
        raise RuleViolation(
            "invalid_config",
            _("The campaign has no character %(character)s."),
            params={"character": character},
        )
    return {
        **entry,
        "name": sheet["name"],
        "attributes": dict(sheet["attributes"]),
        "health": sheet["health"],
        "health_max": sheet["health_max"],
    }


def next_key(taken) -> str:
    """The first of ``p01``, ``p02``, ... not in ``taken``."""
    number = 1
    while f"p{number:02d}" in taken:
        number += 1
    return f"p{number:02d}"


def names(state: State, *keys: str) -> dict:
    """``{"names": {key: name}}`` for ``keys``, or for every participant if none are given:
    events carry the names they mention, so a line is written from the event alone."""
    participants = state["participants"]
    return {"names": {key: participants[key]["name"] for key in keys or participants}}


def is_whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def is_participant(state: State, key: Any) -> bool:
    return isinstance(key, str) and key in state["participants"]
