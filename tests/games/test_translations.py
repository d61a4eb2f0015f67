"""Every text a package marks for translation is translated and compiled (issue 18: "rule
texts are translated with gettext catalogues, not strings in code").

For each package with a ``locale/`` folder: every ``_("…")`` in its modules is
a key of each language's ``django.po``, every key there has a translation, and
the compiled ``django.mo`` says the same as the ``.po`` (run ``./dev messages``
after changing either).
"""

import ast
import gettext
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    po
    for po in ROOT.glob("*/**/locale/*/LC_MESSAGES/django.po")
    if ".venv" not in po.parts and "tests" not in po.parts
)


def marked_texts(package: Path) -> set[str]:
    """The first argument of every call to ``_`` in the package's modules."""
    found = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def po_entries(po: Path) -> dict[str, str]:
    """msgid -> msgstr of a .po file (strings joined across lines, escapes read)."""
    entries, key, current = {}, None, {}
    for line in [*po.read_text().splitlines(), ""]:
        if line.startswith(("msgid ", "msgstr ")):
            key, _, rest = line.partition(" ")
            current[key] = ast.literal_eval(rest)
        elif line.startswith('"') and key:
            current[key] += ast.literal_eval(line)
        elif not line.strip() and current:
            if current.get("msgid"):
                entries[current["msgid"]] = current.get("msgstr", "")
            key, current = None, {}
    return entries


def test_there_are_catalogues():
    assert {po.parts[-5] for po in CATALOGUES} >= {"chat", "dice"}


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda po: str(po.relative_to(ROOT)))
def test_every_marked_text_is_translated_and_compiled(po):
    package = po.parents[3]
    entries = po_entries(po)
    assert marked_texts(package) - set(entries) == set(), "run ./dev messages"
    assert [key for key, text in entries.items() if not text] == [], "untranslated"
    compiled = gettext.GNUTranslations(po.with_suffix(".mo").open("rb"))
    stale = [key for key, text in entries.items() if compiled.gettext(key) != text]
    assert stale == [], "the .mo is older than the .po: run ./dev messages"
