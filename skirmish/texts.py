"""The skirmish's words in English, German and French, from the package's catalogues.

The texts are English keys of ``skirmish/locale/<language>/LC_MESSAGES/django.po``
(made with ``./dev messages``), read through :class:`games.texts.Catalogue` so
that the narration, the words of the commands and the table stay pure.

The campaign's attribute and category names are data a storyguide may edit;
Draco Dormiens' own sixteen attributes and four groups are translated, any
other name is shown as the storyguide wrote it.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue

#: The rule text's language first (the game's own), then the others.
LANGUAGES = ("en", "de", "fr")
TEXTS = Catalogue(__file__, LANGUAGES)

#: Draco Dormiens' attributes and their groups (the categories of action).
ATTRIBUTES = (
    _("Wits"),
    _("Observation"),
    _("Memory"),
    _("Logic"),
    _("Dexterity"),
    _("Quickness"),
    _("Strength"),
    _("Toughness"),
    _("Bravery"),
    _("Empathy"),
    _("Impetus"),
    _("Vitality"),
    _("Humor"),
    _("Composure"),
    _("Persuasion"),
    _("Appearance"),
)
CATEGORIES = (_("Mental"), _("Physical"), _("Spiritual"), _("Social"))
#: How a roll fared, in the checks' own words (campaign.rules.checks).
RESULTS = {
    "exceptional success": _("exceptional success"),
    "success": _("success"),
    "failure": _("failure"),
    "dramatic failure": _("dramatic failure"),
}


def attribute_text(attribute: str, language: str) -> str:
    """An attribute as the players of ``language`` call it (Dexterity: Geschicklichkeit)."""
    return TEXTS.text(language, attribute)


def category_text(category: str, language: str) -> str:
    """A category of action by its group's name ("physical": Physical, Körperlich)."""
    return TEXTS.text(language, category[:1].upper() + category[1:])


def result_text(result: str, language: str) -> str:
    return TEXTS.text(language, RESULTS.get(result, result))


def name_of(view: dict, key: str | None) -> str:
    """A participant's name, as everything a person reads calls it (never its key)."""
    participant = view["participants"].get(key) if key is not None else None
    return participant["name"] if participant else ""


def listing(names: list[str], language: str) -> str:
    """Names joined as a sentence would: "Harry, Ron and Hermione"."""
    if len(names) < 2:
        return "".join(names)
    return TEXTS.say(
        language, _("%(names)s and %(last)s"), names=", ".join(names[:-1]), last=names[-1]
    )


def signed(value) -> str:
    """A change of points as a table writes it: +1, −1 (a button, a line of the transcript)."""
    return f"{value:+d}".replace("-", "−") if isinstance(value, int) else str(value)
