"""The skirmish ruleset: Draco Dormiens, "Skirmishes (Chapter 7)", behind the common interface.

A skirmish gathers its participants, begins with an initiating action and an
initiative roll, then runs in rounds of one turn each until the storyguide
ends it. The modules beside this one hold the ideas: ``initiative``,
``rounds`` (turns, delay and re-entry), ``actions`` (rolls), ``defence``
(dodging and intervening) and ``commands`` (who may do what, when).
"""

from __future__ import annotations

import copy

from games.dice import Dice, TrialDice
from games.ruleset import Actor, Command, Outcome, Ruleset, RuleViolation, State, register

from .board import initiative_order
from .commands import find_move
from .config import ENDED, build_state
from .narration import narrate

SECONDS_A_ROUND = 6


@register
class Skirmish(Ruleset):
    name = "skirmish"
    title = "Draco Dormiens skirmish"
    kind = "skirmish"  # served as a campaign's skirmish, not as a match
    example_config = {
        "categories": {"Physical": "Dexterity", "Mental": "Wits", "Social": "Humor"},
        "participants": [
            {"key": key, "name": name, "attributes": attributes, "health": 5}
            for key, name, attributes in [
                ("p01", "Harry", {"Dexterity": 5, "Quickness": 6, "Strength": 3, "Wits": 4}),
                ("p02", "Draco", {"Dexterity": 4, "Quickness": 5, "Strength": 3, "Wits": 5}),
                ("p03", "Peeves", {"Dexterity": 6, "Quickness": 6, "Strength": 2, "Wits": 3}),
            ]
        ],
    }
    max_commands = 5_000
    rare_actions = {"end_skirmish": 0.01}
    board_template = "skirmish/board.html"

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

    def seats(self, state: State) -> list[str]:
        return list(state["participants"])

    def seat_characters(self, state: State) -> dict[str, int]:
        return {
            key: participant["character"]
            for key, participant in state["participants"].items()
            if participant["character"] is not None
        }

    def seat_of(self, command: Command, state: State) -> str | None:
        return command.get("participant")

    def board(self, state: State) -> dict:
        return {"skirmish": state, "initiative_order": initiative_order(state)}

    def allowed_commands(
        self, state: State, actor: Actor, *, now: float | None = None
    ) -> list[dict]:
        """Every complete command ``actor`` may give now, each one the rules accept as it is.

        A command is offered only if ``apply`` takes it (tried on trial dice),
        so no button ever leads to a refusal (a dodge with no attack waiting).
        Commands that need the storyguide's free input (a newcomer's sheet, an
        action's roll) are offered in their plainest complete form: an action
        without a roll, Health changed by one point; clients compose the rest
        from ``command_schema``.
        """
        if self.is_over(state):
            return []
        return [command for command in _candidates(state) if self._accepts(state, command, actor)]

    def _accepts(self, state: State, command: Command, actor: Actor) -> bool:
        try:
            self.apply(state, command, actor=actor, dice=TrialDice(), now=0.0)
        except RuleViolation:
            return False
        return True

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


def _candidates(state: State) -> list[Command]:
    """Each move spelled out for every participant and choice it can take."""
    keys = list(state["participants"])
    standing = state["settings"]["defence_attribute"]
    attributes = sorted(
        {a for p in state["participants"].values() for a in p["attributes"]} - {standing}
    )
    out: list[Command] = [
        {"action": "roll_initiative", "initiator": key, "category": category}
        for key in keys
        for category in state["settings"]["categories"]
    ]
    for key in keys:
        out += [{"action": action, "participant": key} for action in PLAIN_MOVES]
        for kind in ("dodge", "intervene"):
            out.append({"action": kind, "participant": key})
            out += [{"action": kind, "participant": key, "attribute": a} for a in attributes]
        out += [{"action": "change_health", "participant": key, "by": by} for by in (-1, 1)]
    out += [{"action": "resolve_attack"}, {"action": "end_skirmish"}]
    return out


#: Moves complete with the participant alone.
PLAIN_MOVES = ("act", "delay", "re_enter", "end_turn")
