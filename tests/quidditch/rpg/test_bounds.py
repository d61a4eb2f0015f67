"""The bounds of the config (issue 37 §3: "Every setting of every ruleset has bounds a real
table would use"; docs/rules/rpg-quidditch.md, "Bounds of the settings"): names as long as
the campaign's (a house's 60 characters, a character's 120), attributes from -100 to 100,
Health up to 100. Each maximum is taken, one more is refused before the match begins."""

import pytest

from games.ruleset import RuleViolation
from quidditch.rpg.manifest import MANIFEST
from tests.quidditch.rpg import RULES, team


def with_first_player(**fields) -> dict:
    home = team("Gryffindor")
    home["players"][0].update(fields)
    return {"teams": [home, team("Slytherin")]}


def with_house(name: str) -> dict:
    return {"teams": [team(name), team("Slytherin")]}


def attributes(strength: int) -> dict:
    return {"attributes": {"Strength": strength, "Toughness": 4, "Dexterity": 5}}


@pytest.mark.parametrize(
    ("most", "one_more", "refusal"),
    [
        (
            with_house("G" * 60),
            with_house("G" * 61),
            "house must be a text of at most 60 characters.",
        ),
        (
            with_first_player(name="N" * 120),
            with_first_player(name="N" * 121),
            "Gryffindor 1: name must be a text of at most 120 characters.",
        ),
        (
            with_first_player(**attributes(100)),
            with_first_player(**attributes(101)),
            "GC1: Strength must be a whole number from -100 to 100.",
        ),
        (
            with_first_player(**attributes(-100)),
            with_first_player(**attributes(-101)),
            "GC1: Strength must be a whole number from -100 to 100.",
        ),
        (
            with_first_player(health=100),
            with_first_player(health=101),
            "GC1: health must be a whole number from 1 to 100.",
        ),
    ],
)
def test_quidditch_a_team_takes_its_maximum_and_refuses_one_more(most, one_more, refusal):
    state = RULES.setup(most)
    assert len(state["players"]) == 14
    with pytest.raises(RuleViolation) as refused:
        RULES.setup(one_more)
    assert (refused.value.code, refused.value.rule) == ("invalid_config", "QUIDDITCH")
    assert refused.value.detail == refusal


def test_quidditch_a_team_of_more_than_seven_is_refused_before_its_players_are_read():
    """Seven a team (three chasers, two beaters, a keeper and a seeker): an eighth, even one
    the campaign does not have, is refused for the count, in prepare as in setup."""
    home = team("Gryffindor")
    home["players"].append({"character": 99})
    config = {"teams": [home, team("Slytherin")]}
    for step in (lambda: MANIFEST.cast.prepare(config, {}), lambda: RULES.setup(config)):
        with pytest.raises(RuleViolation) as refused:
            step()
        assert refused.value.detail == "Gryffindor: players may hold at most 7 entries."
