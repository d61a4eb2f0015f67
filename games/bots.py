"""Bots: strategies that hold a seat and play it through the same rules as a person.

A bot sees what its seat may see (``view`` for that seat, never the whole
state) and chooses one of the commands the rules offer that seat
(``allowed_commands``), so a bot can neither cheat nor break a rule. The
server lets bots act at once after every command, through the same ``apply``
and dice, until a person must act or the game ends (``next_bot_move``).

A game names its strategies in its manifest (``Manifest.bots``); every game has at
least ``random``, the random legal player, which the platform supplies.
The referee's own duties (a Chat-Quidditch referee's ``Chatende``) can be
left to a bot too, by seating it at :data:`REFEREE_SEAT`.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from games.manifest import manifest_for
from games.ruleset import PLAYER, REFEREE, Actor, Bot, Command, Ruleset, State

#: The seat of whoever gives the referee's own commands, when a bot does.
REFEREE_SEAT = "referee"
#: In a choice of bots, every seat no person is named for, and the referee's.
EVERY_SEAT = "*"


class RandomBot:
    """Any legal command, at random: the player that fuzzes every ruleset.

    A ruleset's rare actions (ending by agreement, conceding: ``Playtest.rare_actions``)
    are taken only as often as it says, so that a game left to random players is
    played rather than called off; one weighed 0 is never taken. When no seat has
    anything but rare actions to give, one of those not weighed 0 is taken at last
    (:meth:`last_resort`), so that random play still comes to an end.
    """

    def __init__(self, rare: dict[str, float] | None = None) -> None:
        self.rare = rare or {}

    def choose(self, view, seat, offered, rng, *, people=frozenset()):
        usual = [c for c in offered if rng.random() < self.rare.get(c["action"], 1.0)]
        return rng.choice(usual) if usual else None

    def last_resort(self, offered, rng):
        possible = [c for c in offered if self.rare.get(c["action"], 1.0) > 0]
        return rng.choice(possible) if possible else None


RANDOM = "random"


def strategies(rules: Ruleset) -> dict[str, Bot]:
    """The bots a game offers: its own (its manifest's, the first plays to win), then
    ``random``."""
    manifest = manifest_for(rules)
    return {**manifest.bots, RANDOM: RandomBot(manifest.playtest.rare_actions)}


def seat_actor(seat: str) -> Actor:
    """How the rules see a bot holding ``seat``."""
    return Actor(REFEREE) if seat == REFEREE_SEAT else Actor(PLAYER, frozenset((seat,)))


def offers(rules: Ruleset, state: State, seat: str, *, now: float | None = None) -> list[Command]:
    """What the holder of ``seat`` may do now; the referee seat only the referee's own commands."""
    actor = seat_actor(seat)
    offered = rules.allowed_commands(state, actor, now=now)
    if seat == REFEREE_SEAT:
        return [command for command in offered if rules.seat_of(command, state) is None]
    return offered


class BotMove(NamedTuple):
    seat: str
    actor: Actor
    command: Command


def next_bot_move(
    rules: Ruleset,
    state: State,
    bots: dict[str, str],
    rng: random.Random,
    *,
    now: float | None = None,
) -> BotMove | None:
    """The next command a bot gives, or ``None`` when no bot may act (a person must, or the end).

    ``bots`` maps each seat a bot holds to its strategy's name. When several
    bot seats may act, they are asked in an order drawn with ``rng``; the first
    that chooses a command gives it (a bot may wait).
    """
    if rules.is_over(state) or not bots:
        return None
    ready = [(seat, offered) for seat in bots if (offered := offers(rules, state, seat, now=now))]
    rng.shuffle(ready)  # a table of players does not always answer in the same order
    playing = strategies(rules)
    people = frozenset(rules.seats(state)) - set(bots)
    for seat, offered in ready:
        actor = seat_actor(seat)
        view = rules.view(state, actor)
        command = playing[bots[seat]].choose(view, seat, offered, rng, people=people)
        if command is not None:
            return BotMove(seat, actor, command)
    for seat, offered in ready:  # every bot waits: a random player may end it at last
        last_resort = getattr(playing[bots[seat]], "last_resort", None)
        command = last_resort(offered, rng) if last_resort else None
        if command is not None:
            return BotMove(seat, seat_actor(seat), command)
    return None


def play_out(
    rules: Ruleset,
    state: State,
    bots: dict[str, str],
    rng: random.Random,
    dice,
    *,
    step=None,
) -> State:
    """Bots play a game from ``state`` until none may act: simulations and benchmarks.

    ``step(before, after)``, if given, sees every state change (to check invariants).
    """
    for _ in range(manifest_for(rules).playtest.max_commands):
        move = next_bot_move(rules, state, bots, rng)
        if move is None:
            break
        after = rules.apply(state, move.command, actor=move.actor, dice=dice, now=0.0).state
        if step is not None:
            step(state, after)
        state = after
    return state
