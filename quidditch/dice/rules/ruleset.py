"""The quidditch dice game as a :class:`games.ruleset.Ruleset`.

Commands, each given by the player whose turn it is (their shapes are
:mod:`.contract`'s):

- ``{"action": "roll_off"}``: the opening roll-off, by either player;
- ``{"action": "place", "player": "red", "die": "goal2"}``: a die onto its row;
- ``{"action": "set_aside", "player": "red", "die": "quaffle"}``: when its only
  row is full;
- ``{"action": "end_turn", "player": "red"}``: the turn is done.

Nothing is hidden (LE JEU: both players see every die), so the referee may
relay a seat nobody holds, and a storyguide holding a seat sees what everyone sees.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.chain import copy_state
from games.dice import Dice
from games.ruleset import (
    Actor,
    Command,
    Outcome,
    Ruleset,
    RuleViolation,
    State,
    config_settings,
    within_bounds,
)

from . import contract, rounds
from .dice import ALL_DICE
from .pitch import TWELVE_SIDED, full
from .rounds import SEATS

DEFAULTS = {
    "twelve_sided": "halve",
    "one_row_a_turn": True,
    "snitch_to_catch": 5,
    "catch_bonus": 15,
}


def build_settings(config: object) -> dict:
    """The settings with their defaults, each within the bounds ``contract.SETTINGS`` states
    (docs/rules/dice-quidditch.md, "Bounds of the settings")."""
    settings = config_settings(config, DEFAULTS)
    if settings["twelve_sided"] not in TWELVE_SIDED:
        raise RuleViolation(
            "invalid_config", _("twelve_sided is either halve or wrap."), "LE TERRAIN"
        )
    if not isinstance(settings["one_row_a_turn"], bool):
        raise RuleViolation("invalid_config", _("one_row_a_turn is true or false."), "LE JEU")
    for name in ("snitch_to_catch", "catch_bonus"):
        within_bounds(name, settings[name], contract.SETTINGS["properties"][name], "LA VICTOIRE")
    return settings


class DiceQuidditch(Ruleset):
    name = "dice-quidditch"
    title = _("Quidditch dice game")
    referee_relays = True

    def setup(self, config: dict) -> State:
        return {
            "settings": build_settings(config),
            "phase": "roll_off",
            "round": 0,
            "attack": None,
            "turn": None,
            "placed_this_turn": 0,
            "turn_row": None,
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
            raise RuleViolation("game_over", _("The game is over."), "LA VICTOIRE")
        action = command.get("action") if isinstance(command, dict) else None
        new, events = copy_state(state), []
        if action == "roll_off":
            if state["phase"] != "roll_off" or not (actor.is_referee or actor.controls):
                raise RuleViolation(
                    "not_now", _("The roll-off is only at the start of the game."), "PRÉPARATION"
                )
            rounds.roll_off(new, dice, events)
            return Outcome(new, events)
        side = command.get("player")
        if action not in ("place", "set_aside", "end_turn") or side not in SEATS:
            raise RuleViolation(
                "unknown_command",
                _(
                    "A command of this game places a die, sets one aside or ends a turn, "
                    "for Red or Blue."
                ),
            )
        if not actor.may_command(side):
            raise RuleViolation("not_your_side", _("You do not play that side."))
        if action == "end_turn":
            rounds.end_turn(new, side, dice, events)
            return Outcome(new, events)
        die = command.get("die")
        if die not in ALL_DICE:
            raise RuleViolation("unknown_die", _("This game has no such die."), "LES DÉS")
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
