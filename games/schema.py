"""The OpenAPI contract names every ruleset's config and command shapes.

A drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS``): each
registered ruleset's ``config_schema`` and ``command_schema`` become components
(``ChatQuidditchConfig``, ``ChatQuidditchCommand``, ...), and the generic
``config`` of a new game and ``command`` of a submission are documented as one
of them, so a client generated from the contract knows every game's shapes.
"""

from __future__ import annotations

from games.ruleset import find_ruleset, ruleset_names


def _created_by_clients(rules) -> bool:
    return rules.kind == "match"


def _played_by_commands(rules) -> bool:
    return rules.played_by_commands


#: Request component -> (its field, the shape's suffix, which rulesets it takes).
REQUEST_FIELDS = {
    "GameCreateRequest": ("config", "Config", _created_by_clients),
    "SubmissionRequest": ("command", "Command", _played_by_commands),
}


def component_name(ruleset: str, suffix: str) -> str:
    return "".join(part.capitalize() for part in ruleset.split("-")) + suffix


def add_ruleset_shapes(result, generator, request, public):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name in ruleset_names():
        rules = find_ruleset(name)
        schemas[component_name(name, "Config")] = {
            **rules.config_schema,
            "description": f"The config of a {rules.title} game.",
            "example": rules.example_config,
        }
        schemas[component_name(name, "Command")] = {
            **rules.command_schema,
            "description": f"A command of a {rules.title} game.",
        }
    for component, (field, suffix, takes) in REQUEST_FIELDS.items():
        described = schemas.get(component, {}).get("properties", {}).get(field)
        if described is None:
            continue
        described.pop("additionalProperties", None)
        described.pop("type", None)
        described["oneOf"] = [
            {"$ref": f"#/components/schemas/{component_name(name, suffix)}"}
            for name in ruleset_names()
            if takes(find_ruleset(name))
        ]
    return result
