"""The pitch (Release one ball into play, Pitch Again, PLAYING A GOAL CARD): balls in play.

At most four balls are on the pitch: one Quaffle, two Bludgers, one Golden
Snitch. While a Quaffle is in play nobody pitches ("Only one Quaffle may be in
play at any time"). A third Bludger goes to the pitch discard pile and the
pitcher draws again; a Goal Card goes to the pitcher's scoring pile ("an
instant goal") and the pitcher draws again. A spent pitch deck takes its
shuffled discard pile. A ball is named by its card's id (``P-bludger-3``),
which tells the two Bludgers apart.
"""

from __future__ import annotations

from games.dice import Dice

from .cards import BLUDGER, GOAL, QUAFFLE, face_of
from .decks import shuffled

MOST_BLUDGERS = 2


def in_play(state: dict, ball: str) -> list[str]:
    """The balls of that kind on the pitch."""
    return [card for card in state["pitch"]["in_play"] if face_of(card) == ball]


def could_pitch(state: dict) -> bool:
    """Whether a new ball may be pitched: no Quaffle in play, and a card left that could
    come into play (a pitch deck of nothing but third Bludgers brings none)."""
    if in_play(state, QUAFFLE):
        return False
    left = state["pitch"]["deck"] + state["pitch"]["discard"]
    if len(in_play(state, BLUDGER)) < MOST_BLUDGERS:
        return bool(left)
    return any(face_of(card) != BLUDGER for card in left)


def pitch(state: dict, pitcher: str, dice: Dice, events: list) -> None:
    """Turn over pitch cards until one ball comes into play (or none can)."""
    while could_pitch(state):
        card = _draw(state, dice, events)
        if face_of(card) == GOAL:
            state["teams"][pitcher]["scoring"].append(card)
            events.append({"type": "goal_scored", "player": pitcher, "card": card})
        elif face_of(card) == BLUDGER and len(in_play(state, BLUDGER)) == MOST_BLUDGERS:
            state["pitch"]["discard"].append(card)
            events.append({"type": "third_bludger", "player": pitcher, "card": card})
        else:
            state["pitch"]["in_play"].append(card)
            events.append({"type": "pitched", "player": pitcher, "card": card})
            return
    events.append({"type": "no_ball_to_pitch", "player": pitcher})


def _draw(state: dict, dice: Dice, events: list) -> str:
    """The top pitch card; a spent pitch deck takes its discard pile, which the pitcher,
    about to draw, shuffles."""
    pitch = state["pitch"]
    if not pitch["deck"]:
        pitch["deck"] = shuffled(pitch["discard"], dice, "pitch", events, by=state["pitcher"])
        pitch["discard"] = []
    return pitch["deck"].pop(0)
