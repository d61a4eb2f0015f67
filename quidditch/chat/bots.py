"""A random legal player, used by the simulation test and the benchmark.

The bot plays every seat at once: each turn it picks one of the commands the
rules offer (``allowed_commands`` of the referee, who sees everything) and
submits it as the player who would type it. It answers a timed window
sometimes in time, sometimes late, and sometimes lets it expire, so that all
three paths of the ten-second rule are played. The referee's own decisions
(ending a sub-round early, ending the game) are taken rarely, as a referee
would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.dice import Dice
from games.ruleset import Actor, Ruleset, State

REFEREE = Actor("referee")
RARE = {"end_subround": 0.02, "end_game": 0.0}


def pick(offered: list[dict], rng: random.Random) -> dict:
    """Any offered command, the referee's rare decisions only rarely."""
    command = rng.choice(offered)
    action = command["action"]
    if action in RARE and rng.random() >= RARE[action]:
        usual = [c for c in offered if c["action"] not in RARE]
        command = rng.choice(usual) if usual else command
    return command


@dataclass
class Turn:
    """One submitted command, with what a replay needs."""

    command: dict
    actor: Actor
    now: float
    faces: list[int]


@dataclass
class Match:
    state: State
    turns: list[Turn] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)


class RandomPlayer:
    """Chooses uniformly among the legal commands, with a seeded ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._actors: dict[str, Actor] = {}

    def choose(self, offered: list[dict]) -> dict:
        command = pick(offered, self.rng)
        if command["action"] == "experience" and "points" not in command:
            # The offer leaves the points to the captain; the bot's captain keeps them.
            command = {**command, "points": {}}
        return command

    def actor_for(self, command: dict) -> Actor:
        player = command.get("player")
        if not player:
            return REFEREE
        actor = self._actors.get(player)
        if actor is None:
            actor = self._actors[player] = Actor("player", frozenset((player,)))
        return actor

    def when(self, command: dict, now: float) -> float:
        """The time the command arrives: a few seconds on, or past a deadline for a timeout."""
        deadline = command.get("deadline")
        if command["action"] == "timeout":
            return max(now, deadline) + 1.0
        if deadline is not None and self.rng.random() < 0.2:
            return max(now, deadline) + 1.0  # a late block or save
        return now + self.rng.random() * 3.0


def play_match(
    ruleset: Ruleset,
    config: dict,
    dice: Dice,
    rng: random.Random,
    *,
    start: float = 1_700_000_000.0,
    max_turns: int = 100_000,
    record: bool = True,
) -> Match:
    """Play one game to its end between random players.

    With ``record`` the match keeps every turn (for a replay) and every event;
    without, only the final state (for the benchmark).
    """
    bot = RandomPlayer(rng)
    match = Match(ruleset.setup(config))
    state = match.state
    now = start
    for _ in range(max_turns):
        if state["over"]:
            match.state = state
            return match
        # What the rules await; the referee's offers add only the votes to end the
        # game, which a bot never casts (RARE["end_game"] is 0).
        command = bot.choose(state["awaiting"])
        now = bot.when(command, now)
        actor = bot.actor_for(command)
        before = len(dice.rolls) if record else 0
        outcome = ruleset.apply(state, command, actor=actor, dice=dice, now=now)
        if record:
            faces = [roll.face for roll in dice.rolls[before:]]
            match.turns.append(Turn(command, actor, now, faces))
            match.events.extend(outcome.events)
        state = outcome.state
    raise RuntimeError(f"no end after {max_turns} turns")
