"""Issue 41: a command is held to its game's contract before the rules see it.

For every served ruleset with command shapes, generated from the registry (a new game is
checked with no line here): a command lacking a required field, one with a field of the
wrong type, one with a field its action has not, and one whose action the game has not
are each refused with 400, naming the field (``command.<field>``), in German, English
and French; the rules' ``apply`` is never called and the game does not move.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.manifest import manifest_for, manifest_of
from games.models import Game
from games.ruleset import find_ruleset, ruleset_names
from games.services import game_create

pytestmark = pytest.mark.django_db

#: The rulesets played by commands with shapes in their contracts (toys that declare none
#: aside, and the table log, written by its checks, not commands).
SHAPED = [
    name
    for name in ruleset_names()
    if manifest_of(name).contract.commands and manifest_of(name).played_by_commands
]
COLLECTION = {"match": "matches", "skirmish": "skirmishes"}
#: "The command lacks its field “…”." in each language.
LACKS = {"en": "The command lacks its field", "de": "Dem Befehl fehlt", "fr": "Il manque"}
NOT_THERE = {"en": "“action” does not name", "de": "„action“", "fr": "« action »"}


def example(schema: dict):
    """A value ``schema`` takes: its first choice, its least number, a list as short as it
    may be, an object with its required fields (the first form of several)."""
    if "enum" in schema:
        return schema["enum"][0]
    if "oneOf" in schema or "anyOf" in schema:
        return example((schema.get("oneOf") or schema["anyOf"])[0])
    kind = schema.get("type")
    if kind == "object":
        properties = schema.get("properties", {})
        return {name: example(properties[name]) for name in schema.get("required", [])}
    if kind == "array":
        return [example(schema.get("items", {}))] * schema.get("minItems", 0)
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return True
    return "x" * schema.get("minLength", 1)


def a_command(rules) -> tuple[dict, str, dict]:
    """A command of the contract's shape for an action with a required field besides the
    action, that field's name and its schema: each test breaks the command in one way."""
    schema = next(
        schema
        for schema in manifest_for(rules).contract.commands.values()
        if set(schema.get("required", [])) - {"action"}
    )
    field = next(name for name in schema["required"] if name != "action")
    return example(schema), field, schema["properties"][field]


def wrong_type(field: dict):
    """A value the field's schema does not take: a number where text or a choice belongs,
    text where anything else does."""
    return 12 if field.get("type") == "string" or "enum" in field else "twelve"


@pytest.fixture
def never_applied(monkeypatch):
    """Every ruleset's ``apply`` fails the test if called."""

    def apply(*args, **kwargs):
        raise AssertionError("a malformed command reached the rules")

    for name in SHAPED:
        monkeypatch.setattr(type(find_ruleset(name)), "apply", apply)


def started(table, name: str) -> Game:
    manifest = manifest_of(name)
    example = manifest.contract.example
    seats = {seat: table.player.pk for seat in manifest.rules.seats(manifest.rules.setup(example))}
    return game_create(
        campaign=table.campaign,
        ruleset=name,
        config=example,
        created_by=table.storyguide,
        now=timezone.now(),
        seats=seats,
    )


def refused(table, game: Game, command: dict, language: str = "en") -> dict:
    url = f"/api/{COLLECTION[manifest_of(game.ruleset).kind]}/{game.pk}/commands/"
    answer = table.client(table.storyguide).post(
        url, {"command": command}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert answer.status_code == 400, answer.json()
    assert Game.objects.get(pk=game.pk).version == game.version, "the game did not move"
    return answer.json()


@pytest.mark.parametrize("name", SHAPED)
@pytest.mark.parametrize("language", ["de", "en", "fr"])
def test_a_command_lacking_a_required_field_is_refused_naming_it(
    table, never_applied, name, language
):
    game = started(table, name)
    command, field, _ = a_command(find_ruleset(name))
    del command[field]
    body = refused(table, game, command, language)
    assert body["code"] == "missing_field"
    assert body["errors"] == {f"command.{field}": [body["detail"]]}
    assert body["detail"].startswith(LACKS[language]) and field in body["detail"], body


@pytest.mark.parametrize("name", SHAPED)
def test_a_field_of_the_wrong_type_is_refused_naming_it(table, never_applied, name):
    game = started(table, name)
    command, field, schema = a_command(find_ruleset(name))
    command[field] = wrong_type(schema)
    body = refused(table, game, command)
    assert list(body["errors"]) == [f"command.{field}"], body
    assert body["code"] in ("wrong_type", "not_a_choice", "no_such_form"), body


@pytest.mark.parametrize("name", SHAPED)
def test_a_field_the_command_has_not_and_an_action_the_game_has_not_are_refused(
    table, never_applied, name
):
    game = started(table, name)
    command, _, _ = a_command(find_ruleset(name))
    body = refused(table, game, {**command, "with_a_wand": True})
    assert body == {
        "code": "unknown_field",
        "detail": "The command has no field “with_a_wand”.",
        "errors": {"command.with_a_wand": ["The command has no field “with_a_wand”."]},
    }
    for language in ("de", "en", "fr"):
        body = refused(table, game, {"action": "apparate"}, language)
        assert body["code"] == "unknown_action" and list(body["errors"]) == ["command.action"]
        assert body["detail"].startswith(NOT_THERE[language]), body["detail"]
