"""The bounds of the dice game's settings (issue 37 §3: "a game with snitch_to_catch: 10**12
runs practically forever"; docs/rules/dice-quidditch.md, "Bounds of the settings"): each
setting's maximum is taken, one more is refused before the game begins."""

import pytest

from games.ruleset import RuleViolation
from tests.quidditch.dice import RULES


@pytest.mark.parametrize(
    ("setting", "most", "refusal"),
    [
        ("snitch_to_catch", 10, "snitch_to_catch must be a whole number from 1 to 10."),
        ("catch_bonus", 100, "catch_bonus must be a whole number from 0 to 100."),
    ],
)
def test_la_victoire_a_setting_takes_its_maximum_and_refuses_one_more(setting, most, refusal):
    assert RULES.setup({setting: most})["settings"][setting] == most
    with pytest.raises(RuleViolation) as refused:
        RULES.setup({setting: most + 1})
    assert (refused.value.code, refused.value.rule) == ("invalid_config", "LA VICTOIRE")
    assert refused.value.detail == refusal


def test_la_victoire_a_snitch_caught_at_10_to_the_12_points_is_refused():
    """Issue 37 §3: bots in every seat wrote 2,000 events a second of such a game."""
    with pytest.raises(RuleViolation) as refused:
        RULES.setup({"snitch_to_catch": 10**12})
    assert refused.value.code == "invalid_config"
    assert refused.value.detail == "snitch_to_catch must be a whole number from 1 to 10."
