"""Chat-Quidditch, version 2 (2011), as a :class:`games.ruleset.Ruleset`."""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Actor, Command, Event, Outcome, Ruleset, RuleViolation, State, register

from ..board import board
from ..narration import narrate
from . import (
    beaters,
    chasers,
    ending,
    keeper,
    legality,
    parsing,
    positioning,
    pregame,
    rounds,
    seekers,
    shots,
    timing,
)
from .commands import ACTIONS, normalise
from .config import DEFAULTS, MAX_ROUNDS, build_state
from .roster import prepare
from .table import Table

GOALS_PER_ROUND = 2
"""A goal in the chasers' sub-round and a free throw in the seekers' (§5.5.6, §5.7.3)."""


def _by_role(chaser_move, seeker_move):
    """One word, two meanings: ``Fliegen`` and ``Foul`` for chasers and for seekers."""

    def move(table: Table, command: dict) -> None:
        role = table.state["players"][command["player"]]["role"]
        (seeker_move if role == "seeker" else chaser_move)(table, command)

    return move


def _attack(table: Table, command: dict) -> None:
    if "target" in command:
        chasers.attack(table, command)
    else:
        keeper.attack(table, command)


HANDLERS = {
    "experience": pregame.assign_experience,
    "quaffle_roll": pregame.roll_for_quaffle,
    "goal_third": pregame.choose_goal_third,
    "chat": rounds.open_chat,
    "chat_end": rounds.start_round,
    "position": positioning.position,
    "release": rounds.release,
    "bludger_throw": beaters.throw,
    "bludger_catch": beaters.catch,
    "bludger_rethrow": beaters.rethrow,
    "keep_bludger": beaters.keep,
    "block": beaters.block,
    "fly": _by_role(chasers.fly, seekers.fly),
    "attack": _attack,
    "foul": _by_role(chasers.foul, seekers.foul),
    "pass": chasers.pass_quaffle,
    "catch": chasers.receive,
    "intercept": chasers.intercept,
    "shot": shots.shoot,
    "save": shots.save,
    "find": seekers.find,
    "snitch_catch": seekers.catch,
    "end_subround": rounds.end_subround,
    "end_game": ending.vote_to_end,
}


def _complete(command: dict, now: float | None) -> dict | None:
    """An offer as a client can send it: the experience with no points; no early timeout."""
    if command["action"] == "experience" and "points" not in command:
        return {**command, "points": {}}
    if command["action"] == "timeout" and now is not None and now <= command["deadline"]:
        return None
    return command


def _may_give(actor: Actor, command: dict) -> bool:
    """For a command exactly as offered in ``awaiting``: may this actor give it?"""
    player = command.get("player")
    if player is None:
        return actor.is_referee
    return player in actor.controls or actor.is_referee  # Actor.may_command, one call less


def _play(table: Table, command: dict) -> None:
    state = table.state
    # Flying opens a moment for attacks, and a won keeper attack one for an
    # unguarded shot; any other valid command closes it (§5.5.2, §5.6.2).
    state["flight"] = None
    if state["unguarded"] and command["action"] != "shot":
        state["unguarded"] = None
    HANDLERS[command["action"]](table, command)


@register
class ChatQuidditch(Ruleset):
    """The chat game of two teams of up to seven, refereed round by round."""

    name = "chat-quidditch"
    title = "Chat-Quidditch"
    languages = ("de", "en")
    config_schema = {
        "type": "object",
        "required": ["teams"],
        "properties": {
            "teams": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "description": "Two teams: a house id with its characters by id (each with a "
                "position, and xp if not left to the captain), or a house name with named "
                "players (docs/rules/chat-quidditch.md).",
                "items": {"type": "object"},
            },
            "answer_seconds": {"type": "number", "minimum": 1, "default": 10},
            "final": {"type": "boolean", "default": False},
            "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS, "default": 10},
            "half_time_after": {"type": "integer", "minimum": 1, "default": 5},
            "foul_xp": {"type": "boolean", "default": False},
            "referee_releases": {"type": "boolean", "default": True},
        },
    }
    command_schema = {
        "type": "object",
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "enum": sorted(ACTIONS)},
            "player": {"type": "string", "description": "The nick giving it (GJäger1)."},
            "target": {"type": "string", "description": "A nick (pass, attack, foul, ...)."},
            "third": {"type": "string", "enum": ["T", "M", "H"]},
            "from": {"type": "string"},
            "to": {"type": "string"},
            "ball": {"type": "string", "enum": ["bludgers", "quaffle", "snitch"]},
            "points": {"type": "object", "description": "Experience points by nick (§3.2)."},
        },
    }
    example_config = {
        "teams": [
            {
                "house": house,
                "players": [
                    {"position": position, "name": f"{house} {position} {number}"}
                    for number, position in enumerate(
                        ["keeper", "seeker", "chaser", "chaser", "chaser", "beater", "beater"]
                    )
                ],
            }
            for house in ("Gryffindor", "Slytherin")
        ],
        **DEFAULTS,
    }
    max_commands = 20_000
    # A referee ends a sub-round early now and then; bots never agree to end (§7).
    rare_actions = {"end_subround": 0.02, "end_game": 0.0}
    board_template = "quidditch_chat/board.html"

    def prepare(self, config: dict, roster) -> dict:
        return prepare(config, roster)

    def setup(self, config: dict) -> State:
        state = build_state(config)
        table = Table(state, dice=None, now=0.0)  # type: ignore[arg-type]  # no dice before play
        rounds.advance(table)
        return table.state

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        """Resolve one command.

        1. Check its shape and giver (skipped for a command exactly as offered);
        2. settle the timed answers whose deadline has passed (§3.4);
        3. accept it only if the rules offer it now, else say which rule it breaks;
        4. play it, rolling its dice, and move on until someone has to act.
        """
        if state["over"]:
            raise parsing.game_over()
        offered = command in state["awaiting"] and _may_give(actor, command)
        if not offered:
            command = normalise(command, state, actor)
        table = Table(state, dice, now)
        action = command["action"]
        late = settled = False
        if state["pending"]:
            late = timing.is_late_answer(state, command, now)
            if late:
                table.say("answer_too_late", player=command["player"], action=action)
            settled = timing.settle_expired(table)
            if settled:
                rounds.advance(table)
        if action == "timeout" and not settled:
            raise RuleViolation("too_early", _("No answer is overdue yet."), "§3.4")
        if action != "timeout" and not late:
            if settled or not offered:
                legality.check(table.state, command)
            _play(table, command)
            rounds.advance(table)
        # A timeout or a late answer only settles, and the offers after settling stand.
        return Outcome(table.state, table.events)

    def parse(self, text: str, *, state: State, actor: Actor) -> Command:
        return parsing.parse(text, state=state, actor=actor)

    def allowed_commands(
        self, state: State, actor: Actor, *, now: float | None = None
    ) -> list[dict]:
        """What is awaited, and the votes to end the game (§7), each complete.

        The captain's experience offer comes with no points handed out (the
        captain may send others); a ``timeout`` is offered once a deadline has
        passed at ``now`` (§3.4).
        """
        offered = [_complete(c, now) for c in state["awaiting"]]
        offered = [c for c in offered if c is not None]
        if not state["over"]:
            offered += ending.votes_open(state)
        if actor.is_referee:
            return offered
        if actor.role != "player":
            return []
        controls = actor.controls
        return [c for c in offered if c.get("player") in controls or c["action"] == "timeout"]

    def seats(self, state: State) -> list[str]:
        """Every nick (§4.1.1): each player types for their own."""
        return list(state["players"])

    def seat_characters(self, state: State) -> dict[str, int]:
        return {
            nick: player["character"]
            for nick, player in state["players"].items()
            if player["character"] is not None
        }

    def default_title(self, state: State) -> str:
        return " v ".join(team["house"] for team in state["teams"])

    def board(self, state: State) -> dict:
        return board(state)

    def is_over(self, state: State) -> bool:
        return state["over"]

    def result(self, state: State) -> dict | None:
        return ending.result(state) if state["over"] else None

    # The house cup is §8 of this text: the league's cup protocol (league.cups).

    def cup_config(self, config: dict, *, final: bool) -> dict:
        """A final or a decider is played with the final's rules (§8.2)."""
        return {**config, "final": final}

    def cup_result(self, state: State) -> dict | None:
        return self.result(state)

    def cup_score_bounds(self) -> dict:
        """At most two goals a round: one in the chasers' sub-round, which ends with its
        shot (§5.5.6), a free throw after a chaser's foul included (§5.5.3), and one free
        throw after a seen seeker's foul, which takes the snitch away for the round
        (§5.7.3); at most ten rounds (§5.1, §7). The catch ends the game in the seekers'
        sub-round, after the chasers' (§5.1, §5.7.2): a game with a catch has room for
        one goal fewer. docs/rules/league.md derives it."""
        most = GOALS_PER_ROUND * MAX_ROUNDS
        return {
            "goal_points": shots.GOAL_POINTS,
            "snitch_points": seekers.SNITCH_POINTS,
            "win_bonus": ending.WIN_BONUS,
            "most_goals": most,
            "most_goals_with_snitch": most - 1,
        }

    def narrate(self, event: Event) -> dict[str, str]:
        return narrate(event)
