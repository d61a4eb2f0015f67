"""EQUIPMENT and SET UP: the default decks hold every number the text gives; a match may
bring its own composition."""

import re
from collections import Counter
from pathlib import Path

import pytest

from games.ruleset import RuleViolation
from quidditch.cards.rules.cards import face_of, position, value
from tests.quidditch.cards import MANIFEST, RULES, G, S


def team_deck(state, team):
    return state["teams"][team]["deck"]


def test_two_team_decks_of_40_and_a_pitch_deck_of_28():
    """ "40 Red Gryffindor Team Cards", "40 Green Slytherin Team Cards", "28 Blue Pitch Cards"."""
    state = RULES.setup({})
    assert len(team_deck(state, G)) == len(team_deck(state, S)) == 40
    assert len(state["pitch"]["deck"]) == 28


def test_player_cards_have_the_values_of_their_positions_and_two_seekers_a_deck():
    """Beaters 1-3, Chasers 4-10, Keepers 6-10; "only two Seekers in each deck, with values
    of 11 and 12"."""
    deck = team_deck(RULES.setup({}), G)
    values = {}
    for card in deck:
        if position(card):
            values.setdefault(position(card), set()).add(value(card))
    assert values == {
        "beater": {1, 2, 3},
        "chaser": set(range(4, 11)),
        "keeper": set(range(6, 11)),
        "seeker": {11, 12},
    }
    assert sum(position(card) == "seeker" for card in deck) == 2


def test_each_deck_holds_the_four_spells_the_four_jinxes_the_two_fouls_and_a_referee():
    specials = Counter(
        face_of(card) for card in team_deck(RULES.setup({}), S) if not position(card)
    )
    assert specials == Counter(
        [
            "leg_locker",
            "full_body_bind",
            "alohomora",
            "wingardium_leviosa",
            "reduce_by_two",
            "take_one_card",
            "no_play_on_ball",
            "take_back",
            "remove_keeper",
            "free_goal",
            "referee",
        ]
    )


def test_the_pitch_deck_holds_quaffles_bludgers_goal_cards_and_one_golden_snitch():
    pitch = Counter(face_of(card) for card in RULES.setup({})["pitch"]["deck"])
    assert pitch == {"quaffle": 14, "bludger": 9, "goal": 4, "snitch": 1}


def test_every_card_has_an_id_of_its_own():
    state = RULES.setup({})
    cards = [*team_deck(state, G), *team_deck(state, S), *state["pitch"]["deck"]]
    assert len(set(cards)) == len(cards) == 108


def test_a_match_may_use_another_composition():
    config = {"team_deck": {"chaser7": 6, "seeker12": 2}, "pitch_deck": {"quaffle": 3, "snitch": 1}}
    state = RULES.setup(config)
    assert sorted(team_deck(state, G)) == [
        *(f"G-chaser7-{n}" for n in range(1, 7)),
        "G-seeker12-1",
        "G-seeker12-2",
    ]
    assert len(state["pitch"]["deck"]) == 4


@pytest.mark.parametrize(
    "config",
    [
        {"team_deck": {"chaser3": 10}},  # no Chaser 3: Chasers are 4-10
        {"team_deck": {"chaser7": 5, "seeker11": 1}},  # fewer than seven cards
        {"team_deck": {"chaser7": 9}},  # no Seeker: the Snitch could never be caught
        {"pitch_deck": {"quaffle": 9, "snitch": 2}},  # the Snitch is one of a kind
        {"pitch_deck": {"quaffle": -1, "snitch": 1}},
        {"decks": 2},
    ],
)
def test_a_composition_that_cannot_be_played_is_refused(config):
    with pytest.raises(RuleViolation) as caught:
        RULES.setup(config)
    assert caught.value.code == "invalid_config"


# Issue 30: "Deck orders given in a config are re-sorted into the built-in order, and the
# card game's docs list the pitch cards in an order other than the one used." A table that
# shuffles its own decks enters "each card's place before the shuffle": the order before
# the shuffle is the order the config gives, and the docs say the default one.


def test_a_deck_given_as_card_name_and_copies_lies_in_the_order_given():
    state = RULES.setup({"pitch_deck": {"snitch": 1, "goal": 2, "quaffle": 3}})
    assert state["pitch"]["deck"] == [
        "P-snitch-1",
        "P-goal-1",
        "P-goal-2",
        "P-quaffle-1",
        "P-quaffle-2",
        "P-quaffle-3",
    ]


def test_a_deck_given_as_a_list_may_name_a_card_in_several_places_and_lies_as_listed():
    layout = [
        {"card": "quaffle", "copies": 1},
        {"card": "snitch", "copies": 1},
        {"card": "bludger", "copies": 0},
        {"card": "quaffle", "copies": 2},
    ]
    state = RULES.setup({"pitch_deck": layout})
    assert state["pitch"]["deck"] == ["P-quaffle-1", "P-snitch-1", "P-quaffle-2", "P-quaffle-3"]


def test_the_stored_config_keeps_the_order_a_mapping_gave_as_a_list():
    """PostgreSQL's jsonb gives an object's keys back in an order of its own: the config
    is stored as a list, so that a replay lays the decks as the match did."""
    config = {"team_deck": {"seeker12": 1, "chaser7": 6}, "pitch_deck": {"snitch": 1, "quaffle": 2}}
    stored = MANIFEST.cast.prepare(config, {})
    assert stored == {
        "team_deck": [{"card": "seeker12", "copies": 1}, {"card": "chaser7", "copies": 6}],
        "pitch_deck": [{"card": "snitch", "copies": 1}, {"card": "quaffle", "copies": 2}],
    }
    assert RULES.setup(stored) == RULES.setup(config)
    assert MANIFEST.cast.prepare({}, {}) == {}, "no decks given: the defaults, nothing to store"


@pytest.mark.parametrize(
    "deck",
    [
        [{"card": "quaffle"}],
        [{"card": "quaffle", "copies": 2, "face": "up"}],
        [{"card": "chaser4", "copies": 1}],
        ["quaffle"],
        "quaffle",
    ],
)
def test_a_pitch_deck_list_that_is_not_cards_and_copies_is_refused(deck):
    with pytest.raises(RuleViolation) as caught:
        RULES.setup({"pitch_deck": deck})
    assert caught.value.code == "invalid_config"


def runs(cards: list[str]) -> list[tuple[str, int]]:
    """``[P-quaffle-1, P-quaffle-2, P-snitch-1]`` -> ``[("quaffle", 2), ("snitch", 1)]``."""
    counted: list[tuple[str, int]] = []
    for card in cards:
        face = face_of(card)
        if counted and counted[-1][0] == face:
            counted[-1] = (face, counted[-1][1] + 1)
        else:
            counted.append((face, 1))
    return counted


def test_the_docs_list_the_default_decks_in_the_order_they_lie_before_the_deal():
    """docs/rules/card-game.md, "The decks": each card name and its copies, team deck then
    pitch deck, in the order the service lays them."""
    docs = (Path(__file__).resolve().parents[3] / "docs/rules/card-game.md").read_text()
    section = docs.split("## The decks", 1)[1].split("\n## ", 1)[0]
    listed = [(name, int(copies)) for name, copies in re.findall(r"`(\w+)` ×(\d+)", section)]
    state = RULES.setup({})
    assert listed == runs(team_deck(state, G)) + runs(state["pitch"]["deck"])
    assert listed[-4:] == [("quaffle", 14), ("bludger", 9), ("goal", 4), ("snitch", 1)]
