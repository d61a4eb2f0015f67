"""The card game's table (issue 29): "my hand as cards (name, kind, value, what a special
card does), the pitch with the balls in play, both piles, how many cards the other side
holds; a card I may play is a button on the card", drawn from the reader's view alone.
"""

import re

import pytest

from games.ruleset import REFEREE, SPECTATOR, Actor
from games.tables import Seen, in_words
from quidditch.cards.table import CardTable
from tests.quidditch.cards import MANIFEST, RULES, G, Match, S, player, seven

QUAFFLE, SNITCH = "P-quaffle-1", "P-snitch-1"
CARD_ID = re.compile(r"\b[GSP]-[a-z_]+\d*-\d+\b")


def drawn(match: Match, actor: Actor, language: str = "en") -> dict:
    view = RULES.view(match.state, actor)
    commands = RULES.allowed_commands(match.state, actor)
    seen = Seen(RULES, view, actor, language, in_words(MANIFEST.words, view, commands, language))
    return CardTable().context(seen)


def side(table: dict, name: str) -> dict:
    return next(side for side in table["sides"] if side["name"] == name)


def on_the_quaffle() -> Match:
    match = Match(
        slytherin=seven("S", "chaser9", "alohomora", "beater2"),
        gryffindor=seven("G", "keeper8"),
        pitch=[QUAFFLE, SNITCH],
    )
    match.pass_window()
    return match


def test_my_hand_is_cards_with_their_name_kind_value_and_what_a_special_card_does():
    mine = side(drawn(on_the_quaffle(), player(S)), "Slytherin")
    assert mine["mine"] and len(mine["hand"]) == 7
    chaser = next(card for card in mine["hand"] if card["name"] == "Chaser 9")
    assert (chaser["kind"], chaser["value"]) == ("Chaser", 9)
    alohomora = next(card for card in mine["hand"] if card["name"] == "Alohomora")
    assert (alohomora["kind"], alohomora["value"]) == ("Spell", None)
    assert alohomora["does"] == "Cancels a spell or jinx played against you."
    assert [card["name"] for card in mine["hand"]][:2] == ["Chaser 5", "Chaser 5"], "sorted"


def test_a_card_i_may_play_carries_a_button_naming_the_ball():
    mine = side(drawn(on_the_quaffle(), player(S)), "Slytherin")
    chaser = next(card for card in mine["hand"] if card["name"] == "Chaser 9")
    (button,) = chaser["offers"]
    assert button.text == "Play Chaser 9 on the Quaffle"
    assert button.command == {"action": "play", "player": S, "ball": QUAFFLE, "card": "S-chaser9-1"}


def test_the_other_side_is_a_number_of_cards_above_mine():
    match = on_the_quaffle()
    table = drawn(match, player(S))
    assert [side["name"] for side in table["sides"]] == ["Gryffindor", "Slytherin"]
    theirs = side(table, "Gryffindor")
    assert theirs["hand"] is None and theirs["hand_size"] == 7
    assert not set(CARD_ID.findall(repr(table))) & set(match.hand(G)), "no card of their hand"


def test_the_pitch_shows_the_balls_and_the_cards_laid_face_down_or_by_name_to_their_player():
    match = on_the_quaffle()
    match.play(S, QUAFFLE, "S-chaser9-1")
    (quaffle,) = drawn(match, player(G))["balls"]
    assert quaffle["name"] == "Quaffle"
    assert [(laid["team"], laid["card"]) for laid in quaffle["laid"]] == [
        ("Slytherin", {"face_down": True, "name": "a card face down"})
    ]
    (quaffle,) = drawn(match, player(S))["balls"]
    assert quaffle["laid"][0]["card"]["name"] == "Chaser 9"


def test_a_leg_locker_on_a_turned_over_card_shows_on_it():
    """Leg-Locker "reduces the value of one of your opponent's ... Chasers ... by one point"."""
    match = Match(
        slytherin=seven("S", "chaser9"), gryffindor=seven("G", "leg_locker"), pitch=[QUAFFLE]
    )
    match.pass_window()
    match.play(S, QUAFFLE, "S-chaser9-1")
    match.play(G, QUAFFLE, "G-chaser5-1")
    match.cast(G, "G-leg_locker-1", QUAFFLE)
    match.pass_window(first=G)
    (quaffle,) = drawn(match, player(G))["balls"]
    slytherins = quaffle["laid"][0]["card"]
    assert quaffle["current"] and (slytherins["name"], slytherins["marks"]) == ("Chaser 9", ["−1"])


def test_the_cards_take_back_may_bring_back_carry_its_buttons_in_the_discard_pile():
    match = Match(
        slytherin=seven("S", "chaser9", "take_back"), gryffindor=seven("G"), pitch=[QUAFFLE]
    )
    match.pass_window()
    match.play(S, QUAFFLE, "S-chaser9-1")
    match.play(G, QUAFFLE, "G-chaser5-1")
    match.pass_window()
    match.pass_window()  # the Quaffle is decided: Chaser 9 lies in Slytherin's discard pile
    mine = side(drawn(match, player(S)), "Slytherin")
    (take_back,) = [card for card in mine["hand"] if card["name"] == "Take Back"]
    assert take_back["offers"] == []
    (nine,) = [card for card in mine["discard"] if card["name"] == "Chaser 9"]
    assert [offer.text for offer in nine["offers"]] == ["Take Chaser 9 back with Take Back"]
    assert mine["taking_back"]


def test_the_reveals_are_buttons_on_their_balls():
    """ "If more than one ball is played on in a round, the pitcher determines the order"."""
    match = Match(slytherin=seven("S", "seeker11"), gryffindor=seven("G"), pitch=[SNITCH, QUAFFLE])
    match.pass_window()
    match.done(S)
    match.pass_window(first=G)  # Gryffindor pitches the Quaffle and plays on both
    match.play(G, SNITCH, "G-chaser5-1")
    match.play(G, QUAFFLE, "G-chaser5-2")
    match.play(S, SNITCH, "S-seeker11-1")
    match.play(S, QUAFFLE, "S-chaser5-1")
    match.pass_window()
    balls = drawn(match, player(G))["balls"]
    assert [[offer.text for offer in ball["offers"]] for ball in balls] == [
        ["Turn over the Golden Snitch"],
        ["Turn over the Quaffle"],
    ]
    assert all(ball["offers"] == [] for ball in drawn(match, player(S))["balls"])


@pytest.mark.parametrize("actor", [Actor(SPECTATOR), Actor(REFEREE)])
def test_a_spectator_and_the_storyguide_in_no_seat_see_both_hands_as_numbers(actor):
    table = drawn(on_the_quaffle(), actor)
    assert [(s["name"], s["hand"], s["hand_size"]) for s in table["sides"]] == [
        ("Slytherin", None, 7),
        ("Gryffindor", None, 7),
    ]


def test_the_table_speaks_the_readers_language():
    table = drawn(on_the_quaffle(), player(S), "de")
    mine = side(table, "Slytherin")
    chaser = next(card for card in mine["hand"] if card["value"] == 9)
    assert (chaser["name"], chaser["kind"]) == ("Jäger 9", "Jäger")
    assert chaser["offers"][0].text == "Jäger 9 auf den Quaffel spielen"
    assert table["balls"][0]["name"] == "Quaffel"
    assert side(drawn(on_the_quaffle(), player(S), "fr"), "Slytherin")["mine"]


def test_the_end_says_who_won_and_the_points():
    """9. Winning the Game, as the page ends on it (issue 39): the frame says the ruleset's
    ending, the table draws no result of its own."""
    match = Match(slytherin=seven("S", "seeker12"), gryffindor=seven("G"), pitch=[SNITCH])
    match.pass_window()
    match.play(S, SNITCH, "S-seeker12-1")
    match.play(G, SNITCH, "G-chaser5-1")
    match.pass_window()
    match.pass_window()
    view = RULES.view(match.state, player(G))
    assert drawn(match, player(G))["over"] is True
    assert Seen(RULES, view, player(G), "en").ending() == (
        "Slytherin wins 150 to 0: Slytherin caught the Golden Snitch (150 points) in round 1 "
        "and scored 0 in Quaffles and Goal Cards (10 points each), Gryffindor 0."
    )
