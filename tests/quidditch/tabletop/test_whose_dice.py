"""Whose dice: at a table that rolls its own dice, a D6 concerning a player is thrown by that
player's side ("A D6 is then rolled by the Tackler", "the chaser and the keeper both roll a
dice"), the dice that follow from a roll by whoever threw it, and the dice that are nobody's
(a loose quaffle's drift, the snitch's place and flight) by the table (see "Whose die it is"
in docs/rules/tabletop-quidditch.md).

Each case enters the faces a test names and asks which die the match then waits for, as a
table is asked: (purpose, whose side), ``None`` for the table's.
"""

import pytest

from games.dice import DiceAwaited, EnteredDice
from tests.quidditch.tabletop import BOTH, RULES, Match, in_phase, order, scenario
from tests.quidditch.tabletop.test_bludgers import bludger_at

TABLES = None


def awaited(match, command: dict, *faces: int) -> tuple[str, str | None]:
    """The die ``command`` waits for once ``faces`` are entered: its purpose and side."""
    with pytest.raises(DiceAwaited) as waiting:
        RULES.apply(match.state, command, actor=BOTH, dice=EnteredDice(faces), now=0.0)
    return waiting.value.need.purpose, waiting.value.need.by


def test_the_first_phase_roll_is_each_sides():
    """ "At the start of the game the players role to see who will take the first phase"."""
    match = Match()
    assert awaited(match, {"action": "toss"}) == ("first phase", "home")
    assert awaited(match, {"action": "toss"}, 6) == ("first phase", "away")


TACKLE = order("tackle", "home-chaser2", target="away-chaser2", direction="N")
CARRIER = {"away_chaser2": [14, 10], "quaffle": {"carrier": "away-chaser2"}}


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ((), ("tackle", "home")),  # "A D6 is then rolled by the Tackler"
        ((5,), ("knocked off course", "home")),  # 5: "a random direction ..."
        ((5, 3), ("knocked off course: squares", "home")),  # "... Travels a D6"
        ((1,), ("bad tackle", "away")),  # 1: "they role a D6 as if they were the tackler"
        ((1, 5), ("knocked off course", "away")),
        ((1, 5, 3), ("knocked off course: squares", "away")),
    ],
)
def test_a_tackle_and_what_follows_it_are_thrown_by_whoever_rolls_the_tackle(faces, expected):
    match = in_phase(home_chaser2=[13, 10], **CARRIER)
    assert awaited(match, TACKLE, *faces) == expected


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ((), ("dodge", "home")),  # "they get a chance to dodge on a 3+"
        ((3,), ("bludger carries on", "home")),  # the dodger throws on where it goes
        ((2,), ("injury", "home")),  # "the victim rolls on the injury table"
        ((2, 5), ("knocked off course", "home")),
        ((2, 5, 3), ("knocked off course: squares", "home")),
        ((2, 6), ("moved by the opponent: squares", "away")),  # "chosen by opposing player"
    ],
)
def test_a_bludgers_contact_is_the_victims_to_dodge_and_to_suffer(faces, expected):
    match = bludger_at([15, 10])  # it flies into home chaser 2 when home's phase ends
    assert awaited(match, {"action": "end_phase", "side": "home"}, *faces) == expected


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ((), ("hit bludger", "home")),
        ((2,), ("hit bludger: squares", "home")),  # "a die is rolled and ... added"
        ((1,), ("missed bludger", "home")),  # "a directional dice is rolled along with the D6"
        ((1, 3), ("missed bludger: squares", "home")),
    ],
)
def test_a_beaters_hit_and_the_bludgers_flight_after_it_are_the_controlling_players(
    faces, expected
):
    match = bludger_at([16, 10], home_beater1=[13, 10])
    match.end_phase("home")
    hit = order("hit_bludger", "home-beater1", direction="E")
    assert awaited(match, hit, *faces) == expected


SHOT = order("shoot", "home-chaser2", hoop=2)


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ((), ("shot: chaser", "home")),  # "both players roll a D6": the chaser's player
        ((1,), ("shot: keeper", "away")),  # and "the player controlling the goalkeeper"
        ((1, 6), ("save", "away")),  # "If the goal is saved a dice must be rolled"
    ],
)
def test_a_shots_roll_off_is_both_sides_and_the_save_the_keepers(faces, expected):
    match = in_phase(
        home_chaser2=[27, 10], away_chaser2=[21, 17], quaffle={"carrier": "home-chaser2"}
    )
    assert awaited(match, SHOT, *faces) == expected


def test_a_repelled_quaffles_distance_is_the_keepers_player():
    """ "repelled in a random direction decided by the player controlling the keeper. A D6
    is then rolled to determine how far"."""
    match = in_phase(
        home_chaser2=[27, 10], away_chaser2=[21, 17], quaffle={"carrier": "home-chaser2"}
    )
    match.act("shoot", "home-chaser2", 1, 6, 2, hoop=2)
    repel = {"action": "repel", "side": "away", "direction": "N"}
    assert awaited(match, repel) == ("repelled quaffle", "away")


def test_a_catch_is_the_catchers_and_the_loose_quaffles_drift_the_tables():
    """ "the player must make a dice roll and achieve 2+"; "When the Quaffle goes loose it
    travels 1 square in a random direction": nobody's."""
    match = in_phase(home_chaser2=[15, 10])
    match.move("home-chaser2", [16, 10])
    catch = order("catch", "home-chaser2")
    assert awaited(match, catch) == ("catch", "home")
    assert awaited(match, catch, 1) == ("loose quaffle", TABLES)


def test_the_seekers_3d6_is_their_sides_and_the_snitchs_place_the_tables():
    """ "Each phase the seeker gives the player a roll of 3D6"; "the location is found by
    rolling one D6 for the width of the pitch and another for the length"."""
    match = Match({"scenario": scenario(side="away")})
    begin = {"action": "begin_phase", "side": "away"}
    assert awaited(match, begin) == ("snitch: 3D6", "away")
    assert awaited(match, begin, 1, 1, 1) == ("snitch: across", TABLES)


def test_the_snitchs_flight_is_the_tables():
    """ "The snitch moves in a direction defined by the directional dice"."""
    match = in_phase(snitch={"square": [24, 5], "seen": ["home"]}, begin=(1,))
    assert awaited(match, {"action": "end_phase", "side": "home"}) == ("snitch flies", TABLES)
