"""Draco Dormiens' optional quidditch rules as a :class:`games.ruleset.Ruleset`.

Seats are the players who decide something: each beater (a target) and each
seeker (catch or interfere). Commands:

- ``{"action": "choose", "player": "home.beater1", "target": "away.chaser2"}``
- ``{"action": "choose", "player": "home.seeker", "play": "interfere"}`` (snitch turns)
- ``{"action": "distract_referee"}``: the storyguide decides that this turn's
  fouls go unseen.

The turn is rolled as soon as everyone who must choose has chosen.
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
from . import turn
from .teams import BEATER, RULE, SEEKER, SIDES, build_players, invalid, other, prepare_teams

DEFAULTS = {
    "die_size": 20,
    "defended_difficulty_base": 10,
    "referee_distracted_percent": 0,
    "cup_game": False,
}
PLAYS = ("catch", "interfere")


def _settings(config: dict) -> dict:
    settings = config_settings(config, DEFAULTS, besides=("teams",), rule=RULE)
    for name, (least, most) in {
        "die_size": (2, 100),
        "defended_difficulty_base": (0, 100),
        "referee_distracted_percent": (0, 100),
    }.items():
        value = settings[name]
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise invalid(f"{name} must be a whole number from {least} to {most}")
    if not isinstance(settings["cup_game"], bool):
        raise invalid("cup_game must be true or false")
    return settings


HIDDEN = "chosen"


def _holds(actor: Actor, seat: str | None) -> bool:
    return actor.role == "player" and seat in actor.controls


def _seen(seat: str, choice: str, actor: Actor) -> str:
    return choice if _holds(actor, seat) else HIDDEN


def _inline_team(house: str, strength: int) -> dict:
    positions = ["chaser"] * 3 + ["beater"] * 2 + ["keeper", "seeker"]
    return {
        "house": house,
        "players": [
            {
                "name": f"{house} {position} {number}",
                "position": position,
                "attributes": {"Strength": strength, "Toughness": 4, "Dexterity": 5},
            }
            for number, position in enumerate(positions, start=1)
        ],
    }


@register
class RpgQuidditch(Ruleset):
    name = "rpg-quidditch"
    title = "Draco Dormiens quidditch"
    config_schema = {
        "type": "object",
        "required": ["teams"],
        "properties": {
            "teams": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "description": "Home, then away: a house id with its seven characters by id "
                "(each with a position, or the one on the sheet), or players written inline "
                "with a name, a position and Strength, Toughness and Dexterity.",
                "items": {"type": "object"},
            },
            "die_size": {"type": "integer", "minimum": 2, "default": 20},
            "defended_difficulty_base": {"type": "integer", "minimum": 0, "default": 10},
            "referee_distracted_percent": {"type": "integer", "minimum": 0, "maximum": 100},
            "cup_game": {
                "type": "boolean",
                "description": "Set by the house cup: the cup credits the game, not its margin.",
            },
        },
    }
    command_schema = {
        "type": "object",
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "enum": ["choose", "distract_referee"]},
            "player": {"type": "string", "description": "A beater or seeker: home.beater1"},
            "target": {"type": "string", "description": "An opposing chaser or keeper."},
            "play": {"type": "string", "enum": list(PLAYS)},
        },
    }
    example_config = {"teams": [_inline_team("Gryffindor", 5), _inline_team("Slytherin", 5)]}
    max_commands = 4_000
    rare_actions = {"distract_referee": 0.02}
    bots = {"sensible": SensiblePlayer()}

    def prepare(self, config: dict, roster) -> dict:
        if not isinstance(config, dict):
            return config
        return {**config, "teams": prepare_teams(config.get("teams"), roster)}

    def setup(self, config: dict) -> State:
        if not isinstance(config, dict):
            raise invalid("the config must be an object")
        teams, players = build_players(config.get("teams"))
        return {
            "settings": _settings(config),
            "teams": teams,
            "players": players,
            "turn": 1,
            "score": dict.fromkeys(SIDES, 0),
            "choices": {},
            "distracted": False,
            "over": False,
            "winner": None,
            "caught_by": None,
        }

    def seats(self, state: State) -> list[str]:
        return [k for k, p in state["players"].items() if p["position"] in (BEATER, SEEKER)]

    def seat_characters(self, state: State) -> dict[str, int]:
        return {
            key: player["character"]
            for key, player in state["players"].items()
            if key in self.seats(state) and player["character"] is not None
        }

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        if state["over"]:
            raise RuleViolation("game_over", "the match is over", RULE)
        new, events = copy.deepcopy(state), []
        action = command.get("action") if isinstance(command, dict) else None
        if action == "distract_referee":
            if not actor.is_referee or state["distracted"]:
                raise RuleViolation("referee_only", "the storyguide decides what Hooch sees", RULE)
            new["distracted"] = True
            return Outcome(new, [{"type": "referee_distracted", "turn": state["turn"]}])
        if action != "choose":
            raise RuleViolation("unknown_command", "choose, or distract_referee")
        key = command.get("player")
        if key not in turn.choosers(state) or key in state["choices"]:
            raise RuleViolation("not_now", f"{key} has nothing to choose now", RULE)
        if not actor.may_command(key):
            raise RuleViolation("not_your_player", f"you do not play {key}")
        new["choices"][key] = self._choice(state, key, command)
        events.append({"type": "chose", "player": key, "name": state["players"][key]["name"]})
        if all(chooser in new["choices"] for chooser in turn.choosers(state)):
            turn.resolve(new, dice, events)
        return Outcome(new, events)

    def _choice(self, state: State, key: str, command: Command) -> str:
        if state["players"][key]["position"] == BEATER:
            if command.get("target") not in turn.targets(state, key):
                raise RuleViolation("no_such_target", "an opposing chaser or keeper in play", RULE)
            return command["target"]
        if command.get("play") not in PLAYS:
            raise RuleViolation("no_such_play", "a seeker catches or interferes", RULE)
        return command["play"]

    def allowed_commands(self, state: State, actor: Actor, *, now: float | None = None) -> list:
        if state["over"]:
            return []
        offered = []
        for key in turn.choosers(state):
            if key in state["choices"] or not actor.may_command(key):
                continue
            if state["players"][key]["position"] == BEATER:
                offered += [
                    {"action": "choose", "player": key, "target": target}
                    for target in turn.targets(state, key)
                ]
            else:
                offered += [{"action": "choose", "player": key, "play": p} for p in PLAYS]
        if actor.is_referee and not state["distracted"]:
            offered.append({"action": "distract_referee"})
        return offered

    def view(self, state: State, actor: Actor) -> State:
        """The choices of the turn are each chooser's own until the turn is rolled: the others
        see that a choice was made, not which (the order within a turn is irrelevant)."""
        return {**state, "choices": {k: _seen(k, v, actor) for k, v in state["choices"].items()}}

    def view_event(self, record: dict, actor: Actor) -> dict:
        """A choice in the log, likewise; the turn's rolls then show every target."""
        command = record["command"]
        if command.get("action") != "choose" or _holds(actor, command.get("player")):
            return record
        hidden = {**command, **{k: HIDDEN for k in ("target", "play") if k in command}}
        return {**record, "command": hidden, "submitted": {"command": hidden}}

    def result(self, state: State) -> dict | None:
        """The winner, the scores, the house points the winner earns, and Health lost."""
        if not state["over"]:
            return None
        difference = abs(state["score"]["home"] - state["score"]["away"])
        return {
            "winner": state["winner"],
            "score": dict(state["score"]),
            "caught_by": state["caught_by"],
            "house_points": difference if state["winner"] else 0,
            "teams": [
                {
                    **team,
                    "characters": [
                        p["character"]
                        for p in state["players"].values()
                        if p["side"] == team["side"] and p["character"] is not None
                    ],
                }
                for team in state["teams"]
            ],
            "health_lost": {
                str(p["character"]): p["health_lost"]
                for p in state["players"].values()
                if p["character"] is not None and p["health_lost"]
            },
        }

    # A house cup may be played by these rules: the league's cup protocol (league.cups).

    def cup_config(self, config: dict, *, final: bool) -> dict:
        """A cup game is credited by the cup (§8.3 of the house cup), not by its own margin."""
        return {**config, "cup_game": True}

    def cup_result(self, state: State) -> dict | None:
        """Goals are the score's tens, the snitch's 150 apart; points are the score."""
        if not state["over"]:
            return None
        goals = {
            side: (state["score"][side] - (turn.SNITCH if state["caught_by"] == side else 0))
            // turn.GOAL
            for side in SIDES
        }
        teams = [
            {
                "house": team["house"],
                "goals": goals[team["side"]],
                "goals_conceded": goals[other(team["side"])],
                "snitch": state["caught_by"] == team["side"],
                "points": state["score"][team["side"]],
            }
            for team in state["teams"]
        ]
        winner = None if state["winner"] is None else SIDES.index(state["winner"])
        return {"teams": teams, "winner": winner}

    def cup_score_bounds(self) -> dict:
        """Points are the score, 10 a goal and 150 for the snitch, with no bonus for the win;
        the game runs until the snitch is caught, so a score has no upper bound."""
        return {
            "goal_points": turn.GOAL,
            "snitch_points": turn.SNITCH,
            "win_bonus": 0,
            "most_goals": None,
            "most_goals_with_snitch": None,
        }

    def default_title(self, state: State) -> str:
        return " v ".join(team["house"] for team in state["teams"])

    def narrate(self, event: Event) -> dict[str, str]:
        return {"en": narrate(event)}
