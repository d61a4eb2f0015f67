"""Tests of the Chat-Quidditch rules, and the small driver they share.

The driver plays a match through the ruleset's public interface only: text or
JSON commands, scripted dice, and a clock the test moves by hand. The
standard match is Gryffindor against Slytherin with full teams; Gryffindor
wins the quaffle roll and Slytherin chooses T, so the pitch reads S, M, G
from low to high: Gryffindor shoots in S, Slytherin in G. A die of 1-2 means
S, 3-4 M, 5-6 G.
"""

from __future__ import annotations

import copy

import pytest

from games.dice import ScriptedDice
from games.ruleset import Actor, RuleViolation
from quidditch.chat.manifest import MANIFEST
from quidditch.chat.rules import ChatQuidditch

RULES = ChatQuidditch()
REFEREE = Actor("referee")
START = 1_000.0

ROSTER = ["keeper", "seeker", "chaser", "chaser", "chaser", "beater", "beater"]


def team(house: str, xp: dict[int, int] | None = None, roster: list[str] = ROSTER) -> dict:
    """A team config; ``xp`` maps roster indexes to experience points."""
    players = [{"position": p, "name": f"{house} {i}"} for i, p in enumerate(roster)]
    for index, points in (xp or {}).items():
        players[index]["xp"] = points
    if xp is not None:
        for player in players:
            player.setdefault("xp", 0)
    return {"house": house, "players": players}


def config(**settings) -> dict:
    """The standard match, no experience points unless given."""
    teams = settings.pop("teams", None) or [team("Gryffindor", {}), team("Slytherin", {})]
    return {"teams": teams, **settings}


def player(nick: str) -> Actor:
    return Actor("player", frozenset({nick}))


class Game:
    """A match under test: submit commands with the dice they will roll."""

    def __init__(self, config_: dict | None = None) -> None:
        self.state = RULES.setup(config_ or config())
        self.now = START
        self.events: list[dict] = []
        self.log: list[dict] = []

    def do(self, command: str | dict, *faces: int, by: str | None = None, wait: float = 1.0):
        """Submit ``command`` (as ``by``, a nick, or the referee) ``wait`` seconds on.

        Every given face must be used, and the old state must stay untouched.
        """
        actor = player(by) if by else REFEREE
        if isinstance(command, str):
            command = MANIFEST.words.parse(command, state=self.state, actor=actor)
        self.now += wait
        dice = ScriptedDice(faces)
        before = copy.deepcopy(self.state)
        outcome = RULES.apply(self.state, command, actor=actor, dice=dice, now=self.now)
        assert self.state == before, "apply changed the state it was given"
        assert dice.unused == 0, f"{dice.unused} scripted faces were not rolled"
        self.state = outcome.state
        self.events = outcome.events
        self.log.extend(outcome.events)
        return outcome.events

    def refused(self, command: str | dict, code: str, *, by: str | None = None) -> RuleViolation:
        """Submit a command the rules must refuse with ``code``; the state stays as it was."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as caught:
            self.do(command, by=by)
        assert caught.value.code == code, caught.value.to_json()
        assert self.state == before
        self.now -= 1.0
        return caught.value

    def event(self, type_: str) -> dict:
        """The last event of ``type_`` from the last command."""
        found = [e for e in self.events if e["type"] == type_]
        assert found, f"no {type_} event in {[e['type'] for e in self.events]}"
        return found[-1]

    def allowed(self, nick: str | None = None) -> list[dict]:
        return RULES.allowed_commands(self.state, player(nick) if nick else REFEREE)

    @property
    def phase(self) -> str:
        return self.state["phase"]

    # -- getting to the interesting part ----------------------------------------------

    def kick_off(self) -> Game:
        """Quaffle roll for Gryffindor, Slytherin's goal in T, the pre-game chat over."""
        self.do({"action": "quaffle_roll"}, 6, 6, 1, 1)
        self.do("T", by="SHüter")
        return self

    def start_round(
        self,
        thirds: dict[str, str] | None = None,
        *,
        bludgers: tuple[int, int] = (1, 1),
        carrier: int | None = None,
    ) -> Game:
        """``Chatende``, everyone takes a third, the bludgers fall on ``bludgers``.

        Players not named in ``thirds`` take a default third (chasers M, seekers
        their own goal third, beaters G for Gryffindor and S for Slytherin).
        If no beater meets a bludger, ``carrier`` is the die for the carrier's third.
        """
        self.do("Chatende")
        wanted = {**DEFAULT_THIRDS, **(thirds or {})}
        pitch = self.state["pitch"]
        dropped = {pitch[(face - 1) // 2] for face in bludgers}
        beaters_meet = any(wanted[b] in dropped for b in BEATERS)
        roll = [*bludgers] if beaters_meet or carrier is None else [*bludgers, carrier, 1]
        while self.phase == "positioning":
            waiting = [c for c in self.allowed() if c["action"] == "position"]
            command = next(c for c in waiting if c["third"] == wanted[c["player"]])
            group = self.state["positioning"]
            last = group == "beater" and len({c["player"] for c in waiting}) == 1
            self.do(command, *(roll if last else ()), by=command["player"])
        return self

    def to_chasers(self, thirds: dict[str, str] | None = None, carrier: int = 3) -> Game:
        """Round start with no bludger near a beater; the carrier's die; quaffle released."""
        placed = {"GTreiber1": "G", "GTreiber2": "G", "STreiber1": "G", "STreiber2": "G"}
        self.start_round({**placed, **(thirds or {})}, bludgers=(1, 3), carrier=carrier)
        self.do("Quaffel freigegeben")
        return self


BEATERS = ["GTreiber1", "GTreiber2", "STreiber1", "STreiber2"]
DEFAULT_THIRDS = {
    "GJäger1": "M",
    "GJäger2": "M",
    "GJäger3": "M",
    "SJäger1": "M",
    "SJäger2": "M",
    "SJäger3": "M",
    "GSucher": "G",
    "SSucher": "S",
    "GTreiber1": "G",
    "GTreiber2": "G",
    "STreiber1": "S",
    "STreiber2": "S",
}
