"""The bounds of a starting position (issue 37 §3: "Every setting of every ruleset has
bounds a real table would use"; docs/rules/tabletop-quidditch.md, "Bounds of the
settings"): a score of up to 1,000 points a side, and the snitch seen by at most the two
sides. Each maximum is taken, one more is refused before the match begins."""

import pytest

from games.ruleset import RuleViolation
from tests.quidditch.tabletop import RULES, scenario

SNITCH = [20, 12]


@pytest.mark.parametrize(
    ("most", "one_more", "refusal"),
    [
        (
            scenario(score={"home": 1000, "away": 0}),
            scenario(score={"home": 1001, "away": 0}),
            "score: home must be a whole number from 0 to 1000.",
        ),
        (
            scenario(score={"home": 0, "away": 1000}),
            scenario(score={"home": 0, "away": 1001}),
            "score: away must be a whole number from 0 to 1000.",
        ),
        (
            scenario(snitch={"square": SNITCH, "seen": ["home", "away"]}),
            scenario(snitch={"square": SNITCH, "seen": ["home", "away", "home"]}),
            "The snitch is given as {square: [x, y], seen: [sides]}.",
        ),
    ],
)
def test_a_starting_position_takes_its_maximum_and_refuses_one_more(most, one_more, refusal):
    assert RULES.setup({"scenario": most})["stage"] == "start"
    with pytest.raises(RuleViolation) as refused:
        RULES.setup({"scenario": one_more})
    assert refused.value.code == "invalid_config"
    assert refused.value.detail == refusal
