"""The New game page's setup in words: a ruleset's settings as a form a game master fills in.

A ruleset's contract's ``config`` (the API's contract, and the one place a setting's bounds
are written) is read setting by setting into ordinary fields, labelled with the schema's
titles and helped by its descriptions, both translated (each package marks them for its
catalogue), the references for plugin authors taken out (:func:`help_text`):

- a whole number or a number: a number field within the schema's bounds;
- true or false: a checkbox;
- one of an ``enum``: a choice among its values in words (the schema's
  ``"x-choice-titles"``);
- a text: a text field;
- an object of such settings (a pitch's length and width, a side's team): its fields,
  together (:class:`Group`);
- the teams of a quidditch match: each a house of the campaign and rows of its
  characters in their positions; a team by name, which credits nobody, folded away
  (:class:`Teams`);
- the skirmish's participants: rows, each a character of the campaign or someone by name
  (:class:`Participants`); its categories of action: rows of a category and its Finesse
  attribute (:class:`Pairs`);
- a deck of cards: how many copies of each card (:class:`Deck`);
- anything else (Table Top's starting position) is the preset's, unchanged
  (:class:`Kept`).

A setup starts from the campaign's config (``Cast.starting_config``: where the rules
field teams, two of its houses with their characters) with the chosen preset laid over it
(``Manifest.presets``). The settings the presets name are the common ones and are shown;
the rest fold under "More settings". A field left empty leaves its setting out, for the
rules' default. Whether the whole is a config the rules take is the rules' to say
(``prepare`` and ``setup``), in the reader's words, beside the setting they name.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext

from core.errors import RuleViolation
from games.manifest import Preset, manifest_for
from games.ruleset import BOUNDS, Roster, Ruleset

#: The choice of a team's house that writes the team out by name (no house of the campaign).
BY_NAME = "by-name"
#: A choice left open: the rules' default.
OPEN = ""
#: The id of the list of the campaign's attributes a text field offers.
ATTRIBUTES = "attributes"
#: Empty rows offered below a list of participants or categories, to add to it.
SPARE_ROWS = 3


@dataclass(frozen=True)
class Picks:
    """What the campaign offers to choose from: its houses, its characters (grouped by
    house, as a select's groups) and the attributes its sheet rules name."""

    houses: list[tuple[str, str]]
    characters: list[tuple[str, list[tuple[str, str]]]]
    attributes: list[str]

    @classmethod
    def of(cls, campaign) -> Picks:
        houses = list(campaign.houses.order_by("pk"))
        characters = list(campaign.characters.select_related("house").order_by("name"))
        groups = [
            (house.name, [(str(c.pk), c.name) for c in characters if c.house_id == house.pk])
            for house in houses
        ]
        homeless = [(str(c.pk), c.name) for c in characters if c.house_id is None]
        if homeless:
            groups.append((gettext("No house"), homeless))
        return cls(
            houses=[(str(house.pk), house.name) for house in houses],
            characters=[group for group in groups if group[1]],
            attributes=list(campaign.sheet_rules.attributes),
        )


# --- words -------------------------------------------------------------------------------

_REFERENCE = re.compile(r"\s*\([^()]*(?:§|¶|docs/)[^()]*\)")
"""A reference for plugin authors in brackets: "(§5.1)", "(Ch.7 ¶10)", "(docs/rules/...)"."""
_HEADING = re.compile(r"\s*\([^()]*?\b[A-ZÀ-Ý][A-ZÀ-Ý' ]+\)")
"""A heading of the rule text in brackets, or a quotation ending with one: "(LA VICTOIRE)",
'("autant de dés ...", LE JEU)'."""
_SEE = re.compile(r"\s*[^.;:]*\bdocs/\S+")
"""What is left of a pointer to the rules' notes: "See docs/rules/tabletop-quidditch.md"."""
_NULL = re.compile(r"\s*[;,]\s*(?:null|none)\s*:\s*(.+?)\.?$", re.S)
"""What a setting left out means, as the API says it: "; null: no limit"."""
_QUOTATION = re.compile(r":?\s*(?:\"[^\"]*\"|„[^“]*“|“[^”]*”|«[^»]*»)")
"""A quotation of the rule text, in the rule text's language: the page's words say it."""


def help_text(schema: dict) -> str:
    """A setting's description, translated, as its help on the page: without the sections,
    paragraphs and notes it cites for plugin authors, and "null" said as a field left
    empty. A choice's description that names its raw values says nothing its choices do
    not say in words, and is left out."""
    description = schema.get("description")
    if not isinstance(description, str):
        return ""
    if "enum" in schema and any(
        re.search(rf"\b{re.escape(str(value))}\b", description) for value in schema["enum"] if value
    ):
        return ""
    text = gettext(description).replace("->", "→")
    text = _QUOTATION.sub("", _HEADING.sub("", _REFERENCE.sub("", text)))
    text = _SEE.sub("", text).strip()
    empty = _NULL.search(text)
    if empty:
        meaning = empty.group(1).strip()
        text = (
            text[: empty.start()]
            + ". "
            + gettext("Left empty: %(meaning)s.") % {"meaning": meaning}
        )
    text = re.sub(r"\s+([.;,])", r"\1", text).strip()
    if text and text[-1] not in ".!?":
        text += "."
    return text if len(text) > 1 else ""


def title(schema: dict, key: str) -> str:
    """A setting's title, translated (every setting has one: test_new_game_words)."""
    text = schema.get("title")
    return gettext(text) if isinstance(text, str) else key.replace("_", " ").capitalize()


def choice_words(schema: dict) -> list[tuple[str, str]]:
    """An ``enum``'s values, each in words (``"x-choice-titles"``, translated)."""
    titles = schema.get("x-choice-titles", {})
    return [
        (value, gettext(titles[value]) if value in titles else str(value).replace("_", " "))
        for value in schema.get("enum", [])
        if value is not None
    ]


def bounds_refusal(label: str, schema: dict) -> str:
    """The rules' own words for a number past its bounds, naming the field by its label."""
    kind = "integer" if schema.get("type") == "integer" else "number"
    return gettext(BOUNDS[kind]) % {
        "name": label,
        "least": schema.get("minimum"),
        "most": schema.get("maximum"),
    }


# --- fields ------------------------------------------------------------------------------


class WholeNumber(forms.IntegerField):
    """A whole number within the schema's bounds, refused in the rules' words."""

    def __init__(self, *, schema: dict, **kwargs):
        super().__init__(**kwargs)
        self.schema = schema
        for bound, attribute in (("minimum", "min"), ("maximum", "max")):
            if bound in schema:
                self.widget.attrs[attribute] = schema[bound]

    def clean(self, value):
        try:
            number = super().clean(value)
        except forms.ValidationError:
            raise forms.ValidationError(self.refusal(), code="bounds") from None
        least, most = self.schema.get("minimum"), self.schema.get("maximum")
        if number is not None and (
            (least is not None and number < least) or (most is not None and number > most)
        ):
            raise forms.ValidationError(self.refusal(), code="bounds")
        return number

    def refusal(self) -> str:
        return bounds_refusal(str(self.label), self.schema)


class Number(WholeNumber, forms.FloatField):
    """A number (seconds may be fractional), a whole one written as such."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.widget.attrs["step"] = "any"

    def clean(self, value):
        number = super().clean(value)
        return int(number) if isinstance(number, float) and number.is_integer() else number


def field_for(schema: dict, label: str, initial, *, required: bool = False) -> forms.Field:
    """The field of one plain setting (a number, a checkbox, a choice, a text)."""
    kind = schema.get("type")
    common = {"label": label, "help_text": help_text(schema), "initial": initial}
    if "enum" in schema:
        choices = choice_words(schema)
        if "default" not in schema:
            choices = [(OPEN, "—"), *choices]
        return forms.ChoiceField(choices=choices, required=False, **common)
    if kind == "boolean":
        return forms.BooleanField(required=False, **common)
    if kind == "integer":
        return WholeNumber(schema=schema, required=required, **common)
    if kind == "number":
        return Number(schema=schema, required=required, **common)
    return forms.CharField(
        max_length=schema.get("maxLength"), required=required, strip=True, **common
    )


def labelled(field: forms.Field, words: str) -> forms.Field:
    """A field of a row, named for a screen reader (the row's columns head it on screen)."""
    field.widget.attrs["aria-label"] = words
    return field


def is_plain(schema: dict) -> bool:
    """Whether a setting is one value a field holds: a number, true or false, a text."""
    return schema.get("type") in ("integer", "number", "boolean", "string") or "enum" in schema


# --- the config as a tree of paths -------------------------------------------------------


def dig(config: dict, path: tuple) -> tuple[bool, object]:
    """(whether ``config`` holds ``path``, the value there)."""
    node: object = config
    for step in path:
        if not isinstance(node, dict) or step not in node:
            return False, None
        node = node[step]
    return True, node


def put(config: dict, path: tuple, value) -> None:
    node = config
    for step in path[:-1]:
        if not isinstance(node.get(step), dict):
            node[step] = {}
        node = node[step]
    node[path[-1]] = value


def drop(config: dict, path: tuple) -> None:
    found, parent = dig(config, path[:-1]) if len(path) > 1 else (True, config)
    if found and isinstance(parent, dict):
        parent.pop(path[-1], None)


# --- the settings ------------------------------------------------------------------------


class Setting:
    """One top-level setting of a config (or a part of one): its fields, filled from a
    config; what the submitted form makes of it; and how the page draws it."""

    template = "pages/new_game_field.html"
    folded = False

    def __init__(self, key: str, schema: dict):
        self.key = key
        self.schema = schema
        self.label = title(schema, key)
        self.help = help_text(schema)

    def fields(self, config: dict) -> dict[str, forms.Field]:
        return {}

    def read(self, form: forms.Form, config: dict) -> None:
        """Write the setting into ``config`` (the preset's, as the form started from) from
        the form's cleaned data; what cannot be read is refused beside its field."""

    def view(self, form: forms.Form) -> dict:
        return {"setting": self, "template": self.template}

    def first_field(self) -> str | None:
        return next(iter(self.fields({})), None)


class Plain(Setting):
    """A number, a checkbox, a choice or a text."""

    template = "pages/new_game_plain.html"

    def __init__(self, key: str, schema: dict, path: tuple | None = None):
        super().__init__(key, schema)
        self.path = path or (key,)
        self.name = "-".join(self.path)

    def fields(self, config):
        found, value = dig(config, self.path)
        initial = value if found and value is not None else self.schema.get("default")
        if self.schema.get("type") == "boolean":
            initial = bool(initial)
        field = field_for(self.schema, self.label, initial)
        if "attribute" in self.path[-1] and isinstance(field, forms.CharField):
            field.widget.attrs["list"] = ATTRIBUTES  # the campaign's attributes, offered
        return {self.name: field}

    def read(self, form, config):
        value = form.cleaned_data.get(self.name)
        found, _ = dig(config, self.path)
        default = self.schema.get("default")
        if self.schema.get("type") == "boolean":
            if found or value != bool(default):
                put(config, self.path, value)
        elif value is None or value == OPEN:
            drop(config, self.path)
        elif value == default and not found:
            pass  # the rules' default, left to them
        else:
            put(config, self.path, value)

    def view(self, form):
        return {**super().view(form), "field": form[self.name]}


class Group(Setting):
    """An object of settings, drawn together (a pitch's length and width; each side's
    team). Left all empty, it is left out; its parts the schema requires are given
    together or not at all."""

    template = "pages/new_game_group.html"

    def __init__(self, key: str, schema: dict, path: tuple | None = None):
        super().__init__(key, schema)
        self.path = path or (key,)
        self.parts: list[Setting] = []
        for name, inner in schema.get("properties", {}).items():
            if is_plain(inner):
                self.parts.append(Plain(key, inner, (*self.path, name)))
            else:
                self.parts.append(Group(key, inner, (*self.path, name)))

    def fields(self, config):
        return {name: f for part in self.parts for name, f in part.fields(config).items()}

    def read(self, form, config):
        for part in self.parts:
            part.read(form, config)
        found, value = dig(config, self.path)
        if found and value in ({}, None):
            drop(config, self.path)
            return
        required = self.schema.get("required", [])
        given = found and isinstance(value, dict) and any(name in value for name in required)
        if given:
            for part in self.parts:
                if (
                    isinstance(part, Plain)
                    and part.path[-1] in required
                    and part.path[-1] not in value
                ):
                    form.add_error(part.name, gettext("Fill this in too, or leave all empty."))

    def view(self, form):
        return {**super().view(form), "parts": [part.view(form) for part in self.parts]}


class Kept(Setting):
    """A setting the page has no field for (Table Top's starting position): the preset's,
    said in words where it has one."""

    template = "pages/new_game_kept.html"

    def __init__(self, key, schema, preset: Preset | None, config: dict):
        super().__init__(key, schema)
        self.kept = config.get(key) is not None
        self.preset_title = gettext(preset.title) if preset is not None else ""


class Deck(Setting):
    """A deck of cards: how many copies of each card, in the order the deck lies. Left as
    the preset has it, it is the preset's; changed, the cards lie in the schema's order."""

    template = "pages/new_game_deck.html"
    folded = True

    def __init__(self, key, schema, layout: dict):
        super().__init__(key, schema)
        card = layout["items"]["properties"]["card"]
        self.cards = choice_words(card)
        self.copies = layout["items"]["properties"]["copies"]

    def name(self, card: str) -> str:
        return f"{self.key}-{card}"

    @staticmethod
    def counts(value) -> dict[str, int]:
        if isinstance(value, dict):
            return {card: n for card, n in value.items() if n}
        counted: dict[str, int] = {}
        for entry in value if isinstance(value, list) else []:
            if isinstance(entry, dict) and entry.get("copies"):
                counted[entry["card"]] = counted.get(entry["card"], 0) + entry["copies"]
        return counted

    def fields(self, config):
        found, value = dig(config, (self.key,))
        counts = self.counts(value) if found else {}
        return {
            self.name(card): WholeNumber(
                schema={**self.copies, "title": words},
                label=words,
                required=False,
                initial=counts.get(card, 0 if found else None),
            )
            for card, words in self.cards
        }

    def read(self, form, config):
        counts = {
            card: form.cleaned_data.get(self.name(card))
            for card, _ in self.cards
            if form.cleaned_data.get(self.name(card))
        }
        found, value = dig(config, (self.key,))
        if found and counts == self.counts(value):
            return  # as the preset has it
        if counts:
            config[self.key] = counts
        else:
            config.pop(self.key, None)

    def view(self, form):
        return {
            **super().view(form),
            "cards": [form[self.name(card)] for card, _ in self.cards],
        }


class Pairs(Setting):
    """A mapping of names to names (the skirmish's categories of action, each to its
    Finesse attribute), as rows of two texts."""

    template = "pages/new_game_pairs.html"
    folded = True

    def __init__(self, key, schema, picks: Picks):
        super().__init__(key, schema)
        self.most = schema.get("maxProperties", 16)
        self.value_schema = schema.get("additionalProperties", {})
        self.attributes = picks.attributes

    def rows(self, config) -> int:
        found, value = dig(config, (self.key,))
        return min(self.most, (len(value) if found and isinstance(value, dict) else 0) + 1)

    def fields(self, config):
        found, value = dig(config, (self.key,))
        pairs = list(value.items()) if found and isinstance(value, dict) else []
        fields = {}
        for row in range(self.rows(config)):
            name, attribute = pairs[row] if row < len(pairs) else ("", "")
            fields[f"{self.key}-{row}-name"] = labelled(
                forms.CharField(
                    label=gettext("Category"),
                    required=False,
                    max_length=self.value_schema.get("maxLength"),
                    initial=name,
                ),
                f"{gettext('Category')} {row + 1}",
            )
            fields[f"{self.key}-{row}-value"] = labelled(
                forms.CharField(
                    label=gettext("Finesse attribute"),
                    required=False,
                    max_length=self.value_schema.get("maxLength"),
                    initial=attribute,
                    widget=forms.TextInput(attrs={"list": ATTRIBUTES}),
                ),
                f"{gettext('Finesse attribute')} {row + 1}",
            )
        return fields

    def read(self, form, config):
        pairs = {}
        row = 0
        while f"{self.key}-{row}-name" in form.fields:
            name = form.cleaned_data.get(f"{self.key}-{row}-name")
            value = form.cleaned_data.get(f"{self.key}-{row}-value")
            if name and not value:
                form.add_error(f"{self.key}-{row}-value", gettext("Name its attribute."))
            elif value and not name:
                form.add_error(f"{self.key}-{row}-name", gettext("Name the category."))
            elif name:
                pairs[name] = value
            row += 1
        if pairs:
            config[self.key] = pairs
        else:
            config.pop(self.key, None)

    def view(self, form):
        rows, row = [], 0
        while f"{self.key}-{row}-name" in form.fields:
            rows.append((form[f"{self.key}-{row}-name"], form[f"{self.key}-{row}-value"]))
            row += 1
        return {**super().view(form), "rows": rows}


def _character_choices(picks: Picks, empty: str) -> list:
    return [(OPEN, empty), *picks.characters]


def _attributes_text(attributes: dict) -> str:
    return ", ".join(f"{name} {value}" for name, value in attributes.items())


_ATTRIBUTE = re.compile(r"^(.*\S)\s+([+-]?\d+)$")


def read_attributes(text: str) -> dict[str, int] | None:
    """ "Dexterity 5, Wits 4" as attributes; ``None`` if it does not read so."""
    attributes = {}
    for part in filter(None, (piece.strip() for piece in re.split(r"[,;\n]", text))):
        found = _ATTRIBUTE.match(part)
        if not found:
            return None
        attributes[found.group(1)] = int(found.group(2))
    return attributes


class Participants(Setting):
    """The skirmish's participants: rows, each a character of the campaign (its sheet
    gives its name, attributes and Health) or someone written out by name, with the side
    it fights on. More can join once the skirmish has begun."""

    template = "pages/new_game_participants.html"

    def __init__(self, key, schema, picks: Picks):
        super().__init__(key, schema)
        self.picks = picks
        self.entry = schema["items"]["properties"]
        self.most = schema.get("maxItems", 50)
        #: Attributes as a participant's row writes them, in the campaign's own words.
        self.example = ", ".join(
            f"{name} {value}" for name, value in zip(picks.attributes[:2], (5, 4), strict=False)
        )

    def rows(self, config) -> list[dict]:
        found, value = dig(config, (self.key,))
        entries = (
            [e for e in value if isinstance(e, dict)] if found and isinstance(value, list) else []
        )
        return entries

    def fields(self, config):
        entries = self.rows(config)
        fields = {}
        for row in range(min(self.most, len(entries) + SPARE_ROWS)):
            entry = entries[row] if row < len(entries) else {}
            character = entry.get("character") if "name" not in entry else None
            prefix = f"{self.key}-{row}"
            fields[f"{prefix}-character"] = forms.ChoiceField(
                label=gettext("Character"),
                choices=_character_choices(self.picks, gettext("by name")),
                required=False,
                initial=str(character) if character else OPEN,
            )
            fields[f"{prefix}-name"] = forms.CharField(
                label=title(self.entry["name"], "name"),
                required=False,
                max_length=self.entry["name"].get("maxLength"),
                initial=entry.get("name", "") if character is None else "",
            )
            fields[f"{prefix}-health"] = WholeNumber(
                schema=self.entry["health"],
                label=title(self.entry["health"], "health"),
                required=False,
                initial=entry.get("health") if character is None else None,
            )
            fields[f"{prefix}-side"] = forms.CharField(
                label=title(self.entry["side"], "side"),
                required=False,
                max_length=self.entry["side"].get("maxLength"),
                initial=entry.get("side") or "",
            )
            fields[f"{prefix}-attributes"] = forms.CharField(
                label=title(self.entry["attributes"], "attributes"),
                required=False,
                initial=_attributes_text(entry.get("attributes") or {})
                if character is None
                else "",
                widget=forms.TextInput(attrs={"placeholder": self.example}),
            )
            for part in ("character", "name", "health", "side", "attributes"):
                field = fields[f"{prefix}-{part}"]
                labelled(field, f"{field.label} {row + 1}")
        return fields

    def row_names(self, form) -> list[str]:
        rows, row = [], 0
        while f"{self.key}-{row}-character" in form.fields:
            rows.append(f"{self.key}-{row}")
            row += 1
        return rows

    def read(self, form, config):
        data = form.cleaned_data
        entries = []
        for prefix in self.row_names(form):
            character = data.get(f"{prefix}-character")
            name = data.get(f"{prefix}-name")
            side = data.get(f"{prefix}-side")
            if character:
                entry = {"character": int(character)}
            elif name:
                attributes = read_attributes(data.get(f"{prefix}-attributes") or "")
                if attributes is None:
                    form.add_error(
                        f"{prefix}-attributes",
                        gettext("Write each attribute as its name and a whole number: %(example)s.")
                        % {"example": self.example},
                    )
                    continue
                entry = {"name": name, "attributes": attributes}
                if data.get(f"{prefix}-health") is not None:
                    entry["health"] = data[f"{prefix}-health"]
            else:
                if data.get(f"{prefix}-attributes") or data.get(f"{prefix}-health") is not None:
                    form.add_error(f"{prefix}-name", gettext("Name this participant."))
                continue
            if side:
                entry["side"] = side
            entries.append(entry)
        config[self.key] = entries

    def view(self, form):
        rows = [
            {
                part: form[f"{prefix}-{part}"]
                for part in ("character", "name", "health", "side", "attributes")
            }
            for prefix in self.row_names(form)
        ]
        return {**super().view(form), "rows": rows}

    def first_field(self):
        return f"{self.key}-0-character"


def _house_schema(variant: dict) -> dict:
    return variant.get("properties", {}).get("house", {})


def _picks_house(variant: dict) -> bool:
    house = _house_schema(variant)
    return house.get("x-picks") == "house" or any(
        member.get("x-picks") == "house" for member in house.get("oneOf", [])
    )


def _names_house(variant: dict) -> bool:
    house = _house_schema(variant)
    return house.get("type") == "string" or any(
        member.get("type") == "string" for member in house.get("oneOf", [])
    )


def is_teams(schema: dict) -> bool:
    """A list of teams, each a house (of the campaign, or by name) and its players."""
    items = schema.get("items", {}) if schema.get("type") == "array" else {}
    variants = items.get("oneOf", [items])
    return any(_picks_house(v) for v in variants) and all(
        "players" in v.get("properties", {}) for v in variants
    )


class Teams(Setting):
    """The teams of a quidditch match. Each is a house of the campaign, "House:
    [Gryffindor]", with its players as rows, "Character [..] Position [..]" (a position
    left open is the sheet's), and where the rules have them its captain and, under "More
    settings", its substitutes. A team by name (a house written out, its players by name)
    stays possible, folded away: it is no house of the campaign, so a game with it credits
    nobody, and the form says so."""

    template = "pages/new_game_teams.html"

    def __init__(self, key, schema, picks: Picks):
        super().__init__(key, schema)
        self.picks = picks
        self.count = schema.get("maxItems", 2)
        items = schema["items"]
        variants = items.get("oneOf", [items])
        campaign = next(v for v in variants if _picks_house(v))
        named = next((v for v in variants if _names_house(v)), None)
        props = campaign["properties"]
        players = props["players"]
        self.most = players.get("maxItems", 7)
        self.position = players["items"]["properties"].get("position", {})
        captain = props.get("captain", {})
        self.captain = captain.get("x-picks") == "character"
        substitutes = props.get("substitutes")
        self.substitutes = substitutes.get("maxItems", 7) if substitutes else 0
        self.named = named is not None
        self.initial_schema = None
        self.extras: list[tuple[tuple, dict]] = []
        if named is not None:
            self.initial_schema = named["properties"].get("initial")
            entry = named["properties"]["players"]["items"]["properties"]
            self.name_schema = {**_house_schema(named)}
            for member in _house_schema(named).get("oneOf", []):
                if member.get("type") == "string":
                    self.name_schema = member
            self.player_name_schema = entry.get("name", {})
            for name, inner in entry.items():
                if name in ("character", "name", "position", "xp"):
                    continue
                if is_plain(inner):
                    self.extras.append(((name,), inner))
                else:
                    for sub, deeper in inner.get("properties", {}).items():
                        if is_plain(deeper):
                            self.extras.append(((name, sub), deeper))

    def team(self, config, index: int) -> dict:
        found, value = dig(config, (self.key,))
        teams = value if found and isinstance(value, list) else []
        team = teams[index] if index < len(teams) else {}
        return team if isinstance(team, dict) else {}

    def fields(self, config):
        fields = {}
        positions = choice_words(self.position)
        for index in range(self.count):
            team = self.team(config, index)
            house = team.get("house")
            of_campaign = isinstance(house, int) and not isinstance(house, bool)
            players = [p for p in team.get("players", []) if isinstance(p, dict)]
            prefix = f"{self.key}-{index}"
            houses = list(self.picks.houses)
            if self.named:
                houses.append((BY_NAME, gettext("a team by name (credits nobody)")))
            fields[f"{prefix}-house"] = forms.ChoiceField(
                label=gettext("House"),
                choices=[(OPEN, "—"), *houses],
                required=False,
                initial=str(house) if of_campaign else (BY_NAME if house else OPEN),
            )
            team_words = gettext("Team %(number)s") % {"number": index + 1}
            for row in range(self.most):
                player = players[row] if of_campaign and row < len(players) else {}
                fields[f"{prefix}-{row}-character"] = self._character_field(
                    gettext("Character"), player, f"{team_words}: {gettext('Character')} {row + 1}"
                )
                fields[f"{prefix}-{row}-position"] = forms.ChoiceField(
                    label=gettext("Position"),
                    choices=[(OPEN, gettext("as on the sheet")), *positions],
                    required=False,
                    initial=player.get("position") or OPEN,
                )
                labelled(
                    fields[f"{prefix}-{row}-position"],
                    f"{team_words}: {gettext('Position')} {row + 1}",
                )
            if self.captain:
                captain = team.get("captain") if of_campaign else None
                fields[f"{prefix}-captain"] = forms.ChoiceField(
                    label=gettext("Captain"),
                    choices=_character_choices(self.picks, gettext("the first player")),
                    required=False,
                    initial=str(captain) if captain else OPEN,
                )
            substitutes = [s for s in team.get("substitutes", []) if isinstance(s, dict)]
            for row in range(self.substitutes):
                substitute = substitutes[row] if of_campaign and row < len(substitutes) else {}
                fields[f"{prefix}-substitute-{row}"] = self._character_field(
                    gettext("Substitute"),
                    substitute,
                    f"{team_words}: {gettext('Substitute')} {row + 1}",
                )
            if self.named:
                named = self.named_fields(prefix, team if not of_campaign else {}, positions)
                for name, field in named.items():
                    row = re.search(r"-named-(\d+)-", name)
                    if row:
                        labelled(field, f"{team_words}: {field.label} {int(row.group(1)) + 1}")
                fields.update(named)
        return fields

    def _character_field(self, label: str, entry: dict, words: str) -> forms.ChoiceField:
        """A row's choice of one of the campaign's characters (a player, a substitute),
        starting from ``entry``'s, named ``words`` for a screen reader."""
        character = entry.get("character")
        field = forms.ChoiceField(
            label=label,
            choices=_character_choices(self.picks, "—"),
            required=False,
            initial=str(character) if character else OPEN,
        )
        return labelled(field, words)

    def named_fields(self, prefix: str, team: dict, positions) -> dict:
        fields = {
            f"{prefix}-name": forms.CharField(
                label=gettext("Name"),
                required=False,
                max_length=self.name_schema.get("maxLength"),
                initial=team.get("house") or "",
            )
        }
        if self.initial_schema:
            fields[f"{prefix}-initial"] = forms.CharField(
                label=title(self.initial_schema, "initial"),
                help_text=gettext("Its players' nicks begin with it; left empty: its name's."),
                required=False,
                max_length=1,
                initial=team.get("initial") or "",
            )
        players = [p for p in team.get("players", []) if isinstance(p, dict)]
        for row in range(self.most):
            player = players[row] if row < len(players) else {}
            fields[f"{prefix}-named-{row}-name"] = forms.CharField(
                label=gettext("Name"),
                required=False,
                max_length=self.player_name_schema.get("maxLength"),
                initial=player.get("name", ""),
            )
            fields[f"{prefix}-named-{row}-position"] = forms.ChoiceField(
                label=gettext("Position"),
                choices=[(OPEN, "—"), *positions],
                required=False,
                initial=player.get("position") or OPEN,
            )
            for path, schema in self.extras:
                found, value = dig(player, path)
                fields[f"{prefix}-named-{row}-{'-'.join(path)}"] = WholeNumber(
                    schema=schema,
                    label=title(schema, path[-1]),
                    required=False,
                    initial=value if found else None,
                )
        return fields

    def read(self, form, config):
        data = form.cleaned_data
        teams = []
        for index in range(self.count):
            prefix = f"{self.key}-{index}"
            house = data.get(f"{prefix}-house")
            if house == BY_NAME:
                teams.append(self.read_named(form, prefix))
            elif house:
                teams.append(self.read_house(form, prefix, int(house)))
            else:
                form.add_error(f"{prefix}-house", gettext("Choose a house."))
        config[self.key] = teams

    def read_house(self, form, prefix: str, house: int) -> dict:
        data = form.cleaned_data
        players = []
        for row in range(self.most):
            character = data.get(f"{prefix}-{row}-character")
            position = data.get(f"{prefix}-{row}-position")
            if character:
                players.append(
                    {"character": int(character), **({"position": position} if position else {})}
                )
            elif position:
                form.add_error(
                    f"{prefix}-{row}-character",
                    gettext("Choose who plays this position, or no position."),
                )
        if not players:
            form.add_error(f"{prefix}-0-character", gettext("Choose the team's players."))
        team: dict = {"house": house, "players": players}
        if self.captain and data.get(f"{prefix}-captain"):
            team["captain"] = int(data[f"{prefix}-captain"])
        substitutes = [
            {"character": int(data[f"{prefix}-substitute-{row}"])}
            for row in range(self.substitutes)
            if data.get(f"{prefix}-substitute-{row}")
        ]
        if substitutes:
            team["substitutes"] = substitutes
        return team

    def read_named(self, form, prefix: str) -> dict:
        data = form.cleaned_data
        name = data.get(f"{prefix}-name")
        if not name:
            form.add_error(f"{prefix}-name", gettext("Give the team's name."))
        players = []
        for row in range(self.most):
            cells = f"{prefix}-named-{row}"
            player_name = data.get(f"{cells}-name")
            position = data.get(f"{cells}-position")
            extras = [
                (path, data.get(f"{cells}-{'-'.join(path)}")) for path, _schema in self.extras
            ]
            if not (player_name or position or any(v is not None for _, v in extras)):
                continue
            if not position:
                form.add_error(f"{cells}-position", gettext("Choose a position."))
                continue
            player: dict = {"position": position}
            if player_name:
                player["name"] = player_name
            for path, value in extras:
                if value is not None:
                    put(player, path, value)
            players.append(player)
        if not players:
            form.add_error(f"{prefix}-named-0-name", gettext("Write out the team's players."))
        team: dict = {"house": name or "", "players": players}
        if self.initial_schema and data.get(f"{prefix}-initial"):
            team["initial"] = data[f"{prefix}-initial"]
        return team

    def view(self, form):
        teams = []
        for index in range(self.count):
            prefix = f"{self.key}-{index}"
            house = form[f"{prefix}-house"]
            named = None
            if self.named:
                named = {
                    "name": form[f"{prefix}-name"],
                    "initial": form[f"{prefix}-initial"] if self.initial_schema else None,
                    "rows": [
                        {
                            "name": form[f"{prefix}-named-{row}-name"],
                            "position": form[f"{prefix}-named-{row}-position"],
                            "extras": [
                                form[f"{prefix}-named-{row}-{'-'.join(path)}"]
                                for path, _ in self.extras
                            ],
                        }
                        for row in range(self.most)
                    ],
                    "open": str(house.value()) == BY_NAME,
                }
            teams.append(
                {
                    "number": index + 1,
                    "house": house,
                    "rows": [
                        (form[f"{prefix}-{row}-character"], form[f"{prefix}-{row}-position"])
                        for row in range(self.most)
                    ],
                    "captain": form[f"{prefix}-captain"] if self.captain else None,
                    "substitutes": [
                        form[f"{prefix}-substitute-{row}"] for row in range(self.substitutes)
                    ],
                    "named": named,
                }
            )
        extras = [title(schema, path[-1]) for path, schema in self.extras]
        return {**super().view(form), "teams": teams, "extras": extras}

    def first_field(self):
        return f"{self.key}-0-house"


class Substitutes(Setting):
    """The teams' substitutes, drawn under "More settings" (the fields are the teams')."""

    template = "pages/new_game_substitutes.html"
    folded = True

    def __init__(self, teams: Teams):
        super().__init__(teams.key, {})
        self.teams = teams

    def fields(self, config):
        return {}

    def view(self, form):
        teams = self.teams.view(form)["teams"]
        return {
            "setting": self,
            "template": self.template,
            "teams": [(team["number"], team["substitutes"]) for team in teams],
        }


# --- a ruleset's setup -------------------------------------------------------------------


def preset_config(rules: Ruleset, roster: Roster, preset: Preset | None) -> dict:
    """The config a setup starts from: the campaign's, the preset's settings over it."""
    config = copy.deepcopy(manifest_for(rules).starting_config(roster))
    if preset is not None:
        config.update(copy.deepcopy(preset.settings))
    return config


def common_settings(rules: Ruleset) -> list[str]:
    """The settings the ruleset's presets name, in the order they first name them."""
    names: list[str] = []
    for preset in manifest_for(rules).presets:
        names += [name for name in preset.settings if name not in names]
    return names


class Setup:
    """A ruleset's settings as a form's fields, from the config of a preset; and the config
    a submitted form makes."""

    def __init__(self, rules: Ruleset, picks: Picks, roster: Roster, preset: Preset | None):
        self.rules = rules
        self.preset = preset
        self.attributes = picks.attributes
        self.offers_attributes = False
        self.config = preset_config(rules, roster, preset)
        common = common_settings(rules)
        self.settings: list[Setting] = []
        for key, schema in manifest_for(rules).contract.config.get("properties", {}).items():
            self.settings += self.settings_of(key, schema, picks, common)
        shown = [s for s in self.settings if not s.folded]
        order = {key: place for place, key in enumerate(common)}
        self.shown = sorted(
            shown,
            key=lambda s: (
                not isinstance(s, Teams | Participants) and s.key != "teams",
                order.get(s.key, len(order)),
            ),
        )
        self.more = [s for s in self.settings if s.folded]

    def settings_of(self, key, schema, picks, common) -> list[Setting]:
        layouts = [m for m in schema.get("oneOf", []) if m.get("type") == "array"]
        if layouts and "card" in layouts[0].get("items", {}).get("properties", {}):
            return [Deck(key, schema, layouts[0])]
        if is_teams(schema):
            teams = Teams(key, schema, picks)
            return [teams, Substitutes(teams)] if teams.substitutes else [teams]
        items = schema.get("items", {}).get("properties", {})
        if schema.get("type") == "array" and "character" in items and "name" in items:
            return [Participants(key, schema, picks)]
        if (
            schema.get("type") == "object"
            and not schema.get("properties")
            and isinstance(schema.get("additionalProperties"), dict)
            and schema["additionalProperties"].get("type") == "string"
        ):
            return [Pairs(key, schema, picks)]
        if schema.get("type") == "object" and schema.get("properties"):
            setting: Setting = Group(key, schema)
        elif is_plain(schema):
            setting = Plain(key, schema)
        else:
            return [Kept(key, schema, self.preset, self.config)]
        setting.folded = key not in common and key != "teams"
        return [setting]

    def fields(self) -> dict[str, forms.Field]:
        fields = {name: f for s in self.settings for name, f in s.fields(self.config).items()}
        self.offers_attributes = any(
            f.widget.attrs.get("list") == ATTRIBUTES for f in fields.values()
        )
        return fields

    def read(self, form: forms.Form) -> dict:
        """The config the submitted form makes, from the preset's."""
        config = copy.deepcopy(self.config)
        for setting in self.settings:
            setting.read(form, config)
        return config

    def views(self, form: forms.Form) -> tuple[list[dict], list[dict], bool]:
        """What the page draws: the shown settings, those under "More settings", and
        whether a refusal lies among the latter (which then unfold)."""
        folded = {name for s in self.more for name in s.fields(self.config)}
        if any(isinstance(s, Substitutes) for s in self.more):
            folded |= {name for name in form.fields if "-substitute-" in name}
        refused = form.is_bound and any(form[name].errors for name in folded)
        return [s.view(form) for s in self.shown], [s.view(form) for s in self.more], refused

    def refuse(self, form: forms.Form, refusal: RuleViolation, in_words) -> None:
        """The rules' refusal beside the setting it names (by its key, as the rules name a
        setting, or by a part of it), in the field's words; else above the setup."""
        params = refusal.params or {}
        named = {str(value) for value in params.values()} | set(params)
        for setting in self.settings:
            field = self.field_named(setting, named)
            if field is not None and field in form.fields:
                label = (
                    form.fields[field].label if not isinstance(setting, Group) else setting.label
                )
                words = {**params, "name": label} if "name" in params else params
                message = gettext(refusal.template) % words if words else gettext(refusal.template)
                form.add_error(field, message)
                return
        form.add_error(None, in_words(refusal))

    @staticmethod
    def field_named(setting: Setting, named: set[str]) -> str | None:
        if isinstance(setting, Group):
            for part in setting.parts:
                if isinstance(part, Plain) and (part.path[-1] in named or part.key in named):
                    return part.name
                if isinstance(part, Group):
                    inner = Setup.field_named(part, named)
                    if inner:
                        return inner
            return None
        if isinstance(setting, Plain | Deck | Pairs) and setting.key in named:
            return setting.first_field() if not isinstance(setting, Plain) else setting.name
        return None
