"""The New game page's form is in the page's language (issue 29: "German, English and French
for every game's narration, commands, refusals and the pages' own text").

The page draws a ruleset's ``config_schema`` as a form, and every "title" and
"description" of the schema is a label or a help text there, translated with
``gettext`` (``pages.new_game.form_schema``). A setting without a "title" is labelled
by django-jsonform from its key ("House", "Xp"), in English whatever the page's
language; so every property of the schema, at any depth, has a title. Each title and
description is marked in its game's
rules modules and translated in that game's catalogues: in German and in French it
reads otherwise than in English, unless it is listed below as a text that is the same
in that language. A text a rules module builds from its data (the card game's lists of
card names) is marked as it reads; if the data changes, the built text is no longer in
the catalogues and this test names it.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from games.ruleset import find_ruleset, ruleset_names

#: Rulesets the service registers itself (test modules register toys of their own) and
#: plays by commands: the ones a game can be started of on the New game page.
PLAYED = [
    name
    for name in ruleset_names()
    if not type(find_ruleset(name)).__module__.startswith(("tests.", "games.testing"))
    and find_ruleset(name).played_by_commands
]
LANGUAGES = sorted(code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE)

#: Texts of a schema that read the same in a language as in English (a proper name, a
#: term both languages use), by language.
SAME: dict[str, set[str]] = {"de": {"Name", "Position"}, "fr": {"Participants"}}


def words(schema: object) -> set[str]:
    """Every "title" and "description" string of a schema, however deep."""
    found = set()
    if isinstance(schema, dict):
        found.update(
            schema[key] for key in ("title", "description") if isinstance(schema.get(key), str)
        )
        for value in schema.values():
            found |= words(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= words(value)
    return found


def untitled(schema: object, path: str = "") -> list[str]:
    """The path of every property of a schema, however deep, that has no "title"."""
    found = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                for name, inner in value.items():
                    if not (isinstance(inner, dict) and isinstance(inner.get("title"), str)):
                        found.append(f"{path}.{name}")
                    found += untitled(inner, f"{path}.{name}")
            else:
                found += untitled(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += untitled(value, f"{path}[{index}]")
    return found


def test_the_page_offers_games_to_translate_and_two_languages_to_translate_them_into():
    assert len(PLAYED) >= 6
    assert LANGUAGES == ["de", "fr"]
    assert set(SAME) == set(LANGUAGES)


@pytest.mark.parametrize("ruleset", PLAYED)
def test_every_setting_of_a_config_schema_has_a_title(ruleset):
    missing = untitled(find_ruleset(ruleset).config_schema)
    assert missing == [], f"give these settings of {ruleset}'s config schema a title, with _()"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset", PLAYED)
def test_every_title_and_description_of_a_config_schema_is_translated(ruleset, language):
    texts = words(find_ruleset(ruleset).config_schema)
    assert texts, f"{ruleset}'s config schema says nothing to translate"
    with translation.override(language):
        english = sorted(
            text
            for text in texts
            if translation.gettext(text) == text and text not in SAME[language]
        )
    assert english == [], f"mark these with _() in {ruleset}'s rules and run ./dev messages"
