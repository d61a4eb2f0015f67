"""The card game's table, as the players see it over the cards: the pitch with the balls
in play and the cards laid on them, the special cards played in the open window, the
reader's hand as cards, and each side's piles; the other hand only as its size.

Drawn from the state as the reader may see it (``seen.view``) and nothing more.
The commands that belong on the table are buttons on it, in words: a card's
plays on the card itself (one button per ball or target, "Play Chaser 5 on
the Quaffle"), what "Take back" may bring back on that card of the discard
pile, a reveal on its ball. The frame draws the rest (deal, pitch, done, pass).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from games.tables import Offer, Seen, Table

from . import texts
from .rules import cards as c
from .rules import scoring
from .rules.visibility import FACE_DOWN

#: A hand reads best sorted as the players hold it: positions, then special cards.
HAND_ORDER = (c.KEEPER, c.CHASER, c.BEATER, c.SEEKER)
#: What a spell or jinx marked on a card takes from its value (a Keeper's Leg-Locker
#: makes it useless: the card says so).
MARKS = {c.LEG_LOCKER: "−1", c.REDUCE_BY_TWO: "−2"}


class CardTable(Table):
    template: ClassVar[str] = "quidditch_cards/table.html"
    draws: ClassVar[frozenset[str]] = frozenset({"play", "cast", "reveal"})

    def context(self, seen: Seen) -> dict:
        view = seen.view
        mine = next((team for team in c.TEAMS if team in seen.actor.controls), None)
        table = Reader(seen)
        return {
            "round": view["round"],
            "pitcher": view["pitcher"] and table.team(view["pitcher"]),
            "balls": [table.ball(ball) for ball in view["pitch"]["in_play"]],
            "pitch_deck": _count(view["pitch"]["deck"]),
            "pitch_discard": len(view["pitch"]["discard"]),
            "window": table.window(),
            # The other side above, the reader's own below, as across a table.
            "sides": [table.side(team, team == mine) for team in c.TEAMS if team != mine]
            + ([table.side(mine, True)] if mine else []),
            "over": view["over"],
        }


@dataclass
class Reader:
    """The table for one reader: the view they may see, in their language, with their offers."""

    seen: Seen

    @property
    def view(self) -> dict:
        return self.seen.view

    def team(self, team: str) -> str:
        return self.seen.words.seat(team, self.view, self.seen.language)

    def card(self, card: str, offers: list[Offer] = (), effects: list[str] = ()) -> dict:
        """A team card: its name, kind, value and deed, the marks on it, its buttons."""
        language = self.seen.language
        if card == FACE_DOWN:
            return {"face_down": True, "name": texts.card_name(card, language)}
        said = texts.card_text(card)
        useless = c.position(card) == c.KEEPER and c.LEG_LOCKER in effects
        return {
            "name": texts.card_name(card, language),
            "kind": self.seen.say(said.kind),
            "css": c.position(card) or "special",
            "value": c.value(card) if c.is_player_card(card) else None,
            "does": said.does and self.seen.say(said.does),
            "marks": [] if useless else [MARKS[effect] for effect in effects],
            "useless": useless,
            "offers": list(offers),
        }

    def ball(self, ball: str) -> dict:
        """A ball in play, the cards laid on it this round, who may not play on it."""
        laid = self.view["plays"].get(ball, {})
        return {
            "name": texts.ball(ball, self.seen.language, self.view).name,
            "css": c.face_of(ball),
            "current": self.view["current"] == ball,
            "laid": [
                {"team": self.team(team), "card": self.card(played["card"], (), played["effects"])}
                for team in c.TEAMS
                if (played := laid.get(team))
            ],
            "barred": [self.team(team) for team in c.TEAMS if ball in self.view["barred"][team]],
            "awarded": ball in self.view["awarded"] and self.team(self.view["awarded"][ball]),
            "offers": self.seen.offers_of("reveal", ball=ball),
        }

    def window(self) -> dict | None:
        """The window open for special cards: when, what lies on the table, who passed."""
        window = self.view["window"]
        if window is None:
            return None
        return {
            "when": self.seen.say(texts.WINDOWS[window["name"]]),
            "played": [
                {
                    "team": self.team(entry["player"]),
                    "card": self.card(entry["card"]),
                    "target": texts.target_phrase(entry["target"], self.seen.language, self.view),
                }
                for entry in window["played"]
            ],
            "passed": [self.team(team) for team in window["passed"]],
        }

    def side(self, team: str, mine: bool) -> dict:
        """A team's piles: the hand (cards for its holder, else a count), the deck, the
        discard pile, the scoring pile and its points, the Bludgers that hit it."""
        piles = self.view["teams"][team]
        hand = piles.get("hand")
        taking_back = [
            offer
            for offer in (self.seen.offers_of("cast") if mine else [])
            if c.face_of(offer.command["card"]) == c.TAKE_BACK
        ]
        return {
            "name": self.team(team),
            "css": team,
            "mine": mine,
            "pitcher": self.view["pitcher"] == team,
            "hand": None if hand is None else [self._in_hand(card) for card in _sorted(hand)],
            "hand_size": piles["hand_size"] if hand is None else len(hand),
            "deck": _count(piles["deck"]),
            "discard": [
                self.card(card, [o for o in taking_back if o.command["target"] == card])
                for card in piles["discard"]
            ],
            "taking_back": bool(taking_back),
            "scoring": list(
                Counter(
                    texts.card_name(card, self.seen.language) for card in piles["scoring"]
                ).items()
            ),
            "points": scoring.points(piles["scoring"]),
            "hits": piles["hits"],
        }

    def _in_hand(self, card: str) -> dict:
        """A card of the reader's hand with its plays; "Take back" has its buttons on the
        cards of the discard pile it may bring back."""
        if c.face_of(card) == c.TAKE_BACK:
            offers = []
        else:
            offers = [
                *self.seen.offers_of("play", card=card),
                *self.seen.offers_of("cast", card=card),
            ]
        return self.card(card, offers)


def _sorted(hand: list[str]) -> list[str]:
    def rank(card: str) -> tuple:
        held = c.position(card)
        if held is None:
            return (len(HAND_ORDER), c.SPECIALS.index(c.face_of(card)), card)
        return (HAND_ORDER.index(held), c.value(card), card)

    return sorted(hand, key=rank)


def _count(deck: int | list) -> int:
    """A deck is a count while the match runs, its list of cards once it is over."""
    return deck if isinstance(deck, int) else len(deck)
