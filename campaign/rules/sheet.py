"""A campaign's sheet rules: which attributes a character has, and their limits.

Draco Dormiens gives each character sixteen attributes in four groups of
four; each group has a *finesse* attribute that skirmish initiative rolls
(a social attack rolls Humor for everyone). Only Humor is confirmed as a
finesse attribute by our texts, so groups, finesse attributes, the value
range, the die size, the classes and the Popularity rule are data a
storyguide can edit, with the defaults below (docs/rules/campaign.md).

Pure Python: the service validates with it, the skirmish takes its
categories from it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from core.errors import gettext_noop as _

DEFAULT_RULES = {
    "die_size": 20,
    "attribute_groups": [
        {
            "name": "Mental",
            "finesse": "Wits",
            "attributes": ["Wits", "Observation", "Memory", "Logic"],
        },
        {
            "name": "Physical",
            "finesse": "Dexterity",
            "attributes": ["Dexterity", "Quickness", "Strength", "Toughness"],
        },
        {
            "name": "Spiritual",
            "finesse": "Bravery",
            "attributes": ["Bravery", "Empathy", "Impetus", "Vitality"],
        },
        {
            "name": "Social",
            "finesse": "Humor",
            "attributes": ["Humor", "Composure", "Persuasion", "Appearance"],
        },
    ],
    "attribute_range": [1, 10],
    "classes": [
        "Astronomy",
        "Charms",
        "Defence Against the Dark Arts",
        "Herbology",
        "History of Magic",
        "Potions",
        "Transfiguration",
        "Flying",
        "Ancient Runes",
        "Arithmancy",
        "Care of Magical Creatures",
        "Divination",
        "Muggle Studies",
    ],
    # One Popularity step per this many house points a character has earned
    # (net, effective entries only), truncated toward zero.
    "house_points_per_popularity": 50,
}

MAX_DIE_SIZE = 1000


class SheetRulesError(ValueError):
    """Sheet rules or a sheet that does not hold together; ``field`` names the culprit.

    Its ``template`` is marked for the catalogues and its values are ``params``, so that
    the service refuses in the reader's language; ``message`` is it filled in, in English.
    """

    def __init__(self, field: str, template: str, params: dict | None = None) -> None:
        self.field = field
        self.template = template
        self.params = params or {}
        self.message = template % self.params if self.params else template
        super().__init__(self.message)


@dataclass(frozen=True)
class SheetRules:
    die_size: int
    attribute_groups: list[dict]
    attribute_range: list[int]
    classes: list[str]
    house_points_per_popularity: int

    @classmethod
    def from_json(cls, data: dict) -> SheetRules:
        """Validate a storyguide's edit of the rules; raises :class:`SheetRulesError`."""
        if not isinstance(data, dict):
            raise SheetRulesError("rules", _("Expected a JSON object."))
        unknown = set(data) - set(DEFAULT_RULES)
        if unknown:
            raise SheetRulesError(sorted(unknown)[0], _("Unknown setting."))
        merged = {**DEFAULT_RULES, **data}
        rules = cls(**merged)
        rules._check()
        return rules

    def to_json(self) -> dict:
        return asdict(self)

    def _check(self) -> None:
        if not _whole(self.die_size) or not 2 <= self.die_size <= MAX_DIE_SIZE:
            raise SheetRulesError(
                "die_size", _("A die has 2 to %(most)s sides."), {"most": MAX_DIE_SIZE}
            )
        low_high = self.attribute_range
        if (
            not isinstance(low_high, list)
            or len(low_high) != 2
            or not all(_whole(n) for n in low_high)
            or low_high[0] > low_high[1]
        ):
            raise SheetRulesError("attribute_range", _("Give [lowest, highest] whole numbers."))
        if not _whole(self.house_points_per_popularity) or self.house_points_per_popularity < 1:
            raise SheetRulesError("house_points_per_popularity", _("A positive whole number."))
        if not isinstance(self.classes, list) or not all(
            isinstance(name, str) and name for name in self.classes
        ):
            raise SheetRulesError("classes", _("A list of class names."))
        if not isinstance(self.attribute_groups, list) or not self.attribute_groups:
            raise SheetRulesError("attribute_groups", _("At least one group of attributes."))
        seen: set[str] = set()
        for group in self.attribute_groups:
            if not isinstance(group, dict) or set(group) != {"name", "finesse", "attributes"}:
                raise SheetRulesError(
                    "attribute_groups", _("Each group has a name, a finesse and attributes.")
                )
            names = group["attributes"]
            if (
                not isinstance(names, list)
                or not names
                or not all(isinstance(name, str) and name for name in names)
            ):
                raise SheetRulesError(
                    "attribute_groups",
                    _("%(group)s: name its attributes."),
                    {"group": group["name"]},
                )
            if group["finesse"] not in names:
                raise SheetRulesError(
                    "attribute_groups",
                    _("%(group)s: the finesse attribute must be one of its attributes."),
                    {"group": group["name"]},
                )
            if seen & set(names):
                raise SheetRulesError(
                    "attribute_groups",
                    _("%(attribute)s is in two groups."),
                    {"attribute": sorted(seen & set(names))[0]},
                )
            seen |= set(names)

    @property
    def attributes(self) -> list[str]:
        return [name for group in self.attribute_groups for name in group["attributes"]]

    @property
    def categories(self) -> dict[str, str]:
        """Action category (the group's name, lower case) -> its finesse attribute."""
        return {group["name"].lower(): group["finesse"] for group in self.attribute_groups}

    def check_attributes(self, values: dict) -> None:
        """A sheet's attributes: every attribute, nothing else, each within the range."""
        if not isinstance(values, dict):
            raise SheetRulesError("attributes", _("Expected an object of attribute -> value."))
        unknown = sorted(set(values) - set(self.attributes))
        if unknown:
            raise SheetRulesError(
                "attributes", _("Unknown attribute: %(names)s."), {"names": ", ".join(unknown)}
            )
        missing = [name for name in self.attributes if name not in values]
        if missing:
            raise SheetRulesError(
                "attributes", _("Missing attribute: %(names)s."), {"names": ", ".join(missing)}
            )
        low, high = self.attribute_range
        for name, value in values.items():
            if not _whole(value) or not low <= value <= high:
                raise SheetRulesError(
                    "attributes",
                    _("%(attribute)s must be from %(low)s to %(high)s."),
                    {"attribute": name, "low": low, "high": high},
                )

    def check_curriculum(self, points: dict) -> None:
        if not isinstance(points, dict):
            raise SheetRulesError("curriculum", _("Expected an object of class -> points."))
        unknown = sorted(set(points) - set(self.classes))
        if unknown:
            raise SheetRulesError(
                "curriculum", _("Unknown class: %(names)s."), {"names": ", ".join(unknown)}
            )
        if not all(_whole(value) and value >= 0 for value in points.values()):
            raise SheetRulesError(
                "curriculum", _("Curriculum points are whole numbers, 0 or more.")
            )

    def popularity_from_points(self, earned: int) -> int:
        """Popularity steps for ``earned`` net house points, truncated toward zero."""
        steps = abs(earned) // self.house_points_per_popularity
        return steps if earned >= 0 else -steps


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
