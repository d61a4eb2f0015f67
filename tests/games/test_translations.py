"""Every text a package marks for translation is translated and compiled (issue 18: "rule
texts are translated with gettext catalogues, not strings in code"; issue 29: "German,
English and French for every game's narration, commands, refusals and the pages' own text").

For each package with a ``locale/`` folder: every ``_("…")`` in its modules and every
``{% translate "…" %}`` or ``{% blocktranslate %}…{% endblocktranslate %}`` in its
templates is a key of each language's ``django.po``, every key there has a
translation (each plural form too), and the compiled ``django.mo`` says the same
as the ``.po`` (run ``./dev messages`` after changing either). Every language the
site offers but English (the source) has a catalogue in every such package.
"""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    po
    for po in ROOT.glob("*/**/locale/*/LC_MESSAGES/django.po")
    if ".venv" not in po.parts and "tests" not in po.parts
)
TRANSLATE = re.compile(r"""{%\s*translate\s+(["'])(.*?)\1""")
BLOCK = re.compile(
    r"{%\s*blocktranslate\b[^%]*%}(.*?)(?:{%\s*plural\s*%}.*?)?{%\s*endblocktranslate\s*%}", re.S
)
VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")


def marked_texts(package: Path) -> set[str]:
    """The first argument of every call to ``_`` in the package's modules, and every
    text its templates translate (a block's ``{{ name }}`` reads ``%(name)s``)."""
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
    for template in package.rglob("templates/**/*.html"):
        text = template.read_text()
        found.update(match.group(2) for match in TRANSLATE.finditer(text))
        found.update(VARIABLE.sub(r"%(\1)s", match.group(1)) for match in BLOCK.finditer(text))
    return found


def po_entries(po: Path) -> dict[tuple[str | None, str], list[str]]:
    """(msgctxt or None, msgid) -> its msgstr (or each plural form's) of a .po file,
    strings joined across lines, escapes read."""
    entries, key, current = {}, None, {}
    for line in [*po.read_text().splitlines(), ""]:
        if line.startswith(("msgctxt ", "msgid ", "msgid_plural ", "msgstr ", "msgstr[")):
            key, _, rest = line.partition(" ")
            current[key] = ast.literal_eval(rest)
        elif line.startswith('"') and key:
            current[key] += ast.literal_eval(line)
        elif not line.strip() and current:
            if current.get("msgid"):
                entries[current.get("msgctxt"), current["msgid"]] = [
                    text for name, text in current.items() if name.startswith("msgstr")
                ]
            key, current = None, {}
    return entries


def test_there_are_catalogues():
    assert {po.parts[-5] for po in CATALOGUES} >= {"chat", "dice", "games", "core"}


@pytest.mark.parametrize(
    "package", sorted({po.parents[3] for po in CATALOGUES}), ids=lambda p: p.name
)
def test_every_package_with_catalogues_has_one_for_each_language_of_the_site(package):
    languages = {code for code, _ in settings.LANGUAGES} - {"en"}
    assert {path.name for path in (package / "locale").iterdir()} >= languages


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda po: str(po.relative_to(ROOT)))
def test_every_marked_text_is_translated_and_compiled(po):
    package = po.parents[3]
    entries = po_entries(po)
    assert marked_texts(package) - {msgid for _, msgid in entries} == set(), "run ./dev messages"
    assert [key for key, texts in entries.items() if not all(texts)] == [], "untranslated"
    compiled = gettext.GNUTranslations(po.with_suffix(".mo").open("rb"))
    stale = [
        (context, msgid)
        for (context, msgid), texts in entries.items()
        if (compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)) not in texts
    ]
    assert stale == [], "the .mo is older than the .po: run ./dev messages"
