"""The special cards (SPECIAL CARDS, SPELL AND JINX CARDS, FOUL AND REFEREE CARDS).

A special card is played face up in a window (:mod:`.windows`) with its
target, and waits on the table until the window closes. Then the cards take
effect "in the order in which they are played", except those cancelled: an
Alohomora cancels a spell or jinx played against its player, a Referee
cancels a foul. A cancelling card may itself be cancelled (an Alohomora
against an Alohomora), so cancelling is judged from the last card played
back to the first, before any effect. A card whose target is gone by the
time it takes effect (a Leg-Locker on a card a jinx discarded) does nothing.
Every special card then goes to its player's discard pile.

Laid face down on a ball instead, a special card is a *sacrifice* (or a
bluff): it counts as no card there and its power is not used (see
:mod:`.balls`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from games.dice import Dice

from . import cards as c
from .decks import discard, take_at_random
from .windows import AFTER_PLAYS, AFTER_REVEAL, BEFORE_PLAYS, WINDOWS

AFTER_CARDS_ARE_DOWN = (AFTER_PLAYS, AFTER_REVEAL)


def opponent_card(state: dict, seat: str, ball: str) -> dict | None:
    """The opponent's card on a ball of this round (``card``, ``face_up``, ``effects``)."""
    return state["plays"].get(ball, {}).get(c.opponent(seat))


# What each card may be aimed at, for the player who plays it.


def _opponents_cards(state: dict, seat: str) -> list[str]:
    """Balls of this round with an opponent's card on them, face down or up."""
    return [ball for ball in state["plays"] if opponent_card(state, seat, ball)]


def _balls_to_bar(state: dict, seat: str) -> list[str]:
    """Before the plays, any ball in play; later, the balls played on this round."""
    balls = state["pitch"]["in_play"] if state["window"]["name"] == BEFORE_PLAYS else state["plays"]
    return [ball for ball in balls if ball not in state["barred"][c.opponent(seat)]]


def _no_target(state: dict, seat: str) -> list[None]:
    return [None]


def _own_discards(state: dict, seat: str) -> list[str]:
    return list(state["teams"][seat]["discard"])


def _pending(kinds: tuple[str, ...]) -> Callable[[dict, str], list[str]]:
    def targets(state: dict, seat: str) -> list[str]:
        return [
            entry["card"]
            for entry in state["window"]["played"]
            if entry["player"] == c.opponent(seat) and c.face_of(entry["card"]) in kinds
        ]

    return targets


def _revealed_quaffle(state: dict, seat: str) -> list[str]:
    """The Quaffle just revealed: a foul never aims at a Bludger or the Snitch."""
    ball = state["current"]
    return [ball] if ball and c.face_of(ball) == c.QUAFFLE else []


def _revealed_keeper(state: dict, seat: str) -> list[str]:
    """The Quaffle just revealed, when the opponent's card on it is a Keeper."""
    keepers = []
    for ball in _revealed_quaffle(state, seat):
        played = opponent_card(state, seat, ball)
        if played and c.position(played["card"]) == c.KEEPER:
            keepers.append(ball)
    return keepers


# What each card does when it takes effect.


def _on_opponents_card(state, entry, dice, events) -> None:
    """Leg-Locker and "Reduce opponent's card by 2 points": marked on the card, counted when
    the ball is decided, so a face-down card's position is not given away."""
    played = opponent_card(state, entry["player"], entry["target"])
    if played is None:
        _fizzled(entry, events)
        return
    played["effects"].append(c.face_of(entry["card"]))
    events.append({**_took_effect(entry), "on": c.opponent(entry["player"])})


def _take_cards(count: int):
    def effect(state, entry, dice, events) -> None:
        victim = c.opponent(entry["player"])
        taken = take_at_random(state, victim, count, dice)
        events.append({**_took_effect(entry), "on": victim, "taken": taken})

    return effect


def _bar(state, entry, dice, events) -> None:
    """Wingardium Leviosa: the opponent may not play on the ball; a card there goes back
    to their hand."""
    victim, ball = c.opponent(entry["player"]), entry["target"]
    state["barred"][victim].append(ball)
    played = state["plays"].get(ball, {}).pop(victim, None)
    events.append({**_took_effect(entry), "on": victim})
    if played:
        state["teams"][victim]["hand"].append(played["card"])
        returned = {"type": "returned_to_hand", "player": victim, "ball": ball}
        events.append({**returned, "card": played["card"]})


def _discard_and_bar(state, entry, dice, events) -> None:
    """The jinx "Opponent can't play on a ball": their card there is discarded and they
    may play no further card on it."""
    victim, ball = c.opponent(entry["player"]), entry["target"]
    played = state["plays"].get(ball, {}).pop(victim, None)
    if played is None:
        _fizzled(entry, events)
        return
    state["barred"][victim].append(ball)
    discard(state, played["card"])
    events.append({**_took_effect(entry), "on": victim, "discarded": played["card"]})


def _take_back(state, entry, dice, events) -> None:
    piles = state["teams"][entry["player"]]
    if entry["target"] not in piles["discard"]:
        _fizzled(entry, events)
        return
    piles["discard"].remove(entry["target"])
    piles["hand"].append(entry["target"])
    events.append(_took_effect(entry))


def _remove_keeper(state, entry, dice, events) -> None:
    """The opponent's Keeper leaves the Quaffle, so any Player Card scores against nothing."""
    victim, ball = c.opponent(entry["player"]), entry["target"]
    played = state["plays"][ball].get(victim)
    if played is None or c.position(played["card"]) != c.KEEPER:
        _fizzled(entry, events)
        return
    del state["plays"][ball][victim]
    discard(state, played["card"])
    events.append({**_took_effect(entry), "on": victim, "discarded": played["card"]})


def _free_goal(state, entry, dice, events) -> None:
    """The Quaffle goes to the foul's player "no matter the value of your opponent's card";
    of two Free Goals the first to take effect wins it."""
    if entry["target"] in state["awarded"]:
        _fizzled(entry, events)
        return
    state["awarded"][entry["target"]] = entry["player"]
    events.append(_took_effect(entry))


class Special(NamedTuple):
    windows: tuple[str, ...]
    targets: Callable[[dict, str], list]
    #: What it does when it takes effect; ``None`` for a card that only cancels.
    effect: Callable | None
    #: The cards it cancels: an Alohomora the spells and jinxes played against its
    #: player (not "Take back", which is played for oneself), a Referee the fouls.
    cancels: tuple[str, ...] = ()


SPELLS_AND_JINXES_AGAINST = tuple(face for face in (*c.SPELLS, *c.JINXES) if face != c.TAKE_BACK)

CATALOGUE = {
    c.LEG_LOCKER: Special(AFTER_CARDS_ARE_DOWN, _opponents_cards, _on_opponents_card),
    c.FULL_BODY_BIND: Special(WINDOWS, _no_target, _take_cards(2)),
    c.ALOHOMORA: Special(
        WINDOWS, _pending(SPELLS_AND_JINXES_AGAINST), None, SPELLS_AND_JINXES_AGAINST
    ),
    c.WINGARDIUM_LEVIOSA: Special(WINDOWS, _balls_to_bar, _bar),
    c.REDUCE_BY_TWO: Special(AFTER_CARDS_ARE_DOWN, _opponents_cards, _on_opponents_card),
    c.TAKE_ONE_CARD: Special(WINDOWS, _no_target, _take_cards(1)),
    c.NO_PLAY_ON_BALL: Special(AFTER_CARDS_ARE_DOWN, _opponents_cards, _discard_and_bar),
    c.TAKE_BACK: Special(WINDOWS, _own_discards, _take_back),
    c.REMOVE_KEEPER: Special((AFTER_REVEAL,), _revealed_keeper, _remove_keeper),
    c.FREE_GOAL: Special((AFTER_REVEAL,), _revealed_quaffle, _free_goal),
    c.REFEREE: Special((AFTER_REVEAL,), _pending(c.FOULS), None, c.FOULS),
}
"""Every special card: when it may be played, at what, and what it does."""


def plays(state: dict, seat: str) -> list[tuple[str, str | None]]:
    """Every (card, target) the seat may play now from its hand.

    A player barred from a ball plays no special card on it either ("Your opponent can
    play no further cards (Player or Special) on the ball you jinxed").
    """
    window, barred = state["window"]["name"], state["barred"][seat]
    return [
        (card, target)
        for card in state["teams"][seat]["hand"]
        if c.is_special(card) and window in CATALOGUE[c.face_of(card)].windows
        for target in CATALOGUE[c.face_of(card)].targets(state, seat)
        if target not in barred
    ]


def take_effect(state: dict, dice: Dice, events: list) -> None:
    """The cards of the closing window, in the order played, less the cancelled ones."""
    played = state["window"]["played"]
    cancelled_by: dict[str, str] = {}
    for entry in reversed(played):
        if entry["card"] not in cancelled_by and CATALOGUE[c.face_of(entry["card"])].cancels:
            cancelled_by[entry["target"]] = entry["card"]
    for entry in played:
        special = CATALOGUE[c.face_of(entry["card"])]
        if entry["card"] in cancelled_by:
            events.append(
                {
                    "type": "cancelled",
                    "player": entry["player"],
                    "card": entry["card"],
                    "by": cancelled_by[entry["card"]],
                }
            )
        elif special.effect:
            special.effect(state, entry, dice, events)
        discard(state, entry["card"])
    state["window"]["played"] = []


def _took_effect(entry: dict) -> dict:
    return {"type": "took_effect", **entry}


def _fizzled(entry: dict, events: list) -> None:
    events.append({"type": "fizzled", **entry})
