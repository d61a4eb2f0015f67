"""The skirmish's configuration and the state it starts from.

The campaign's ruleset data travels in the config: the die size, the
categories of action with their Finesse attributes (a Social attack rolls
Humor), and the storyguide's standing choices for defensive rolls. The
participants come with the attributes the skirmish may need; the storyguide
can add more with ``add_participant``.

The state is plain JSON data so that the service can store it as a snapshot
and rebuild it by replaying the commands.
"""

from __future__ import annotations

from typing import Any

from games.ruleset import RuleViolation, State

GATHERING = "gathering"
ROUNDS = "rounds"
ENDED = "ended"

DEFAULTS = {
    "die_size": 20,
    "defended_difficulty_base": 10,
    "defence_attribute": None,
    "max_interveners": None,
}


def build_state(config: dict) -> State:
    """Validate ``config`` and build the state before initiative (no dice rolled)."""
    if not isinstance(config, dict):
        raise RuleViolation("invalid_config", "The config must be an object.")
    settings = _read_settings(config)
    participants: dict[str, dict] = {}
    entries = config.get("participants", [])
    if not isinstance(entries, list):
        raise RuleViolation("invalid_config", "participants must be a list.")
    for entry in entries:
        key, participant = read_participant(entry, code="invalid_config")
        if key in participants:
            raise RuleViolation("invalid_config", f"Two participants share the key {key}.")
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
    }


def _read_settings(config: dict) -> dict:
    settings = {name: config.get(name, default) for name, default in DEFAULTS.items()}
    if not is_whole_number(settings["die_size"]) or settings["die_size"] < 2:
        raise RuleViolation("invalid_config", "die_size must be a whole number of at least 2.")
    if not is_whole_number(settings["defended_difficulty_base"]):
        raise RuleViolation("invalid_config", "defended_difficulty_base must be a whole number.")
    if settings["defence_attribute"] is not None and not is_name(settings["defence_attribute"]):
        raise RuleViolation("invalid_config", "defence_attribute must be an attribute name.")
    limit = settings["max_interveners"]
    if limit is not None and (not is_whole_number(limit) or limit < 0):
        raise RuleViolation("invalid_config", "max_interveners must be null or at least 0.")
    categories = config.get("categories")
    if (
        not isinstance(categories, dict)
        or not categories
        or not all(is_name(c) and is_name(a) for c, a in categories.items())
    ):
        raise RuleViolation(
            "invalid_config",
            "categories must map each category of action to its Finesse attribute's name.",
        )
    settings["categories"] = dict(categories)
    return settings


def read_participant(entry: Any, *, code: str) -> tuple[str, dict]:
    """Validate one participant; ``code`` is the error code to raise (config or command)."""
    if not isinstance(entry, dict):
        raise RuleViolation(code, "A participant must be an object.")
    key, name = entry.get("key"), entry.get("name")
    if not is_name(key) or not is_name(name):
        raise RuleViolation(code, "A participant needs a key and a name.")
    attributes = entry.get("attributes", {})
    if not isinstance(attributes, dict) or not all(
        is_name(a) and is_whole_number(v) for a, v in attributes.items()
    ):
        raise RuleViolation(code, f"{name}'s attributes must map names to whole numbers.")
    character, health = entry.get("character"), entry.get("health")
    if character is not None and not is_whole_number(character):
        raise RuleViolation(code, f"{name}'s character must be a character id or null.")
    if health is not None and not is_whole_number(health):
        raise RuleViolation(code, f"{name}'s health must be a whole number or null.")
    return key, {
        "name": name,
        "character": character,
        "attributes": dict(attributes),
        "health": health,
    }


def is_whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def is_participant(state: State, key: Any) -> bool:
    return isinstance(key, str) and key in state["participants"]
