"""A table to play skirmishes at, on scripted dice, for the tests of this folder.

Four students quarrel in a corridor. Their attributes are chosen so that a
test can tell which one a roll added.
"""

import copy

import pytest

from games.dice import ScriptedDice
from games.ruleset import Actor, RuleViolation
from skirmish.manifest import MANIFEST

SKIRMISH = MANIFEST.rules
STORYGUIDE = Actor("referee")
SPECTATOR = Actor("spectator")
NOW = 1_700_000_000.0


def player(*keys: str) -> Actor:
    return Actor("player", frozenset(keys))


def student(key, name, **attributes):
    return {"key": key, "name": name, "character": None, "attributes": attributes, "health": 5}


CONFIG = {
    "die_size": 20,
    "categories": {"physical": "Dexterity", "mental": "Wits", "social": "Humor"},
    "defence_attribute": "Quickness",
    "participants": [
        student("p1", "Harry", Dexterity=5, Quickness=4, Wits=4, Humor=3, Strength=4, Toughness=4),
        student("p2", "Ron", Dexterity=3, Quickness=3, Wits=2, Humor=5, Strength=5, Toughness=5),
        student(
            "p3", "Hermione", Dexterity=4, Quickness=2, Wits=6, Humor=3, Strength=3, Toughness=3
        ),
        student("p4", "Draco", Dexterity=4, Quickness=1, Wits=4, Humor=4, Strength=3, Toughness=6),
    ],
}


def config(**changes) -> dict:
    return {**copy.deepcopy(CONFIG), **changes}


class Table:
    """One skirmish, played command by command, each with exactly the faces it needs."""

    def __init__(self, config: dict | None = None) -> None:
        self.state = SKIRMISH.setup(copy.deepcopy(config or CONFIG))

    def do(self, command: dict, *faces: int, actor: Actor = STORYGUIDE) -> list[dict]:
        dice = ScriptedDice(faces)
        outcome = SKIRMISH.apply(self.state, command, actor=actor, dice=dice, now=NOW)
        assert dice.unused == 0, "the command should have rolled every scripted face"
        self.state = outcome.state
        return outcome.events

    def refuse(self, command: dict, *faces: int, actor: Actor = STORYGUIDE) -> RuleViolation:
        """Submit an illegal command: it must raise and change nothing."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as caught:
            SKIRMISH.apply(self.state, command, actor=actor, dice=ScriptedDice(faces), now=NOW)
        assert self.state == before
        return caught.value

    def act(self, key: str, *faces: int, actor: Actor = STORYGUIDE, **action) -> list[dict]:
        return self.do({"action": "act", "participant": key, **action}, *faces, actor=actor)

    def end_turn(self, key: str | None = None) -> list[dict]:
        return self.do({"action": "end_turn", "participant": key or self.turn})

    def take_turn(self, key: str | None = None) -> list[dict]:
        """The participant whose turn it is acts (no roll needed) and ends its turn."""
        key = key or self.turn
        return self.act(key, what="shouts") + self.end_turn(key)

    def delay(self, key: str | None = None) -> list[dict]:
        return self.do({"action": "delay", "participant": key or self.turn})

    def re_enter(self, key: str) -> list[dict]:
        return self.do({"action": "re_enter", "participant": key})

    @property
    def turn(self) -> str:
        return self.state["turn"]

    @property
    def order(self) -> list[str]:
        return self.state["order"]

    def names(self, keys) -> list[str]:
        return [self.state["participants"][key]["name"] for key in keys]


def initiative_faces(order: list[str], attribute: str = "Dexterity") -> list[int]:
    """Two faces per participant, in config order, giving totals 19, 18, ... down ``order``."""
    values = {p["key"]: p["attributes"][attribute] for p in CONFIG["participants"]}
    totals = {key: 19 - place for place, key in enumerate(order)}
    return [
        face for p in CONFIG["participants"] for face in (totals[p["key"]] - values[p["key"]], 1)
    ]


def begun(order=("p1", "p3", "p2", "p4"), initiator="p4", **table_config) -> Table:
    """A skirmish Draco started with a shove: initiative rolled, round 1 under way."""
    table = Table(config(**table_config))
    table.do(
        {"action": "roll_initiative", "initiator": initiator, "category": "physical"},
        *initiative_faces(list(order)),
    )
    return table


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def the_action(events: list[dict]) -> dict:
    """The ``action`` event among ``events``: the roll, whatever followed it."""
    (action,) = [event for event in events if event["type"] == "action"]
    return action
