"""The quidditch dice game as a :class:`games.ruleset.Ruleset`.

Commands, each given by the player whose turn it is (or the referee for them):

- ``{"action": "roll_off"}``: the opening roll-off, by either player;
- ``{"action": "place", "player": "red", "die": "goal2"}``: a die onto its row;
- ``{"action": "set_aside", "player": "red", "die": "quaffle"}``: when its only
  row is full;
- ``{"action": "end_turn", "player": "red"}``: the turn is done.
"""

from __future__ import annotations

import copy

from games.dice import Dice
from games.ruleset import (
    Actor,
    Command,
    Event,
    Outcome,
    Ruleset,
    RuleViolation,
    State,
    config_settings,
    register,
)

from ..bots import SensiblePlayer
from ..narration import narrate
from . import rounds
from .dice import ALL_DICE
from .pitch import TWELVE_SIDED, full
from .rounds import SEATS

DEFAULTS = {"twelve_sided": "halve", "snitch_to_catch": 5, "catch_bonus": 15}


def build_settings(config: object) -> dict:
    settings = config_settings(config, DEFAULTS)
    if settings["twelve_sided"] not in TWELVE_SIDED:
        raise RuleViolation(
            "invalid_config", f"twelve_sided is one of {', '.join(TWELVE_SIDED)}", "LE TERRAIN"
        )
    for name, least in (("snitch_to_catch", 1), ("catch_bonus", 0)):
        value = settings[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise RuleViolation(
                "invalid_config", f"{name} must be a whole number of at least {least}"
            )
    return settings


@register
class DiceQuidditch(Ruleset):
    name = "dice-quidditch"
    title = "Quidditch dice game"
    languages = ("fr", "en")
    config_schema = {
        "type": "object",
        "properties": {
            "twelve_sided": {
                "type": "string",
                "enum": list(TWELVE_SIDED),
                "default": "halve",
                "description": "How a d12 face finds a row (docs/rules/dice-quidditch.md).",
            },
            "snitch_to_catch": {"type": "integer", "minimum": 1, "default": 5},
            "catch_bonus": {"type": "integer", "minimum": 0, "default": 15},
        },
    }
    command_schema = {
        "type": "object",
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "enum": ["roll_off", "place", "set_aside", "end_turn"]},
            "player": {"type": "string", "enum": list(SEATS)},
            "die": {"type": "string", "enum": list(ALL_DICE)},
        },
    }
    example_config = {}
    max_commands = 3_000
    bots = {"sensible": SensiblePlayer()}

    def setup(self, config: dict) -> State:
        return {
            "settings": build_settings(config),
            "phase": "roll_off",
            "round": 0,
            "attack": None,
            "turn": None,
            "placed_this_turn": 0,
            "dice": {},
            "rows": {},
            "score": {side: {"goals": 0, "snitch": 0} for side in SEATS},
            "winner": None,
            "over": False,
        }

    def seats(self, state: State) -> list[str]:
        return list(SEATS)

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        if state["over"]:
            raise RuleViolation("game_over", "the game is over", "LA VICTOIRE")
        action = command.get("action") if isinstance(command, dict) else None
        new, events = copy.deepcopy(state), []
        if action == "roll_off":
            if state["phase"] != "roll_off" or not (actor.is_referee or actor.controls):
                raise RuleViolation("not_now", "the roll-off opens the game", "PRÉPARATION")
            rounds.roll_off(new, dice, events)
            return Outcome(new, events)
        side = command.get("player")
        if action not in ("place", "set_aside", "end_turn") or side not in SEATS:
            raise RuleViolation("unknown_command", "place, set_aside or end_turn, for red or blue")
        if not actor.may_command(side):
            raise RuleViolation("not_your_side", f"you do not play {side}")
        if action == "end_turn":
            rounds.end_turn(new, side, dice, events)
            return Outcome(new, events)
        die = command.get("die")
        if die not in ALL_DICE:
            raise RuleViolation("unknown_die", f"no die {die}")
        (rounds.place if action == "place" else rounds.set_aside)(new, side, die, events)
        if not rounds.in_hand(new, side):
            rounds.pass_turn(new, side, dice, events)
        return Outcome(new, events)

    def allowed_commands(self, state: State, actor: Actor, *, now: float | None = None) -> list:
        if state["over"]:
            return []
        if state["phase"] == "roll_off":
            return [{"action": "roll_off"}] if actor.is_referee or actor.controls else []
        side = state["turn"]
        if not actor.may_command(side):
            return []
        if rounds.blocked_everywhere(state, side):
            offered = [
                {"action": "set_aside", "player": side, "die": die}
                for die in rounds.placeable(state, side)
            ]
        else:
            offered = [
                {"action": "place", "player": side, "die": die}
                for die in rounds.placeable(state, side)
                if not full(state["rows"], rounds.target_row(state, die))
            ]
        if state["placed_this_turn"]:
            offered.append({"action": "end_turn", "player": side})
        return offered

    def seat_of(self, command: Command, state: State) -> str | None:
        return command.get("player")

    def result(self, state: State) -> dict | None:
        if not state["over"]:
            return None
        return {
            "winner": state["winner"],
            "goals": {side: state["score"][side]["goals"] for side in SEATS},
            "snitch": {side: state["score"][side]["snitch"] for side in SEATS},
            "rounds": state["round"],
        }

    def default_title(self, state: State) -> str:
        return "Red v Blue"

    def narrate(self, event: Event) -> dict[str, str]:
        return narrate(event)
