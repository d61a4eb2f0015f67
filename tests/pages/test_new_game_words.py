"""The New game page's form is in the page's language (issue 29: "German, English and French
for every game's narration, commands, refusals and the pages' own text"; issue 38: "a setup
made for people").

The page draws a ruleset's settings as a form (``pages.setup_forms``): every "title" of
the config schema is a field's label and every "description" its help, translated with
``gettext``; so every property of the schema, at any depth, has a title. A choice among
an ``enum``'s values offers each in words, its ``"x-choice-titles"``, never as the config
writes it (``halve``, ``chaser1``). Each title, description and choice's words is marked
in its game's rules modules and translated in that game's catalogues: in German and in
French it reads otherwise than in English, unless it is listed below as a text that is
the same in that language. A text a rules module builds from its data (the card game's
lists of card names) is marked as it reads; if the data changes, the built text is no
longer in the catalogues and this test names it.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from games.manifest import manifest_of
from games.ruleset import find_ruleset, ruleset_names

#: Rulesets the service registers itself (test modules register toys of their own) and
#: plays by commands: the ones a game can be started of on the New game page.
PLAYED = [
    name
    for name in ruleset_names()
    if not type(find_ruleset(name)).__module__.startswith(("tests.", "games.testing"))
    and manifest_of(name).played_by_commands
]
LANGUAGES = sorted(code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE)

#: Texts of a schema that read the same in a language as in English (a proper name, a
#: term both languages use, a spell), by language.
SAME: dict[str, set[str]] = {
    "de": {"Name", "Position", "Alohomora", "Wingardium Leviosa"},
    "fr": {"Participants", "Alohomora", "Wingardium Leviosa"},
}


def words(schema: object) -> set[str]:
    """Every "title" and "description" string of a schema, and every choice's words, however
    deep."""
    found = set()
    if isinstance(schema, dict):
        found.update(
            schema[key] for key in ("title", "description") if isinstance(schema.get(key), str)
        )
        found.update(schema.get("x-choice-titles", {}).values())
        for value in schema.values():
            found |= words(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= words(value)
    return found


def choices_without_words(schema: object, path: str = "") -> list[str]:
    """The path of every value of an ``enum``, however deep, that has no words to be
    offered by (``"x-choice-titles"``)."""
    found = []
    if isinstance(schema, dict):
        titles = schema.get("x-choice-titles", {})
        found += [
            f"{path}={value}"
            for value in schema.get("enum", [])
            if value is not None
            if value not in titles
        ]
        for key, value in schema.items():
            if key != "x-choice-titles":
                found += choices_without_words(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += choices_without_words(value, f"{path}[{index}]")
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
    missing = untitled(manifest_of(ruleset).contract.config)
    assert missing == [], f"give these settings of {ruleset}'s config schema a title, with _()"


@pytest.mark.parametrize("ruleset", PLAYED)
def test_every_choice_of_a_config_schema_has_words(ruleset):
    """Chat-Quidditch's positions, the dice game's readings, Table Top's positions and the
    card game's cards are offered in words: "Keeper", "Halved: faces 1-2 go to row 1, …",
    "Chaser 2", "Leg-Locker"."""
    missing = choices_without_words(manifest_of(ruleset).contract.config)
    assert missing == [], f"give these values of {ruleset}'s config schema words, with _()"


def test_the_choices_words_are_the_games_own():
    """A few, as each game says them in its three languages."""
    schema = manifest_of("dice-quidditch").contract.config["properties"]["twelve_sided"]
    tabletop = manifest_of("tabletop-quidditch").contract.config["properties"]["teams"]
    captain = tabletop["properties"]["home"]["properties"]["captain"]
    chat = manifest_of("chat-quidditch").contract.config["properties"]["teams"]
    position = chat["items"]["oneOf"][1]["properties"]["players"]["items"]["properties"]
    said = {
        "de": ("Halbiert: Augen 1-2 in Reihe 1", "Jäger 2", "Hüter"),
        "fr": ("Divisé par deux : faces 1-2 à la rangée 1", "Poursuiveur 2", "Gardien"),
        "en": ("Halved: faces 1-2 go to row 1", "Chaser 2", "Keeper"),
    }
    for language, (halved, chaser, keeper) in said.items():
        with translation.override(language):
            assert translation.gettext(schema["x-choice-titles"]["halve"]).startswith(halved)
            assert translation.gettext(captain["x-choice-titles"]["chaser1"]) == chaser
            titles = position["position"]["x-choice-titles"]
            assert translation.gettext(titles["keeper"]) == keeper


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset", PLAYED)
def test_every_title_and_description_of_a_config_schema_is_translated(ruleset, language):
    texts = words(manifest_of(ruleset).contract.config)
    assert texts, f"{ruleset}'s config schema says nothing to translate"
    with translation.override(language):
        english = sorted(
            text
            for text in texts
            if translation.gettext(text) == text and text not in SAME[language]
        )
    assert english == [], f"mark these with _() in {ruleset}'s rules and run ./dev messages"
