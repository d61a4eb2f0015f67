"""The config a skirmish starts from, and the state before initiative."""

import json

import pytest

from games.ruleset import RuleViolation, find_ruleset

from . import CONFIG, SKIRMISH, config, student


def test_the_ruleset_is_registered_as_skirmish():
    assert find_ruleset("skirmish") is SKIRMISH


def test_setup_builds_a_json_state_before_initiative_and_rolls_nothing():
    state = SKIRMISH.setup(config())
    assert json.loads(json.dumps(state)) == state
    assert state["phase"] == "gathering"
    assert state["order"] == []
    assert state["turn"] is None
    assert list(state["participants"]) == ["p1", "p2", "p3", "p4"]
    assert state["settings"] == {
        "die_size": 20,
        "defended_difficulty_base": 10,
        "defence_attribute": "Quickness",
        "max_interveners": None,
        "harm": 1,
        "categories": CONFIG["categories"],
    }
    assert state["participants"]["p1"]["health_max"] == 5, "a maximum left out is the Health"
    assert state["participants"]["p1"]["side"] is None


def test_participants_are_optional_in_the_config():
    state = SKIRMISH.setup({"categories": {"social": "Humor"}})
    assert state["participants"] == {}


@pytest.mark.parametrize(
    "changes",
    [
        {"die_size": 1},
        {"die_size": "20"},
        {"categories": {}},
        {"categories": {"social": 4}},
        {"defended_difficulty_base": 9.5},
        {"defence_attribute": ""},
        {"max_interveners": -1},
        {"participants": {"p1": "Harry"}},
        {"participants": [{"key": "p1"}]},
        {"participants": [{"key": "p1", "name": "Harry", "attributes": {"Wits": "high"}}]},
        {"participants": [{"key": "p1", "name": "Harry", "health": True}]},
        {"participants": [{"key": "p1", "name": "Harry", "character": "twelve"}]},
        {"participants": [student("p1", "Harry"), student("p1", "Harry again")]},
        {"participants": [{"key": "p1", "name": "Harry", "health": 6, "health_max": 5}]},
        {"participants": [{"key": "p1", "name": "Harry", "health": -1}]},
        {"participants": [{"key": "p1", "name": "Harry", "side": ""}]},
        {"participants": [{"key": "p1", "name": "Harry", "wand": "holly"}]},
        {"harm": -1},
        {"house_rules": "none"},
    ],
)
def test_a_bad_config_is_refused(changes):
    with pytest.raises(RuleViolation) as caught:
        SKIRMISH.setup(config(**changes))
    assert caught.value.code == "invalid_config"


def test_a_config_must_be_an_object():
    with pytest.raises(RuleViolation) as caught:
        SKIRMISH.setup(["p1"])
    assert caught.value.code == "invalid_config"
