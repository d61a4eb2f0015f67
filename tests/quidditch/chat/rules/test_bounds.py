"""The bounds of the match settings (issue 37 §3: "Every setting of every ruleset has bounds
a real table would use"; docs/rules/chat-quidditch.md, "Bounds of the settings"): up to ten
minutes to answer (§3.4 gives about ten seconds), names as long as the campaign's (a
house's 60 characters, a character's 120). Each maximum is taken, one more is refused
before the match begins."""

import pytest

from games.ruleset import RuleViolation

from . import RULES, config, team


def with_house(name: str) -> dict:
    return config(teams=[team(name), team("Slytherin")])


def with_player_name(name: str) -> dict:
    home = team("Gryffindor")
    home["players"][0]["name"] = name
    return config(teams=[home, team("Slytherin")])


@pytest.mark.parametrize(
    ("most", "one_more", "rule", "refusal"),
    [
        (
            config(answer_seconds=600),
            config(answer_seconds=601),
            "§3.4",
            "answer_seconds must be a number from 1 to 600.",
        ),
        (
            with_house("G" * 60),
            with_house("G" * 61),
            "§4.1.1",
            "house must be a text of at most 60 characters.",
        ),
        (
            with_player_name("N" * 120),
            with_player_name("N" * 121),
            "§2",
            "Gryffindor: name must be a text of at most 120 characters.",
        ),
    ],
)
def test_a_setting_takes_its_maximum_and_refuses_one_more(most, one_more, rule, refusal):
    state = RULES.setup(most)
    assert len(state["players"]) == 14
    with pytest.raises(RuleViolation) as refused:
        RULES.setup(one_more)
    assert (refused.value.code, refused.value.rule) == ("invalid_config", rule)
    assert refused.value.detail == refusal


def test_2_a_player_name_is_a_text():
    """§2: a player written out has a name, a text (a number or a list is none)."""
    with pytest.raises(RuleViolation) as refused:
        RULES.setup(with_player_name(["Oliver"] * 1000))
    assert refused.value.detail == "Gryffindor: name must be a text of at most 120 characters."
