"""Whose shuffle, whose card at random: at a table that shuffles its own cards, the decks of
the deal are shuffled by the table before "Each player chooses a Team Deck" (SET UP), a spent
team deck's discard pile by its player ("If you get through your deck ... shuffle your
discard pile", Winning the Game), a spent pitch deck by the pitcher about to draw from it;
and a card "at random from your opponent's hand" is picked by that opponent.

Each case asks what the match then waits for, as a table is asked: (purpose, whose seat),
``None`` for the table's.
"""

import pytest

from games.dice import DiceAwaited, EnteredDice
from tests.quidditch.cards import RULES, G, Match, S, all_cards, player, seven

TABLES = None
QUAFFLE, BLUDGER, SNITCH = "P-quaffle-1", "P-bludger-1", "P-snitch-1"


def awaited(state: dict, team: str | None, command: dict) -> tuple[str, str | None]:
    """The shuffle or die ``command`` (given by ``team``) waits for first: purpose and seat."""
    actor = player(team or S)
    command = {**command, "player": team} if team else command
    with pytest.raises(DiceAwaited) as waiting:
        RULES.apply(state, command, actor=actor, dice=EnteredDice([]), now=0.0)
    return waiting.value.need.purpose, waiting.value.need.by


def test_set_up_the_deal_is_shuffled_by_the_table():
    """ "Shuffle each deck and set them face down" comes before "Each player chooses a Team
    Deck": the decks are nobody's yet."""
    assert awaited(RULES.setup({}), None, {"action": "deal"}) == ("shuffle", TABLES)


def test_a_spent_team_deck_is_shuffled_by_its_player():
    match = Match(slytherin=seven("S", "chaser9"), gryffindor=seven("G"), pitch=[QUAFFLE, SNITCH])
    match.state["teams"][S]["deck"] = []
    match.state["teams"][S]["discard"] = ["S-chaser4-21"]
    match.cards = all_cards(match.state)
    match.pass_window()
    match.play(S, QUAFFLE, "S-chaser9-1")
    match.play(G, QUAFFLE, "G-chaser5-1")
    match.pass_window()
    match.do(S, {"action": "pass"})  # the draw after the round reaches the spent deck

    assert awaited(match.state, G, {"action": "pass"}) == ("shuffle", S)


def test_a_spent_pitch_deck_is_shuffled_by_the_pitcher_about_to_draw():
    match = Match(slytherin=seven("S"), gryffindor=seven("G"), pitch=[BLUDGER])
    match.state["pitch"]["discard"] = [QUAFFLE, "P-quaffle-2"]  # one card is not shuffled
    match.cards = all_cards(match.state)
    match.pass_window()

    assert awaited(match.state, S, {"action": "done"}) == ("shuffle", G)  # G pitches next


def test_a_won_bludgers_card_at_random_is_picked_by_the_winner():
    """ "Pick a card from your opponent's hand (no peeking)": Slytherin's Beater wins."""
    match = Match(slytherin=seven("S", "beater2"), gryffindor=seven("G"), pitch=[BLUDGER, SNITCH])
    match.pass_window()
    match.play(S, BLUDGER, "S-beater2-1")
    match.play(G, BLUDGER, "G-chaser5-1")
    match.pass_window()
    match.do(S, {"action": "pass"})

    assert awaited(match.state, G, {"action": "pass"}) == ("a card at random", S)


def test_full_body_binds_cards_at_random_are_picked_by_whoever_cast_it():
    """ "Take 2 cards at random from your opponent's hand and discard them"."""
    match = Match(
        slytherin=seven("S"), gryffindor=seven("G", "full_body_bind"), pitch=[QUAFFLE, SNITCH]
    )
    match.cast(G, "G-full_body_bind-1", None)
    match.do(S, {"action": "pass"})

    assert awaited(match.state, G, {"action": "pass"}) == ("a card at random", G)
