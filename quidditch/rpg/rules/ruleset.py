"""Draco Dormiens' optional quidditch rules as a :class:`games.ruleset.Ruleset`.

Seats are the players who decide something: each beater (a target) and each
seeker (catch or interfere). Commands (their shapes are :mod:`.contract`'s):

- ``{"action": "aim", "player": "home.beater1", "target": "away.chaser2"}``
- ``{"action": "seek", "player": "home.seeker", "play": "interfere"}`` (snitch turns)
- ``{"action": "distract_referee"}``: the storyguide decides that this turn's
  fouls go unseen.

The turn is rolled as soon as everyone who must choose has chosen. The
storyguide referees the match: they may choose for a beater or a seeker
nobody holds (a non-player character), so the referee relays
(``referee_relays``).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
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

from . import contract, turn
from .contract import HIDDEN, PLAYS
from .teams import (
    BEATER,
    RULE,
    SEATED,
    SEEKER,
    SIDES,
    build_players,
    invalid,
    other,
)

DEFAULTS = {name: schema["default"] for name, schema in contract.SETTINGS.items()}
ACTIONS = {BEATER: "aim", SEEKER: "seek"}
"""Each chooser's command: a beater aims, a seeker seeks."""


def _settings(config: dict) -> dict:
    """The settings with their defaults, each within the bounds ``contract.CONFIG`` states."""
    settings = config_settings(
        config, DEFAULTS, besides=("teams",), rule=RULE, schema=contract.CONFIG
    )
    if not isinstance(settings["cup_game"], bool):
        raise invalid(_("cup_game must be true or false."))
    return settings


def bounded_teams(teams: object) -> None:
    """The teams within the bounds ``contract.CONFIG`` states (issue 37 §3), judged before
    a player is read: at most two teams of seven, names as long as the campaign's, and
    each written-out player's attributes and Health. Setup judges them, and so does the
    package's cast before it reads the campaign's characters (``RpgCast.prepare``)."""
    schema = contract.CONFIG["properties"]["teams"]
    within_bounds("teams", teams, schema, RULE)
    if not isinstance(teams, list):
        return
    team_schema = schema["items"]["properties"]
    by_name, by_id = team_schema["house"]["oneOf"]
    entry = team_schema["players"]["items"]["properties"]
    for team in teams:
        if not isinstance(team, dict):
            continue
        house = team.get("house")
        if not isinstance(house, int) or isinstance(house, bool):
            within_bounds("house", house, by_name, RULE)
        else:
            within_bounds("house", house, by_id, RULE)
        within_bounds("house_id", team.get("house_id"), team_schema["house_id"], RULE)
        players = team.get("players")
        within_bounds(f"{house}: players", players, team_schema["players"], RULE)
        for index, player in enumerate(players if isinstance(players, list) else [], start=1):
            if not isinstance(player, dict):
                continue
            name = player.get("name")
            who = name if isinstance(name, str) and name else f"{house} {index}"
            if isinstance(name, str):  # another is not a name: build_players says so
                within_bounds(f"{house} {index}: name", name, entry["name"], RULE)
            within_bounds(f"{who}: character", player.get("character"), entry["character"], RULE)
            attributes = player.get("attributes")
            if isinstance(attributes, dict):
                for attribute, value in attributes.items():
                    bounds = entry["attributes"]["properties"].get(attribute)
                    if bounds is not None:
                        within_bounds(f"{who}: {attribute}", value, bounds, RULE)
            health = player.get("health")
            if isinstance(health, int) and health > 0:  # none left: build_players says so
                within_bounds(f"{who}: health", health, entry["health"], RULE)


def _holds(actor: Actor, seat: str | None) -> bool:
    """Whether ``actor`` holds ``seat``: its player, or a storyguide seated there."""
    return seat in actor.controls


def _seen(seat: str, choice: str, actor: Actor) -> str:
    return choice if _holds(actor, seat) else HIDDEN


class RpgQuidditch(Ruleset):
    name = "rpg-quidditch"
    title = _("Draco Dormiens quidditch")
    referee_relays = True

    def setup(self, config: dict) -> State:
        if not isinstance(config, dict):
            raise invalid(_("The config must be an object."))
        bounded_teams(config.get("teams"))
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
        return [k for k, p in state["players"].items() if p["position"] in SEATED]

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        if state["over"]:
            raise RuleViolation("game_over", _("The match is over."), RULE)
        action = command.get("action") if isinstance(command, dict) else None
        if action == "distract_referee":
            if not actor.is_referee:
                raise RuleViolation(
                    "referee_only", _("Only the storyguide decides what Madam Hooch sees."), RULE
                )
            if state["distracted"]:
                raise RuleViolation(
                    "already_distracted", _("Madam Hooch already looks elsewhere this turn."), RULE
                )
            new = {**state, "distracted": True}
            return Outcome(new, [{"type": "referee_distracted", "turn": state["turn"]}])
        if action not in ACTIONS.values():
            raise RuleViolation(
                "unknown_command",
                _(
                    "A command of this match aims a beater's bludger, chooses a seeker's play, "
                    "or has Madam Hooch look elsewhere."
                ),
            )
        key = command.get("player")
        player = state["players"].get(key) if isinstance(key, str) else None
        if player is None:
            raise RuleViolation("no_such_player", _("This match has no such player."), RULE)
        if (
            key not in turn.choosers(state)
            or key in state["choices"]
            or ACTIONS[player["position"]] != action
        ):
            raise RuleViolation(
                "not_now",
                _("%(name)s has nothing to choose now."),
                RULE,
                params={"name": player["name"]},
            )
        if not actor.may_command(key):
            raise RuleViolation(
                "not_your_player", _("You do not play %(name)s."), params={"name": player["name"]}
            )
        new = {**state, "choices": {**state["choices"], key: self._choice(state, key, command)}}
        events = [{"type": "chose", "player": key, "name": player["name"]}]
        if all(chooser in new["choices"] for chooser in turn.choosers(state)):
            turn.resolve(turn.to_roll(new), dice, events)
        return Outcome(new, events)

    def _choice(self, state: State, key: str, command: Command) -> str:
        if state["players"][key]["position"] == BEATER:
            if command.get("target") not in turn.targets(state, key):
                raise RuleViolation(
                    "no_such_target",
                    _("A bludger is aimed at an opposing chaser or keeper still in play."),
                    RULE,
                )
            return command["target"]
        if command.get("play") not in PLAYS:
            raise RuleViolation(
                "no_such_play", _("A seeker tries to catch the snitch or interferes."), RULE
            )
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
                    {"action": "aim", "player": key, "target": target}
                    for target in turn.targets(state, key)
                ]
            else:
                offered += [{"action": "seek", "player": key, "play": p} for p in PLAYS]
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
        if command.get("action") not in ACTIONS.values() or _holds(actor, command.get("player")):
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
