"""The cards (EQUIPMENT, TYPES OF PITCH CARDS, SPECIAL CARDS): their names, kinds and values.

A card's *face* says what it is (``chaser7``, ``alohomora``, ``bludger``); a
card's *id* names one physical card (``G-chaser7-2``: the second Chaser 7 of
the Gryffindor deck), so that a hidden card can be followed, and checked to
stay hidden, without its face ever being guessed from anything public.

The text gives the deck sizes (40 team cards a deck, 28 pitch cards), the
value ranges (Beaters 1-3, Chasers 4-10, Keepers 6-10, Seekers 11 and 12, two
Seekers a deck) and the special cards, but not how many of each a deck holds
(RULES-NOTES). :data:`TEAM_DECK` and :data:`PITCH_DECK` are this project's
default composition (docs/rules/card-game.md); a match may bring its own.

A deck is written as a *layout*: its entries ``{"card": face, "copies": n}``
in the order the cards lie before the deal's shuffle, top first. A table that
shuffles its own cards and enters where each one went needs that order, so it
is kept as given, never re-sorted.
"""

from __future__ import annotations

import re
from collections import Counter

GRYFFINDOR, SLYTHERIN = "gryffindor", "slytherin"
TEAMS = (SLYTHERIN, GRYFFINDOR)
"""In the order they pitch: "The Slytherin player always pitches for the first round"."""
PREFIX = {GRYFFINDOR: "G", SLYTHERIN: "S"}
PITCH = "P"

# Player cards: a position and a value.
BEATER, CHASER, KEEPER, SEEKER = "beater", "chaser", "keeper", "seeker"
VALUES = {BEATER: range(1, 4), CHASER: range(4, 11), KEEPER: range(6, 11), SEEKER: range(11, 13)}

# Special cards (SPELL AND JINX CARDS, FOUL AND REFEREE CARDS).
LEG_LOCKER = "leg_locker"  # the text's "Leg-Looker": -1, or a Keeper made useless
FULL_BODY_BIND = "full_body_bind"  # the text's "Full Body Blind": two cards at random
ALOHOMORA = "alohomora"  # cancels a spell or jinx played against you
WINGARDIUM_LEVIOSA = "wingardium_leviosa"  # the opponent may not play on a ball
REDUCE_BY_TWO = "reduce_by_two"  # jinx: "Reduce opponent's card by 2 points."
TAKE_ONE_CARD = "take_one_card"  # jinx: "Take 1 card from opponent and discard."
NO_PLAY_ON_BALL = "no_play_on_ball"  # jinx: "Opponent can't play on a ball."
TAKE_BACK = "take_back"  # jinx: "Take back any card from your card pile."
REMOVE_KEEPER = "remove_keeper"  # foul: "Remove opponent's Keeper."
FREE_GOAL = "free_goal"  # foul: "Free Goal."
REFEREE = "referee"  # cancels any foul

SPELLS = (LEG_LOCKER, FULL_BODY_BIND, ALOHOMORA, WINGARDIUM_LEVIOSA)
JINXES = (REDUCE_BY_TWO, TAKE_ONE_CARD, NO_PLAY_ON_BALL, TAKE_BACK)
FOULS = (REMOVE_KEEPER, FREE_GOAL)
SPECIALS = (*SPELLS, *JINXES, *FOULS, REFEREE)

# Pitch cards.
QUAFFLE, BLUDGER, SNITCH, GOAL = "quaffle", "bludger", "snitch", "goal"
BALLS = (QUAFFLE, BLUDGER, SNITCH)
PITCH_FACES = (*BALLS, GOAL)

PLAYER_FACES = tuple(f"{kind}{value}" for kind, values in VALUES.items() for value in values)
TEAM_FACES = (*PLAYER_FACES, *SPECIALS)

TEAM_DECK = {
    **{f"beater{value}": count for value, count in ((1, 2), (2, 3), (3, 3))},
    **{f"chaser{value}": 2 for value in VALUES[CHASER]},
    **{f"keeper{value}": 1 for value in VALUES[KEEPER]},
    "seeker11": 1,
    "seeker12": 1,
    **dict.fromkeys(SPECIALS, 1),
}
"""40 cards: 8 Beaters, 14 Chasers, 5 Keepers, 2 Seekers, 4 spells, 4 jinxes, 2 fouls, a referee."""

PITCH_DECK = {QUAFFLE: 14, BLUDGER: 9, GOAL: 4, SNITCH: 1}
"""28 cards: the Golden Snitch is "one of a kind"; they lie in this order before the deal."""

MOST_CARDS = {"team_deck": 80, "pitch_deck": 56}
"""The most cards a deck of a config may hold: twice the box's (40 a team deck, 28 pitch
cards, EQUIPMENT), a longer match of two boxes' cards; and so the most copies of one card
(docs/rules/card-game.md, "Bounds of the settings")."""

HAND_SIZE = 7
SNITCH_POINTS = 150
GOAL_POINTS = 10
"""Each Quaffle and each Goal Card in a scoring pile (Winning the Game)."""

_PLAYER = re.compile(r"([a-z]+)(\d+)")


def opponent(team: str) -> str:
    return TEAMS[1 - TEAMS.index(team)]


def face_of(card: str) -> str:
    """``G-chaser7-2`` -> ``chaser7``."""
    return card.split("-")[1]


def owner_of(card: str) -> str:
    """The team whose deck a team card belongs to."""
    return GRYFFINDOR if card.startswith(PREFIX[GRYFFINDOR]) else SLYTHERIN


def position(card: str) -> str | None:
    """The position of a player card (``chaser``), ``None`` for a special card."""
    match = _PLAYER.fullmatch(face_of(card))
    return match[1] if match else None


def value(card: str) -> int:
    """The printed value of a player card."""
    return int(_PLAYER.fullmatch(face_of(card))[2])


def is_player_card(card: str) -> bool:
    return position(card) is not None


def is_special(card: str) -> bool:
    return face_of(card) in SPECIALS


def layout(composition: dict[str, int]) -> list[dict]:
    """A composition (face -> copies) as a layout, in the composition's own order."""
    return [{"card": face, "copies": copies} for face, copies in composition.items()]


def counts(deck: list[dict]) -> Counter[str]:
    """How many cards of each face a layout holds (a face may come in several entries)."""
    held: Counter[str] = Counter()
    for entry in deck:
        held[entry["card"]] += entry["copies"]
    return held


def card_ids(prefix: str, deck: list[dict]) -> list[str]:
    """One id per physical card, in the layout's order, each face's copies numbered on
    from one entry to the next: ``G-chaser7-1``, ``G-chaser7-2``."""
    numbered: Counter[str] = Counter()
    ids = []
    for entry in deck:
        for _ in range(entry["copies"]):
            numbered[entry["card"]] += 1
            ids.append(f"{prefix}-{entry['card']}-{numbered[entry['card']]}")
    return ids
