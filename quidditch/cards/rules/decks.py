"""The decks and piles (SET UP, Draw, Winning the Game): shuffling, drawing, taking at random.

Each team has a deck (face down), a hand (seen by its player only), a discard
pile (face up: "Take back any card from your card pile" lets a player pick
from it) and a scoring pile. The pitch deck has its own discard pile, where
won Bludgers and a third Bludger go.

Every shuffle is :meth:`games.dice.Dice.shuffle`, and every card taken "at
random" from a hand is a die, so the deck order and each random pick follow
from the seed revealed at the end. Those dice are rolled for the secret
purposes below, whose faces nobody sees while the match runs.
"""

from __future__ import annotations

from games.dice import Dice

from .cards import HAND_SIZE, opponent, owner_of

SHUFFLE = "shuffle"
AT_RANDOM = "a card at random"
SECRET_PURPOSES = frozenset({SHUFFLE, AT_RANDOM})


def shuffled(
    cards: list[str], dice: Dice, deck: str, events: list, *, by: str | None = None
) -> list[str]:
    """The cards in a new order, shuffled at a table by the player ``by`` (``None``: the
    table, as at the deal); the event says which deck, never the order."""
    order = list(dice.shuffle(list(cards), SHUFFLE, by=by))
    events.append({"type": "shuffled", "deck": deck, "cards": len(order)})
    return order


def draw(state: dict, team: str, count: int, dice: Dice, events: list) -> None:
    """Draw ``count`` cards into the hand; a spent deck takes the shuffled discard pile
    ("If you get through your deck ... shuffle your discard pile and continue play": the
    team's own player shuffles it)."""
    piles = state["teams"][team]
    drawn = []
    for _ in range(count):
        if not piles["deck"]:
            if not piles["discard"]:
                break
            piles["deck"] = shuffled(piles["discard"], dice, team, events, by=team)
            piles["discard"] = []
        drawn.append(piles["deck"].pop(0))
    piles["hand"].extend(drawn)
    if drawn:
        events.append({"type": "drew", "player": team, "count": len(drawn), "cards": drawn})


def draw_up(state: dict, team: str, dice: Dice, events: list) -> None:
    """Back up to seven, less one for each Bludger that hit the team this round."""
    piles = state["teams"][team]
    limit = HAND_SIZE - piles["hits"]
    draw(state, team, max(0, limit - len(piles["hand"])), dice, events)


def take_at_random(state: dict, team: str, count: int, dice: Dice) -> list[str]:
    """Up to ``count`` cards picked blindly from the team's hand onto its discard pile, by
    its opponent ("Pick a card from your opponent's hand (no peeking)", "Take 2 cards at
    random from your opponent's hand")."""
    piles = state["teams"][team]
    taken = []
    for _ in range(min(count, len(piles["hand"]))):
        card = piles["hand"].pop(dice.roll(len(piles["hand"]), AT_RANDOM, by=opponent(team)) - 1)
        piles["discard"].append(card)
        taken.append(card)
    return taken


def discard(state: dict, card: str) -> None:
    """A team card onto its owner's discard pile."""
    state["teams"][owner_of(card)]["discard"].append(card)


def all_cards(state: dict) -> list[str]:
    """Every card wherever it lies, sorted: hands, decks, discard and scoring piles, the
    pitch deck and its discard pile, the balls in play, the cards on them, the special
    cards on the table. No rule creates or destroys a card, so this never changes in a
    match: the simulation and ``bench/cards.py`` check it after every command."""
    cards = [played["card"] for ball in state["plays"].values() for played in ball.values()]
    for piles in state["teams"].values():
        cards += piles["deck"] + piles["hand"] + piles["discard"] + piles["scoring"]
    cards += state["pitch"]["deck"] + state["pitch"]["discard"] + state["pitch"]["in_play"]
    if state["window"]:
        cards += [entry["card"] for entry in state["window"]["played"]]
    return sorted(cards)
