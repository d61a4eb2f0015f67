"""Teams of seven: who plays, how fast they fly, who leads, and where they line up.

"There are 7 players on each Quidditch team. 1 Seeker, 2 Beaters and 4
chasers", yet the text gives every team a keeper. The reading here, the usual
one: one keeper, three chasers, two beaters and a seeker; the keeper "may move
out of the area and behave as Chasers", so the keeper fills a phase's chaser
place when it acts. Any player may be the captain and any the star player
(the config names their positions; by default the keeper captains and the
seeker is the star).
"""

from __future__ import annotations

from functools import lru_cache

from .pitch import HOOP_INSET, Pitch, Square

SIDES = ("home", "away")
"""The two seats. Home defends the hoops at the west end (x = 0), away the east end."""

POSITIONS = ("keeper", "chaser1", "chaser2", "chaser3", "beater1", "beater2", "seeker")
KINDS = {
    "keeper": "chaser",
    "chaser1": "chaser",
    "chaser2": "chaser",
    "chaser3": "chaser",
    "beater1": "beater",
    "beater2": "beater",
    "seeker": "seeker",
}
"""A phase's three places: its chaser (a chaser or the keeper), its beater and its seeker."""
ROLES = {position: position.rstrip("123") for position in POSITIONS}
"""What each player is: keeper, chaser, beater or seeker."""

SPEED = 5
SEEKER_SPEED = 6
QUAFFLE_HANDS = ("keeper", "chaser1", "chaser2", "chaser3")
"""Who may touch the quaffle: anyone else doing so commits a foul."""

NUMBERS = {
    "keeper": 1,
    "chaser1": 2,
    "chaser2": 3,
    "chaser3": 4,
    "beater1": 5,
    "beater2": 6,
    "seeker": 7,
}
"""Each player's number on the board, as a person calls them ("chaser 3")."""

DEFAULT_TEAMS = {
    "home": {"name": None, "captain": "keeper", "star": "seeker"},
    "away": {"name": None, "captain": "keeper", "star": "seeker"},
}
"""A team the config does not name is called by its side ("Home", in the reader's words)."""


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def player_id(side: str, position: str) -> str:
    return f"{side}-{position}"


@lru_cache(maxsize=32)
def side_of(player: str) -> str:
    return player.split("-", 1)[0]


@lru_cache(maxsize=32)
def position_of(player: str) -> str:
    return player.split("-", 1)[1]


@lru_cache(maxsize=32)
def kind_of(player: str) -> str:
    return KINDS[position_of(player)]


@lru_cache(maxsize=32)
def is_chaser(player: str) -> bool:
    """A chaser proper; the keeper fills a phase's chaser place but is no chaser."""
    return position_of(player).startswith("chaser")


@lru_cache(maxsize=32)
def is_seeker(player: str) -> bool:
    return position_of(player) == "seeker"


@lru_cache(maxsize=32)
def is_beater(player: str) -> bool:
    return kind_of(player) == "beater"


@lru_cache(maxsize=32)
def handles_quaffle(player: str) -> bool:
    return position_of(player) in QUAFFLE_HANDS


# The questions above are asked of the same fourteen players again and again.


def every_player() -> list[str]:
    return [player_id(side, position) for side in SIDES for position in POSITIONS]


def formation(pitch: Pitch, side: str) -> dict[str, Square]:
    """Where a team lines up at the start: in its own half, out of the centre circle.

    Drawn for home (the west half) and mirrored for away; the distances from the
    centre line and the middle of the pitch scale with the pitch.
    """
    cx, cy = pitch.centre
    width = pitch.width
    west = {
        "keeper": (HOOP_INSET + 2, cy),
        "chaser1": (cx - 5, cy - width // 5),
        "chaser2": (cx - 5, cy),
        "chaser3": (cx - 5, cy + width // 5),
        "beater1": (cx - 7, cy - width * 3 // 10),
        "beater2": (cx - 7, cy + width * 3 // 10),
        "seeker": (cx - 3, cy - width // 3),
    }
    if side == "home":
        return west
    return {position: (pitch.length - 1 - x, y) for position, (x, y) in west.items()}
