"""Tests of Table Top Quidditch, and the small driver they share.

Matches start from a scenario (``in_phase``): the kick-off line-up of the default
33 x 21 pitch with the given players moved, both bludgers parked at the bottom
edge where nobody is within their 4-square flight, the snitch hidden, and the
home side to play. Beginning a phase rolls the seeker's 3D6 (by default 6, 6, 6:
no snitch), or, once the snitch is out, the spotting roll of each seeker who has
not seen it yet; so the dice a test scripts are only those of the rule it names.

Home line-up: keeper (4, 10), chasers (11, 6), (11, 10), (11, 14), beaters
(9, 4), (9, 16), seeker (13, 3); away mirrors it: keeper (28, 10), chasers
(21, 6), (21, 10), (21, 14), beaters (23, 4), (23, 16), seeker (19, 3).
"""

from __future__ import annotations

import pytest

from games.conformance import LEAKED_CODE
from games.dice import ScriptedDice
from games.ruleset import PLAYER, Actor, RuleViolation
from quidditch.tabletop.manifest import MANIFEST
from quidditch.tabletop.rules.pitch import pitch_of
from quidditch.tabletop.rules.teams import SIDES, formation, player_id
from tests.support import apply_scripted

RULES = MANIFEST.rules
BOTH = Actor(PLAYER, frozenset(SIDES))
"""One person playing both sides: every test gives any side's commands."""
PITCH = pitch_of(33, 21)
PARKED = [[16, 20], [15, 20]]
NO_SNITCH = (6, 6, 6)


def lineup(**moved) -> dict:
    """Every player's square: the kick-off line-up, with ``moved`` (``home_chaser1=[x, y]``)."""
    squares = {
        player_id(side, position): list(square)
        for side in SIDES
        for position, square in formation(PITCH, side).items()
    }
    for name, square in moved.items():
        squares[name.replace("_", "-")] = square
    return squares


class Match:
    def __init__(self, config: dict | None = None) -> None:
        self.state = RULES.setup(config or {})
        self.events: list[dict] = []

    def do(self, command: dict, *faces: int) -> list[dict]:
        """Apply ``command`` on exactly these faces; every event it tells must narrate."""
        outcome = apply_scripted(RULES, self.state, command, BOTH, faces)
        self.state, self.events = outcome.state, outcome.events
        for event in outcome.events:
            line = MANIFEST.words.narrate(event)["en"]
            assert line.strip() and not LEAKED_CODE.search(line), line
        return outcome.events

    def refused(self, command: dict, code: str) -> RuleViolation:
        with pytest.raises(RuleViolation) as caught:
            RULES.apply(self.state, command, actor=BOTH, dice=ScriptedDice([1] * 50), now=0.0)
        assert caught.value.code == code, caught.value
        return caught.value

    def offered(self) -> list[dict]:
        return RULES.allowed_commands(self.state, BOTH)

    # Orders, as a player gives them.

    def begin(self, side: str, *faces: int) -> list[dict]:
        return self.do({"action": "begin_phase", "side": side}, *faces)

    def move(self, player: str, to, *faces: int) -> list[dict]:
        return self.do(order("move", player, to=list(to)), *faces)

    def act(self, action: str, player: str, *faces: int, **fields) -> list[dict]:
        return self.do(order(action, player, **fields), *faces)

    def end_phase(self, side: str = "home", *faces: int) -> list[dict]:
        return self.do({"action": "end_phase", "side": side}, *faces)

    # Where things are.

    def at(self, player: str) -> list | None:
        return self.state["players"][player]["square"]

    @property
    def quaffle(self) -> dict:
        return self.state["quaffle"]


def order(action: str, player: str, **fields) -> dict:
    return {"action": action, "side": player.split("-")[0], "player": player, **fields}


def scenario(*, side="home", quaffle=None, bludgers=None, snitch=None, score=None, **moved):
    given = {
        "side": side,
        "players": lineup(**moved),
        "quaffle": quaffle or {"square": [16, 10]},
        "bludgers": bludgers or PARKED,
    }
    if snitch is not None:
        given["snitch"] = snitch
    if score is not None:
        given["score"] = score
    return given


def in_phase(*, teams=None, begin=NO_SNITCH, **given) -> Match:
    """A match from ``scenario(**given)`` whose side has begun its phase."""
    config = {"scenario": scenario(**given)}
    if teams is not None:
        config["teams"] = teams
    match = Match(config)
    match.begin(config["scenario"]["side"], *begin)
    return match


def kinds(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def first(events: list[dict], kind: str) -> dict:
    return next(event for event in events if event["type"] == kind)
