"""The skirmish ruleset: Draco Dormiens, "Skirmishes (Chapter 7)", behind the common interface.

A skirmish gathers its participants, begins with an initiating action and an
initiative roll, then runs in rounds of one turn each until nobody is left to
oppose anyone, or the storyguide ends it. The modules beside this one hold
the ideas: ``initiative``, ``rounds`` (turns, delay and re-entry), ``actions``
(rolls, and what a hit costs), ``defence`` (dodging and intervening), ``fight``
(Health, falling out of the fight, the end), ``commands`` (who may do what,
when), ``offers`` (what an actor may do now) and ``contract`` (the shapes).
The package around them says it all in words (``narration``, ``words``),
draws it (``table``), plays it (``bots``) and casts the campaign's characters in it
(``cast``); its ``manifest`` puts them together, with the presets, the moments and how
random players try it, and the rules import none of them.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.chain import copy_state
from games.dice import Dice
from games.ruleset import Actor, Command, Outcome, Ruleset, State

from . import offers
from .commands import MOVES, find_move
from .config import build_state
from .defaults import ENDED, ROUNDS
from .fight import end_without_opposition

SECONDS_A_ROUND = 6


class Skirmish(Ruleset):
    name = "skirmish"
    title = _("Draco Dormiens skirmish")
    ending_actions = frozenset({"end_skirmish"})
    referee_relays = True  # the storyguide runs the characters nobody plays

    def setup(self, config: dict) -> State:
        return build_state(config)

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        """One command; a running skirmish in which nobody is left to oppose anyone ends."""
        move = find_move(state, command)
        move.check(state, command, actor)
        new_state = copy_state(state)
        events = move.perform(new_state, command, actor, dice)
        if new_state["phase"] == ROUNDS:
            events += end_without_opposition(new_state)
        return Outcome(new_state, events)

    def seats(self, state: State) -> list[str]:
        return list(state["participants"])

    def seat_of(self, command: Command, state: State) -> str | None:
        """A participant's own command is its seat's; the rest are the storyguide's."""
        move = MOVES.get(command.get("action"))
        return command.get("participant") if move is not None and move.by_participant else None

    def allowed_commands(
        self, state: State, actor: Actor, *, now: float | None = None
    ) -> list[dict]:
        return offers.allowed(state, actor)

    def is_over(self, state: State) -> bool:
        return state["phase"] == ENDED

    def result(self, state: State) -> dict | None:
        """How the skirmish left everyone: how it ended, who still stands, how long it
        lasted and each participant's Health. A round is about six seconds long (Ch.7 ¶2)."""
        if not self.is_over(state):
            return None
        return {
            "ended_by": state["ending"]["by"],
            "standing": state["ending"]["standing"],
            "rounds": state["round"],
            "seconds": state["round"] * SECONDS_A_ROUND,
            "health": {key: p["health"] for key, p in state["participants"].items()},
            "names": {key: p["name"] for key, p in state["participants"].items()},
        }
