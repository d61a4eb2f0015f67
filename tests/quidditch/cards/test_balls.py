"""PLAYING FOR A QUAFFLE, PLAYING ON A BLUDGER, PLAYING FOR THE GOLDEN SNITCH: every comparison.

Each row gives Slytherin's card and Gryffindor's as they count (``None``: a
sacrifice, no card, a useless Keeper) and who wins the ball (``None``: it stays).
"""

import pytest

from quidditch.cards.rules.balls import (
    Contender,
    bludger_winner,
    contender,
    quaffle_winner,
    snitch_winner,
)
from tests.quidditch.cards import G, Match, S, kinds, seven

BEATER, CHASER, KEEPER, SEEKER = "beater", "chaser", "keeper", "seeker"


def sides(slytherin, gryffindor):
    return {S: slytherin and Contender(*slytherin), G: gryffindor and Contender(*gryffindor)}


@pytest.mark.parametrize(
    ("slytherin", "gryffindor", "winner"),
    [
        # "If the card with the higher value is a Chaser, and the opponent's card is not a
        # Keeper with an equal or higher value the player with the Chaser card wins".
        ((CHASER, 9), (CHASER, 7), S),
        ((CHASER, 9), (KEEPER, 7), S),
        ((BEATER, 3), (CHASER, 5), G),
        # "If you both played cards of the same value, you have a tie ... remains in play."
        ((CHASER, 7), (CHASER, 7), None),
        # "If you played a Keeper with an equal or higher value than your opponent's Player
        # Card (Chaser, Beater), you blocked the goal ... but you didn't win it."
        ((KEEPER, 8), (CHASER, 8), None),
        ((KEEPER, 10), (CHASER, 4), None),
        ((KEEPER, 6), (BEATER, 2), None),
        # "If you both played a Keeper, the Keeper with the higher value wins the Quaffle."
        ((KEEPER, 9), (KEEPER, 7), S),
        # "If there is a tie, you both discard and the Quaffle stays in play."
        ((KEEPER, 8), (KEEPER, 8), None),
        # A Seeker is the highest card: it wins over a Keeper (reading: the higher card wins).
        ((SEEKER, 11), (KEEPER, 10), S),
        # A sacrifice: "Your opponent wins the Quaffle, provided they played a Player Card."
        (None, (BEATER, 1), G),
        (None, (KEEPER, 6), G),
        # "If you both sacrifice a Special Card ... the Quaffle stays in play."
        (None, None, None),
    ],
)
def test_playing_for_a_quaffle(slytherin, gryffindor, winner):
    assert quaffle_winner(sides(slytherin, gryffindor)) == winner


@pytest.mark.parametrize(
    ("slytherin", "gryffindor", "winner"),
    [
        # "If you both play a Beater, the card with the higher value wins."
        ((BEATER, 3), (BEATER, 1), S),
        # "If you play a Beater and your opponent plays any other type of card ... the Beater
        # always wins."
        ((BEATER, 1), (SEEKER, 12), S),
        ((CHASER, 10), (BEATER, 1), G),
        ((BEATER, 1), None, S),
        # "If you both play a Beater and there is a tie ... the Bludger stays in play."
        ((BEATER, 2), (BEATER, 2), None),
        # "If you both play non-Beater cards ... the Bludger stays in play."
        ((CHASER, 9), (KEEPER, 6), None),
        (None, None, None),
    ],
)
def test_playing_on_a_bludger(slytherin, gryffindor, winner):
    assert bludger_winner(sides(slytherin, gryffindor)) == winner


@pytest.mark.parametrize(
    ("slytherin", "gryffindor", "winner"),
    [
        # "If both ... play a Seeker, the one with the higher value catches the Golden Snitch"
        ((SEEKER, 12), (SEEKER, 11), S),
        # "If there is a tie, both Seekers are discarded and the Snitch remains in play."
        ((SEEKER, 11), (SEEKER, 11), None),
        # "If you play a Seeker and your opponent plays any other type of card, the Seeker
        # always wins"
        ((KEEPER, 10), (SEEKER, 11), G),
        ((SEEKER, 11), None, S),
        # "If you both play non-Seeker cards, both cards are discarded and the Snitch stays"
        ((CHASER, 10), (BEATER, 3), None),
    ],
)
def test_playing_for_the_golden_snitch(slytherin, gryffindor, winner):
    assert snitch_winner(sides(slytherin, gryffindor)) == winner


def played(card, *effects, face_up=True):
    return {"card": card, "face_up": face_up, "effects": list(effects)}


@pytest.mark.parametrize(
    ("card", "effects", "counts_as"),
    [
        ("S-chaser7-1", (), Contender(CHASER, 7)),
        # A special card laid face down is a sacrifice: "discard your Special Card without
        # using any of its powers".
        ("S-alohomora-1", (), None),
        # Leg-Locker: "reduces the value of one of your opponent's Beaters, Chasers or
        # Seekers by one point ... on an opponent's Keeper, the Keeper becomes useless."
        ("S-chaser7-1", ("leg_locker",), Contender(CHASER, 6)),
        ("S-seeker12-1", ("leg_locker",), Contender(SEEKER, 11)),
        ("S-keeper10-1", ("leg_locker",), None),
        # The jinx "Reduce opponent's card by 2 points": "Beater, Chaser, Seeker or Keeper".
        ("S-keeper10-1", ("reduce_by_two",), Contender(KEEPER, 8)),
        ("S-beater3-1", ("reduce_by_two", "leg_locker"), Contender(BEATER, 0)),
    ],
)
def test_a_card_counts_with_its_spells_and_jinxes(card, effects, counts_as):
    assert contender(played(card, *effects)) == counts_as


def bludger_round(match, slytherin_card, gryffindor_card, *faces):
    match.pass_window()
    match.play(S, "P-bludger-1", slytherin_card)
    match.play(G, "P-bludger-1", gryffindor_card)
    match.pass_window()
    return match.pass_window(*faces)


def test_a_won_bludger_takes_a_card_at_random_and_the_next_hand_is_one_short():
    """ "Pick a card from your opponent's hand (no peeking) and send it to their discard pile.
    Remove the Bludger ... Pitch discard pile"; "they can only draw a hand of 6"."""
    match = Match(
        slytherin=seven("S", "beater2"), gryffindor=seven("G"), pitch=["P-bludger-1", "P-snitch-1"]
    )
    hand_before = list(match.hand(G))
    events = bludger_round(match, "S-beater2-1", "G-chaser5-1", 3)  # the third card of six
    assert kinds(events)[1:3] == ["ball_won", "bludgered"]
    taken = [c for c in hand_before if c != "G-chaser5-1"][2]
    assert events[2]["taken"] == [taken] and taken in match.discard(G)
    assert match.state["pitch"]["discard"] == ["P-bludger-1"]
    assert len(match.hand(G)) == 6 and len(match.hand(S)) == 7
    assert match.state["teams"][G]["hits"] == 0, "this lasts for one round only"


def test_two_bludgers_in_a_round_leave_a_hand_of_five():
    """ "If your opponent is hit by two Bludgers in the same round ... reduced to 5 cards"."""
    match = Match(
        slytherin=seven("S", "beater2", "S-beater3-1"),
        gryffindor=seven("G"),
        pitch=["P-bludger-1", "P-bludger-2", "P-snitch-1"],
    )
    match.pass_window()
    match.done(S)
    match.pass_window()
    match.play(G, "P-bludger-1", "G-chaser5-1")
    match.play(G, "P-bludger-2", "G-chaser5-2")
    match.play(S, "P-bludger-1", "S-beater2-1")
    match.play(S, "P-bludger-2", "S-beater3-1")
    match.pass_window()
    match.do(G, {"action": "reveal", "ball": "P-bludger-1"})
    match.pass_window(1)
    match.pass_window(1)
    assert len(match.discard(G)) == 4, "two cards played, two taken"
    assert len(match.hand(G)) == 5
