"""EQUIPMENT and SET UP: the default decks hold every number the text gives; a match may
bring its own composition."""

from collections import Counter

import pytest

from games.ruleset import RuleViolation
from quidditch.cards.rules.cards import face_of, position, value
from tests.quidditch.cards import RULES, G, S


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
