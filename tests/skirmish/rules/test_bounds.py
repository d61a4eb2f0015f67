"""The bounds of a skirmish's settings and participants (issue 37 §3: "Every setting of
every ruleset has bounds a real table would use"; docs/rules/skirmish.md, "Bounds of the
settings"): a die as the campaign's sheet rules allow (up to 1,000 sides), difficulty base,
harm and Health up to 100, 50 participants, 16 categories, 32 attributes of -100 to 100,
keys of 20 characters, names of 120, attribute and side names of 60. Each maximum is taken,
one more is refused before the skirmish begins (or, brought in later, before it joins)."""

import pytest

from games.ruleset import RuleViolation

from . import SKIRMISH, Table, config, student


def participant(**fields) -> dict:
    return {**student("p1", "Harry", Dexterity=5), **fields}


def with_participant(**fields) -> dict:
    return config(participants=[participant(**fields)])


def many(count: int) -> list[dict]:
    return [student(f"p{n}", f"Student {n}") for n in range(1, count + 1)]


def named(length: int) -> str:
    return "Q" * length


@pytest.mark.parametrize(
    ("most", "one_more", "refusal"),
    [
        (
            config(die_size=1000),
            config(die_size=1001),
            "die_size must be a whole number from 2 to 1000.",
        ),
        (
            config(defended_difficulty_base=100),
            config(defended_difficulty_base=101),
            "defended_difficulty_base must be a whole number from 0 to 100.",
        ),
        (
            config(defended_difficulty_base=0),
            config(defended_difficulty_base=-1),
            "defended_difficulty_base must be a whole number from 0 to 100.",
        ),
        (config(harm=100), config(harm=101), "harm must be a whole number from 0 to 100."),
        (
            config(max_interveners=50),
            config(max_interveners=51),
            "max_interveners must be a whole number from 0 to 50.",
        ),
        (
            config(defence_attribute=named(60)),
            config(defence_attribute=named(61)),
            "defence_attribute must be a text of at most 60 characters.",
        ),
        (
            config(categories={f"kind {n}": "Wits" for n in range(16)}),
            config(categories={f"kind {n}": "Wits" for n in range(17)}),
            "categories may hold at most 16 entries.",
        ),
        (
            config(categories={"social": named(60)}),
            config(categories={"social": named(61)}),
            "categories: social must be a text of at most 60 characters.",
        ),
        (
            config(participants=many(50)),
            config(participants=many(51)),
            "participants may hold at most 50 entries.",
        ),
        (
            with_participant(key=named(20)),
            with_participant(key=named(21)),
            "key must be a text of at most 20 characters.",
        ),
        (
            with_participant(name=named(120)),
            with_participant(name=named(121)),
            "name must be a text of at most 120 characters.",
        ),
        (
            with_participant(attributes={f"Attribute {n}": 1 for n in range(32)}),
            with_participant(attributes={f"Attribute {n}": 1 for n in range(33)}),
            "Harry: attributes may hold at most 32 entries.",
        ),
        (
            with_participant(attributes={"Dexterity": 100}),
            with_participant(attributes={"Dexterity": 101}),
            "Harry: Dexterity must be a whole number from -100 to 100.",
        ),
        (
            with_participant(attributes={"Dexterity": -100}),
            with_participant(attributes={"Dexterity": -101}),
            "Harry: Dexterity must be a whole number from -100 to 100.",
        ),
        (
            with_participant(health=100, health_max=100),
            with_participant(health=100, health_max=101),
            "Harry: health_max must be a whole number from 0 to 100.",
        ),
        (
            with_participant(health=100),
            with_participant(health=101),
            "Harry: health must be a whole number from 0 to 100.",
        ),
        (
            with_participant(side=named(60)),
            with_participant(side=named(61)),
            "Harry: side must be a text of at most 60 characters.",
        ),
    ],
)
def test_a_setting_takes_its_maximum_and_refuses_one_more(most, one_more, refusal):
    assert SKIRMISH.setup(most)["phase"] == "gathering"
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.setup(one_more)
    assert refused.value.code == "invalid_config"
    assert refused.value.detail == refusal


def test_the_storyguide_brings_in_participants_up_to_fifty():
    """Ch.7 ¶2 ("a fight involving multiple combatants"): a fiftieth is brought in, a
    fifty-first is refused, as a config of 51 is."""
    table = Table(config(participants=many(49)))
    table.do({"action": "add_participant", "participant": student("p50", "Student 50")})
    assert len(table.state["participants"]) == 50
    with pytest.raises(RuleViolation) as refused:
        table.do({"action": "add_participant", "participant": student("p51", "Student 51")})
    assert refused.value.code == "invalid_command"
    assert refused.value.detail == "participants may hold at most 50 entries."
    assert len(table.state["participants"]) == 50
