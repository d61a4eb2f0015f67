"""A command is checked against its game's contract before the rules see it (issue 41).

A game's contract (``rules/contract.py``, written with :mod:`games.contracts`) states
each command's shape, and the OpenAPI contract gives the same shapes to plugins. The
platform holds every submitted command to that shape here, so that ``apply`` keeps only
the rules' own checks: a command of the wrong shape (a field missing, a word where a
number belongs, a target that is none of the choices, a field the command has not) is
refused with 400 naming the field, in the reader's language, and never reaches the
rules; a command of the right shape that the rules do not allow now is the rules'
refusal (422, with the section it breaks).

The shapes are OpenAPI 3.0 schemas (``nullable``), so they are read by
``openapi-schema-validator``, the JSON Schema validator for that dialect, as a request
is read (``OAS30WriteValidator``). A ruleset that declares no command shapes (the
defaults) is not checked.
"""

from __future__ import annotations

from jsonschema.exceptions import ValidationError, best_match
from openapi_schema_validator import OAS30WriteValidator

from core.errors import Invalid
from core.errors import gettext_noop as _
from games.manifest import manifest_for
from games.ruleset import Command, Ruleset

_validators: dict[int, tuple[dict, OAS30WriteValidator]] = {}


def check_command(rules: Ruleset, command: Command) -> None:
    """Refuse ``command`` with 400 unless it has the shape ``rules``' contract states for
    its action."""
    commands = manifest_for(rules).contract.commands
    if not commands:
        return
    action = command.get("action")
    if not isinstance(action, str) or action not in commands:
        raise _refusal("action", NOT_AN_ACTION, "unknown_action")
    error = best_match(_validator(commands[action]).iter_errors(command))
    if error is not None:
        raise _refusal(*_what_is_wrong(error))


def _validator(schema: dict) -> OAS30WriteValidator:
    """The validator of ``schema``, made once for each schema (they are the contracts'
    constants)."""
    kept = _validators.get(id(schema))
    if kept is None or kept[0] is not schema:
        kept = _validators[id(schema)] = (schema, OAS30WriteValidator(schema))
    return kept[1]


NOT_AN_ACTION = _("“action” does not name a command of this game.")
MISSING = _("The command lacks its field “%(field)s”.")
NOT_A_FIELD = _("The command has no field “%(field)s”.")
NOT_A_CHOICE = _("“%(field)s” is not one of the values this command takes there.")
BOUNDS = {
    "minimum": _("“%(field)s” is at least %(bound)s."),
    "maximum": _("“%(field)s” is at most %(bound)s."),
    "minLength": _("“%(field)s” has at least %(bound)s characters."),
    "maxLength": _("“%(field)s” has at most %(bound)s characters."),
    "minItems": _("“%(field)s” lists at least %(bound)s."),
    "maxItems": _("“%(field)s” lists at most %(bound)s."),
}
NO_FORM = _("“%(field)s” has none of the forms this command takes there.")
WRONG = _("“%(field)s” is not what this command takes there.")
OF_TYPE = {
    "integer": _("“%(field)s” should be a whole number."),
    "number": _("“%(field)s” should be a number."),
    "string": _("“%(field)s” should be text."),
    "boolean": _("“%(field)s” should be true or false."),
    "array": _("“%(field)s” should be a list."),
    "object": _("“%(field)s” should be an object of named fields."),
}


def _what_is_wrong(error: ValidationError) -> tuple[str, str, str, dict]:
    """The field at fault (a dotted path in the command: ``changes.0.to``), the message
    that says what is wrong with it, the refusal's code, and the message's bound if it
    names one."""
    at = [str(step) for step in error.absolute_path]
    if error.validator == "required":
        missing = [name for name in error.validator_value if name not in error.instance]
        return ".".join([*at, missing[0]]), MISSING, "missing_field", {}
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return ".".join([*at, extra[0]]), NOT_A_FIELD, "unknown_field", {}
    field = ".".join(at) or "command"
    if error.validator == "type" and error.validator_value in OF_TYPE:
        return field, OF_TYPE[error.validator_value], "wrong_type", {}
    if error.validator == "enum":
        return field, NOT_A_CHOICE, "not_a_choice", {}
    if error.validator in BOUNDS:
        return field, BOUNDS[error.validator], "out_of_bounds", {"bound": error.validator_value}
    if error.validator in ("oneOf", "anyOf"):
        return field, NO_FORM, "no_such_form", {}
    return field, WRONG, "invalid_field", {}


def _refusal(field: str, message: str, code: str, bound: dict | None = None) -> Invalid:
    """The 400: the field named as ``command.<field>`` among the errors, and in words."""
    return Invalid(
        message,
        code=code,
        errors={f"command.{field}": [message]},
        params={"field": field, **(bound or {})},
    )
