"""Sheet rules: the Draco Dormiens defaults, a storyguide's edits, and sheet checks."""

import pytest

from campaign.rules.sheet import DEFAULT_RULES, SheetRules, SheetRulesError


def sample_attributes(value=4):
    return {name: value for name in SheetRules.from_json({}).attributes}


def test_the_defaults_are_sixteen_attributes_in_four_groups():
    """ "Sixteen attributes in four groups of four" (RULES-NOTES; docs/rules/campaign.md, Sheet
    rules)."""
    rules = SheetRules.from_json({})
    assert len(rules.attributes) == 16 and len(rules.attribute_groups) == 4
    assert rules.die_size == 20


def test_humor_is_the_finesse_of_the_social_group():
    """Ch. 7: "a stinging insult is a Social attack, so ... roll Humor for Initiative"."""
    assert SheetRules.from_json({}).categories["social"] == "Humor"


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        ({"die_size": 1}, "die_size"),
        ({"die_size": "20"}, "die_size"),
        ({"attribute_range": [5, 1]}, "attribute_range"),
        ({"house_points_per_popularity": 0}, "house_points_per_popularity"),
        ({"colour": "red"}, "colour"),
        (
            {"attribute_groups": [{"name": "X", "finesse": "Y", "attributes": ["Z"]}]},
            "attribute_groups",
        ),
        (
            {
                "attribute_groups": [
                    {"name": "A", "finesse": "Z", "attributes": ["Z"]},
                    {"name": "B", "finesse": "Z", "attributes": ["Z"]},
                ]
            },
            "attribute_groups",
        ),
        ({"classes": [""]}, "classes"),
    ],
)
def test_bad_edits_name_the_setting(edit, field):
    with pytest.raises(SheetRulesError) as error:
        SheetRules.from_json(edit)
    assert error.value.field == field


def test_a_storyguide_may_rename_groups_and_attributes():
    """ "Keep groups and finesse attributes as editable ruleset data, not code" (RULES-NOTES)."""
    rules = SheetRules.from_json(
        {"attribute_groups": [{"name": "Heart", "finesse": "Pluck", "attributes": ["Pluck"]}]}
    )
    assert rules.attributes == ["Pluck"] and rules.categories == {"heart": "Pluck"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"Wits": 11}, "Wits must be from 1 to 10"),
        ({"Wits": 0}, "Wits must be from 1 to 10"),
        ({"Wits": 4.5}, "Wits must be from 1 to 10"),
        ({"Charm": 3}, "Unknown attribute: Charm"),
    ],
)
def test_sheet_attributes_are_checked_against_the_rules(change, message):
    with pytest.raises(SheetRulesError, match=message):
        SheetRules.from_json({}).check_attributes({**sample_attributes(), **change})


def test_a_missing_attribute_is_named():
    """docs/rules/campaign.md, Characters: a sheet has every attribute of its campaign's rules."""
    values = sample_attributes()
    del values["Logic"]
    with pytest.raises(SheetRulesError, match="Missing attribute: Logic"):
        SheetRules.from_json({}).check_attributes(values)


def test_curriculum_points_name_known_classes():
    """docs/rules/campaign.md, Characters: curriculum points per class of the rules."""
    rules = SheetRules.from_json({})
    rules.check_curriculum({"Potions": 2, "Charms": 0})
    with pytest.raises(SheetRulesError, match="Unknown class"):
        rules.check_curriculum({"Quidditch": 1})
    with pytest.raises(SheetRulesError, match="0 or more"):
        rules.check_curriculum({"Potions": -1})


@pytest.mark.parametrize(
    ("earned", "steps"), [(0, 0), (49, 0), (50, 1), (149, 2), (-49, 0), (-60, -1), (-100, -2)]
)
def test_popularity_moves_one_step_per_fifty_points_truncated_toward_zero(earned, steps):
    """docs/rules/campaign.md, Popularity: one step per 50 net effective house points credited
    to the character, truncated toward zero (RULES-NOTES: "Popularity (moved by house points
    earned, seed)"; the formula is ours)."""
    assert DEFAULT_RULES["house_points_per_popularity"] == 50
    assert SheetRules.from_json({}).popularity_from_points(earned) == steps
