"""Timing: when special cards may be played (SPECIAL CARDS, FOUL AND REFEREE CARDS).

The text says to play a spell or jinx "anytime ... as soon as you realize a
card can be played to your advantage", and to resolve the effects "in the
order in which they are played". A server needs to know who may act when, so
a round opens three windows:

- ``before_plays``: after the pitch, before the pitcher lays a card;
- ``after_plays``: every face-down card is down, none is revealed yet;
- ``after_reveal``: after each ball's cards are turned over, before that ball
  is decided (the only window for fouls and the referee).

In a window both players may play special cards, face up, in any order; a
player who has nothing more to play passes. A card played answers the other
player, who may play again even after passing. The window closes when both
have passed since the last card, and the cards then take effect in the order
played (see :mod:`.specials` for cancelling).
"""

from __future__ import annotations

BEFORE_PLAYS, AFTER_PLAYS, AFTER_REVEAL = "before_plays", "after_plays", "after_reveal"
WINDOWS = (BEFORE_PLAYS, AFTER_PLAYS, AFTER_REVEAL)


def open_window(state: dict, name: str, events: list) -> None:
    state["phase"] = "window"
    state["window"] = {"name": name, "played": [], "passed": []}
    events.append({"type": "window_opened", "window": name})


def may_act(state: dict, seat: str) -> bool:
    window = state["window"]
    return state["phase"] == "window" and seat not in window["passed"]


def played(state: dict, entry: dict) -> None:
    """A special card goes on the table: both players may answer it."""
    state["window"]["played"].append(entry)
    state["window"]["passed"] = []


def passed(state: dict, seat: str) -> bool:
    """The seat passes; whether the window closes (both have passed)."""
    state["window"]["passed"].append(seat)
    return len(state["window"]["passed"]) == 2
