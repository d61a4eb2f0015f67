"""The skirmish ruleset: Draco Dormiens, "Skirmishes (Chapter 7)", behind the common interface.

A skirmish gathers its participants, begins with an initiating action and an
initiative roll, then runs in rounds of one turn each until the storyguide
ends it. The modules beside this one hold the ideas: ``initiative``,
``rounds`` (turns, delay and re-entry), ``actions`` (rolls), ``defence``
(dodging and intervening) and ``commands`` (who may do what, when).
"""

from __future__ import annotations

import copy

from games.dice import Dice
from games.ruleset import Actor, Command, Outcome, Ruleset, RuleViolation, State, register

from .commands import MOVES, find_move
from .config import ENDED, build_state
from .narration import narrate

SECONDS_A_ROUND = 6


@register
class Skirmish(Ruleset):
    name = "skirmish"
    title = "Draco Dormiens skirmish"
    kind = "skirmish"  # served as a campaign's skirmish, not as a match

    def setup(self, config: dict) -> State:
        return build_state(config)

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        move = find_move(state, command)
        move.check(state, command, actor)
        new_state = copy.deepcopy(state)
        events = move.perform(new_state, command, actor, dice)
        return Outcome(new_state, events)

    def allowed_commands(self, state: State, actor: Actor) -> list[dict]:
        """Bare commands (action, and participant where one moves) that ``actor`` may give."""
        if self.is_over(state):
            return []
        candidates = [
            {"action": action, "participant": key} if move.by_participant else {"action": action}
            for action, move in MOVES.items()
            for key in (state["participants"] if move.by_participant else [None])
        ]
        return [command for command in candidates if _passes(state, command, actor)]

    def is_over(self, state: State) -> bool:
        return state["phase"] == ENDED

    def result(self, state: State) -> dict | None:
        """How the skirmish left everyone: how long it lasted and each participant's Health.

        A round is about six seconds long (Ch.7 ¶2), so ``seconds`` is the game time.
        """
        if not self.is_over(state):
            return None
        return {
            "rounds": state["round"],
            "seconds": state["round"] * SECONDS_A_ROUND,
            "health": {key: p["health"] for key, p in state["participants"].items()},
        }

    def narrate(self, event: dict) -> dict[str, str]:
        return narrate(event)


def _passes(state: State, command: Command, actor: Actor) -> bool:
    try:
        MOVES[command["action"]].check(state, command, actor)
    except RuleViolation:
        return False
    return True
