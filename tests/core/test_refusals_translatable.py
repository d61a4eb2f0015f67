"""Issue 41: every refusal is translatable. A refusal's message is a template marked for
the catalogues (``gettext_noop("… %(name)s …")``) with its values as ``params``, so that
``core.responses`` answers it in the reader's language; a message built in code (an
f-string, ``%`` or ``.format`` on the message) reaches German and French readers in
English.

Read from the source (every module of the service, not the tests): each raise of one of
``core.errors``' family names its message as a literal, a name, or a call of ``_``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

from core import errors
from tests.games.test_translations import po_entries

ROOT = Path(settings.BASE_DIR)
APPS = ("core", "games", "campaign", "league", "webhooks", "pages", "discord_bridge")
PACKAGES = sorted({*APPS, *(game.split(".")[0] for game in settings.GAMES)})
#: The family's classes, by name, and where each takes its message.
FAMILY = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.AppError)
}
#: Module outside the service proper: the platform's test ruleset (``games.testing``).
NOT_SERVED = {"games/testing.py"}


def message_of(call: ast.Call) -> ast.expr | None:
    """The message argument of a raise of the family: ``RuleViolation(code, message)``,
    ``Invalid.field(name, message)``, else the first argument (or ``detail=``)."""
    func = call.func
    second = (isinstance(func, ast.Name) and func.id == "RuleViolation") or (
        isinstance(func, ast.Attribute) and func.attr == "field"
    )
    keyword = next((k.value for k in call.keywords if k.arg in ("detail", "message")), None)
    index = 1 if second else 0
    return call.args[index] if len(call.args) > index else keyword


def built_in_code(node: ast.expr) -> bool:
    """Whether ``node`` makes the message in code: an f-string, ``%`` or ``+`` on text, or
    a ``.format`` call."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    )


def raised_family(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in FAMILY
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "field"
        and isinstance(func.value, ast.Name)
        and func.value.id in FAMILY
    )


def refusals() -> list[tuple[str, ast.expr]]:
    """Every raise of the family in the service's modules, as ``file:line`` and its
    message (read once per test session)."""
    found = []
    for package in PACKAGES:
        for source in sorted((ROOT / package).rglob("*.py")):
            where = str(source.relative_to(ROOT))
            if "migrations" in source.parts or where in NOT_SERVED:
                continue
            for node in ast.walk(ast.parse(source.read_text())):
                if isinstance(node, ast.Call) and raised_family(node):
                    message = message_of(node)
                    if message is not None:
                        found.append((f"{where}:{node.lineno}", message))
    return found


def catalogued() -> set[str]:
    """Every message the service's catalogues hold (any app's: Django merges them)."""
    found: set[str] = set()
    for po in ROOT.glob("*/**/locale/de/LC_MESSAGES/django.po"):
        if ".venv" in po.parts or "tests" in po.parts:
            continue
        found |= {msgid for _, msgid in po_entries(po)}
    return found


RAISED = refusals()


def test_the_check_finds_a_refusal_built_in_code():
    sample = ast.parse('RuleViolation("x", f"{name} is out", "§1")').body[0].value
    assert raised_family(sample) and built_in_code(message_of(sample))
    sample = ast.parse('Invalid.field("a", _("%(a)s is out"), params={"a": a})').body[0].value
    assert raised_family(sample) and not built_in_code(message_of(sample))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_refusal_is_a_template_for_the_catalogues(package):
    built = [where for where, message in RAISED if built_in_code(message)]
    assert [where for where in built if where.startswith(package)] == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_refusal_s_message_is_in_a_catalogue(package):
    """A literal message is translated only if a catalogue holds it: marked with ``_``
    where it is written (or where the same words are)."""
    known = catalogued()
    literal = [
        where
        for where, message in RAISED
        if isinstance(message, ast.Constant) and message.value not in known
    ]
    assert [where for where in literal if where.startswith(package)] == []
