"""High card: a toy ruleset with hidden hands, registered by this module alone.

Two seats, ``north`` and ``south``. The referee deals: a shuffled deck of six
cards, two to each hand. Each seat plays one card face down; when both have
played, the cards are revealed and the higher one wins. Each card has an id
of its own (``c1``...``c6``, worth its number), so a leak is easy to spot.

Nothing outside this module is needed to play it through the API: importing
it registers ``high-card`` with the platform (its manifest: the rules, a line of
words per event, and a board).
"""

from __future__ import annotations

from html import escape

from games.dice import Dice
from games.manifest import Manifest, Playtest, register_manifest
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation, State
from games.words import Words

SEATS = ("north", "south")
DECK = [f"c{value}" for value in range(1, 7)]
SHUFFLE = "shuffle the deck"


def value(card: str) -> int:
    return int(card[1:])


class HighCard(Ruleset):
    name = "high-card"
    title = "High card"
    referee_relays = False
    secret_roll_purposes = frozenset({SHUFFLE})

    def setup(self, config: dict) -> State:
        return {"hands": {seat: [] for seat in SEATS}, "down": {}, "winner": None, "over": False}

    def seats(self, state):
        return list(SEATS)

    def apply(self, state, command, *, actor: Actor, dice: Dice, now: float) -> Outcome:
        action = command.get("action")
        if action == "deal" and actor.is_referee and not any(state["hands"].values()):
            deck = dice.shuffle(list(DECK), SHUFFLE)
            hands = {"north": deck[:2], "south": deck[2:4]}
            return Outcome({**state, "hands": hands}, [{"type": "dealt", "hands": hands}])
        seat, card = command.get("player"), command.get("card")
        if action != "play" or not actor.may_command(seat) or seat in state["down"]:
            raise RuleViolation("not_now", "That is not a move now.", "HC.1")
        if card not in state["hands"].get(seat, []):
            raise RuleViolation("not_in_hand", "Play a card of your hand.", "HC.2")
        hands = {**state["hands"], seat: [c for c in state["hands"][seat] if c != card]}
        down = {**state["down"], seat: card}
        events = [{"type": "played", "player": seat, "card": card}]
        new = {**state, "hands": hands, "down": down}
        if len(down) == 2:
            winner = max(SEATS, key=lambda s: value(down[s]))
            new.update(winner=winner, over=True)
            events.append({"type": "revealed", "down": down, "winner": winner})
        return Outcome(new, events)

    def allowed_commands(self, state, actor, *, now=None):
        if state["over"]:
            return []
        if not any(state["hands"].values()):
            return [{"action": "deal"}] if actor.is_referee else []
        return [
            {"action": "play", "player": seat, "card": card}
            for seat in SEATS
            if self._holds(seat, actor) and seat not in state["down"]
            for card in state["hands"][seat]
        ]

    def view(self, state, actor):
        return {
            **state,
            "hands": {
                seat: self._mine(seat, cards, actor) for seat, cards in state["hands"].items()
            },
            "down": {seat: self._mine(seat, card, actor) for seat, card in state["down"].items()},
        }

    def view_event(self, record, actor):
        record = super().view_event(record, actor)
        seat = record["command"].get("player")
        if record["command"]["action"] == "play" and not self._holds(seat, actor):
            hidden = {**record["command"], "card": "face down"}
            record = {**record, "command": hidden, "submitted": {"command": hidden}}
        events = [self._event_view(event, actor) for event in record["events"]]
        return {**record, "events": events}

    def _event_view(self, event, actor):
        if event["type"] == "dealt":
            hands = {s: self._mine(s, cards, actor) for s, cards in event["hands"].items()}
            return {**event, "hands": hands}
        if event["type"] == "played" and not self._holds(event["player"], actor):
            return {**event, "card": "face down"}
        return event

    def result(self, state):
        return {"winner": state["winner"]} if state["over"] else None

    @staticmethod
    def _holds(seat, actor: Actor) -> bool:
        """Only a seat's holder sees and plays its hand: not the referee, who deals."""
        return seat in actor.controls

    def _mine(self, seat, cards, actor):
        if self._holds(seat, actor):
            return cards
        return len(cards) if isinstance(cards, list) else "face down"


class HighCardWords(Words):
    """A line per event, in English only."""

    def narrate(self, event):
        if event["type"] == "dealt":
            return {"en": "The referee deals two cards to each hand."}
        if event["type"] == "played":
            return {"en": f"{event['player']} plays {event['card']}."}
        return {"en": f"{event['winner']} wins with {event['down'][event['winner']]}."}


def secrets(state: State) -> dict[str, set[str]]:
    """Each seat's hand and face-down card, while the game runs."""
    return {
        seat: {*state["hands"][seat], *([state["down"][seat]] if seat in state["down"] else [])}
        for seat in SEATS
        if not state["over"]
    }


def board(state: State) -> str:
    """Each hand and each face-down card as text: enough to see what a board shows whom."""
    lines = [
        f"{seat}: hand {state['hands'][seat]}, down {state['down'].get(seat, '-')}"
        for seat in SEATS
    ]
    texts = "".join(
        f'<text x="4" y="{20 * (row + 1)}">{escape(line)}</text>' for row, line in enumerate(lines)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="60">{texts}</svg>'


MANIFEST = register_manifest(
    Manifest(
        rules=HighCard(),
        words=HighCardWords(),
        board=board,
        moments=frozenset({"dealt", "played", "revealed"}),  # every event: a short game
        playtest=Playtest(max_commands=10, secrets=secrets),
    )
)
