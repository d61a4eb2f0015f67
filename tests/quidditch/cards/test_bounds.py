"""The bounds of the decks (issue 37 §3: "The card deck's copies has no maximum: 400,000
copies took 18 s and grew a command server from 411 to 754 MB"; docs/rules/card-game.md,
"Bounds of the settings"). EQUIPMENT counts 40 cards a team deck and 28 pitch cards; a deck
of a config holds at most twice that, 80 and 56 cards: its maximum is taken, one more
card (or one more entry of a list) is refused before a card is laid out."""

import time

import pytest

from games.ruleset import RuleViolation
from tests.quidditch.cards import MANIFEST, RULES

ONE_SEEKER = [{"card": "seeker11", "copies": 1}]
SNITCH = {"card": "snitch", "copies": 1}


def quaffles(copies: int) -> dict:
    return {"card": "quaffle", "copies": copies}


@pytest.mark.parametrize(
    ("most", "one_more", "refusal"),
    [
        (  # 80 cards in all
            {"team_deck": {"chaser7": 79, "seeker11": 1}},
            {"team_deck": {"chaser7": 80, "seeker11": 1}},
            "team_deck holds at most 80 cards.",
        ),
        (  # 80 copies of one card
            {"team_deck": {"seeker11": 80}},
            {"team_deck": {"seeker11": 81}},
            "team_deck: each number of copies is a whole number from 0 to 80.",
        ),
        (  # 80 entries of a list
            {"team_deck": ONE_SEEKER * 80},
            {"team_deck": [{"card": "seeker11", "copies": 0}] * 74 + ONE_SEEKER * 7},
            "team_deck may hold at most 80 entries.",
        ),
        (  # 56 pitch cards in all
            {"pitch_deck": {"quaffle": 55, "snitch": 1}},
            {"pitch_deck": {"quaffle": 56, "snitch": 1}},
            "pitch_deck holds at most 56 cards.",
        ),
        (  # 56 pitch cards in all, a card listed in two places
            {"pitch_deck": [quaffles(55), SNITCH]},
            {"pitch_deck": [quaffles(30), SNITCH, quaffles(26)]},
            "pitch_deck holds at most 56 cards.",
        ),
    ],
)
def test_equipment_a_deck_takes_its_maximum_and_refuses_one_more(most, one_more, refusal):
    state = RULES.setup(most)
    decks = [*state["teams"]["gryffindor"]["deck"], *state["pitch"]["deck"]]
    assert len(decks) in (80 + 28, 40 + 56)
    with pytest.raises(RuleViolation) as refused:
        RULES.setup(one_more)
    assert (refused.value.code, refused.value.rule) == ("invalid_config", "EQUIPMENT")
    assert refused.value.detail == refusal


@pytest.mark.parametrize(
    "team_deck",
    [{"chaser7": 400_000, "seeker11": 1}, [{"card": "chaser7", "copies": 400_000}, *ONE_SEEKER]],
)
def test_a_deck_of_400_000_copies_is_refused_before_a_card_is_laid_out(team_deck):
    """Issue 37 §3: refused at once (the server took 18 s and 343 MB to lay it out)."""
    started = time.perf_counter()
    with pytest.raises(RuleViolation) as refused:
        MANIFEST.cast.prepare({"team_deck": team_deck}, {})
    with pytest.raises(RuleViolation):
        RULES.setup({"team_deck": team_deck})
    assert time.perf_counter() - started < 0.5
    assert refused.value.code == "invalid_config"
    assert refused.value.detail == (
        "team_deck: each number of copies is a whole number from 0 to 80."
    )
