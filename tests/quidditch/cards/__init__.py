"""Tests of the quidditch card game, and the scripted table they share.

A scripted match lays each deck in the order the test gives and deals with
dice that keep that order: Fisher-Yates on n cards rolls d n, d n-1, ..., d 2,
and the faces n, n-1, ..., 2 swap every card with itself. So the first seven
cards of a team deck are its hand, the next ones its draws, and the pitch
deck is turned over in the order given. Slytherin's first pitch comes with
the deal. Team decks are topped up with Chasers 4 (``S-chaser4-21``...) so
that no draw in a test reaches a reshuffle unless the test wants one. Every
command is checked to keep every card accounted for, and every event to
narrate without a placeholder.
"""

from __future__ import annotations

import pytest

from games.conformance import LEAKED_CODE
from games.dice import ScriptedDice
from games.ruleset import PLAYER, Actor, RuleViolation
from quidditch.cards.manifest import MANIFEST
from quidditch.cards.rules import CardQuidditch
from quidditch.cards.rules.cards import PREFIX
from quidditch.cards.rules.decks import all_cards
from tests.support import apply_scripted

RULES = CardQuidditch()
S, G = "slytherin", "gryffindor"
TOP_UP = 20


def unshuffled(cards: int) -> list[int]:
    """The dice that leave a deck of ``cards`` as it lies."""
    return list(range(cards, 1, -1))


def player(team: str) -> Actor:
    return Actor(PLAYER, frozenset({team}))


class Match:
    def __init__(self, *, slytherin: list[str], gryffindor: list[str], pitch: list[str]) -> None:
        state = RULES.setup({})
        decks = {S: slytherin, G: gryffindor}
        for team, cards in decks.items():
            top_up = [f"{PREFIX[team]}-chaser4-{n}" for n in range(21, 21 + TOP_UP)]
            state["teams"][team]["deck"] = [*cards, *top_up]
        state["pitch"]["deck"] = list(pitch)
        self.state = state
        self.cards = all_cards(state)
        faces = [
            *unshuffled(len(state["teams"][S]["deck"])),
            *unshuffled(len(state["teams"][G]["deck"])),
            *unshuffled(len(pitch)),
        ]
        self.events = self.do(S, {"action": "deal"}, *faces)

    def do(self, team: str, command: dict, *faces: int) -> list[dict]:
        command = command if command.get("action") == "deal" else {**command, "player": team}
        outcome = apply_scripted(RULES, self.state, command, player(team), faces)
        self.state, self.events = outcome.state, outcome.events
        assert all_cards(self.state) == self.cards, "every card is accounted for"
        for event in outcome.events:
            line = MANIFEST.words.narrate(event)["en"]
            assert line and not LEAKED_CODE.search(line), f"{event} narrates as {line!r}"
        return outcome.events

    def refused(self, team: str, command: dict, code: str) -> RuleViolation:
        with pytest.raises(RuleViolation) as caught:
            RULES.apply(
                self.state,
                {**command, "player": team},
                actor=player(team),
                dice=ScriptedDice([]),
                now=0.0,
            )
        assert caught.value.code == code
        return caught.value

    def play(self, team: str, ball: str, card: str, *faces: int) -> list[dict]:
        return self.do(team, {"action": "play", "ball": ball, "card": card}, *faces)

    def cast(self, team: str, card: str, target: str | None = None) -> list[dict]:
        return self.do(team, {"action": "cast", "card": card, "target": target})

    def pass_window(self, *faces: int, first: str = S) -> list[dict]:
        """Both players pass (``first`` first): the window's cards take effect."""
        self.do(first, {"action": "pass"})
        second = G if first == S else S
        return self.do(second, {"action": "pass"}, *faces)

    def done(self, team: str, *faces: int) -> list[dict]:
        return self.do(team, {"action": "done"}, *faces)

    def offered(self, team: str) -> list[dict]:
        return RULES.allowed_commands(self.state, player(team))

    def hand(self, team: str) -> list[str]:
        return self.state["teams"][team]["hand"]

    def discard(self, team: str) -> list[str]:
        return self.state["teams"][team]["discard"]

    def scoring(self, team: str) -> list[str]:
        return self.state["teams"][team]["scoring"]

    @property
    def window(self) -> str | None:
        return self.state["window"] and self.state["window"]["name"]


def kinds(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def seven(prefix: str, *cards: str) -> list[str]:
    """A hand of seven: the given faces (``chaser7``) as cards, topped up with Chasers 5."""
    named = [f"{prefix}-{face}-1" if "-" not in face else face for face in cards]
    return named + [f"{prefix}-chaser5-{n}" for n in range(1, 8 - len(named))]
