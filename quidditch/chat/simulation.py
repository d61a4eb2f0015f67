"""Random matches for the simulation test and the benchmark.

Everyone plays at random: each turn the platform's random bot
(:class:`games.bots.RandomBot`, with the game's ``Playtest.rare_actions``) picks one
of the commands anyone may give now (``allowed_commands`` of the referee, who
may relay every nick's line), and it is submitted by the player who would type
it. What the simulation adds is the clock: a command comes a few seconds after
the last, and now and then the players let an answer within the time limit
(§3.4) wait past its deadline, so that a block or a save is given in time,
too late, or not at all (a ``timeout``), and all three paths of the
ten-second rule are played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.bots import RandomBot
from games.dice import Dice
from games.manifest import manifest_for
from games.ruleset import PLAYER, REFEREE, Actor, Ruleset, State

RELAY = Actor(REFEREE)
"""Who may give every command anyone may give: the referee, who relays the chat."""
LATE = 0.2
"""How often the players let an awaited answer wait past its deadline."""


@dataclass
class Step:
    """One submitted command, with what a replay needs."""

    command: dict
    actor: Actor
    now: float
    faces: list[int]


@dataclass
class Simulation:
    """A match the random players played: its last state, and what ``record`` kept."""

    state: State
    steps: list[Step] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)


class RandomPlayers:
    """Every seat and the referee's duties played by the random bot, on the players' clock."""

    def __init__(self, rules: Ruleset, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self.bot = RandomBot(manifest_for(rules).playtest.rare_actions)
        self._actors: dict[str, Actor] = {}

    def when(self, state: State, now: float) -> float:
        """When the next command comes: a few seconds on, or past an awaited answer's deadline."""
        if state["pending"] and self.rng.random() < LATE:
            return max(now, min(w["deadline"] for w in state["pending"])) + 1.0
        return now + self.rng.random() * 3.0

    def choose(self, state: State, now: float, *, only=None) -> dict:
        """A command anyone may give at ``now``, chosen by the random bot; ``only``, if
        given, keeps the commands it holds true for (a test typing its lines)."""
        offered = self.rules.allowed_commands(state, RELAY, now=now)
        if only is not None:
            offered = [command for command in offered if only(command)]
        return self.bot.choose(state, REFEREE, offered, self.rng)

    def actor_for(self, command: dict) -> Actor:
        """Who gives ``command``: the player it names, else the referee."""
        player = command.get("player")
        if not player:
            return RELAY
        actor = self._actors.get(player)
        if actor is None:
            actor = self._actors[player] = Actor(PLAYER, frozenset((player,)))
        return actor


def play_match(
    rules: Ruleset,
    config: dict,
    dice: Dice,
    rng: random.Random,
    *,
    start: float = 1_700_000_000.0,
    max_steps: int = 100_000,
    record: bool = True,
) -> Simulation:
    """Play one match to its end between random players.

    With ``record`` the simulation keeps every step (for a replay) and every
    event; without, only the final state (for the benchmark).
    """
    players = RandomPlayers(rules, rng)
    state = rules.setup(config)
    simulation = Simulation(state)
    now = start
    for _ in range(max_steps):
        if state["over"]:
            simulation.state = state
            return simulation
        now = players.when(state, now)
        command = players.choose(state, now)
        actor = players.actor_for(command)
        before = len(dice.rolls) if record else 0
        outcome = rules.apply(state, command, actor=actor, dice=dice, now=now)
        if record:
            faces = [roll.face for roll in dice.rolls[before:]]
            simulation.steps.append(Step(command, actor, now, faces))
            simulation.events.extend(outcome.events)
        state = outcome.state
    raise RuntimeError(f"no end after {max_steps} steps")
