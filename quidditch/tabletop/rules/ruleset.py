"""Table Top Quidditch as a :class:`games.ruleset.Ruleset`.

Commands are JSON objects, each given for a ``side`` (the seat, ``home`` or
``away``), most of them for one of its players (``"player": "home-chaser2"``):

- ``{"action": "toss"}``: the first-phase roll, by anyone;
- ``begin_phase``, ``propose_end``, ``accept_end``, ``decline_end``, ``concede``: before a phase;
- ``move`` (``to``: ``[x, y]``), ``catch``, ``pass`` (``to``: a player), ``shoot``
  (``hoop``: 0-2), ``tackle`` (``target``, ``direction``), ``hit_bludger``
  (``bludger``: 0-1, ``direction``), ``end_phase``: in a phase;
- ``dodge`` or ``hit_bludger`` (a beater a bludger flies at), ``push`` (injury 6),
  ``repel`` (a keeper's unclean save), ``take_penalty``: answers the rules wait for;
- ``free_move`` and ``end_free_moves``: after a goal;
- ``reroll`` (``die``: its number in the last command's dice) or ``let_stand``: the
  captain's re-roll, or not.

A command for the star player may carry ``"star": n``: the star's first roll in
it is set to ``n`` (once a phase). Nothing in the game is hidden: both players
see the whole board, so ``view`` is the state itself.
"""

from __future__ import annotations

from games.dice import Dice
from games.ruleset import Actor, Command, Event, Outcome, Ruleset, RuleViolation, State, register

from .. import board, narration
from ..bots import Chaser
from . import (
    agreement,
    bludgers,
    captain,
    ending,
    fouls,
    movement,
    offers,
    passing,
    quaffle,
    restart,
    sequence,
    shooting,
    star,
    tackles,
)
from .directional_die import DIRECTIONS
from .phase import ACT, MOVE, end_phase, lost_by_side, use
from .pitch import pitch_of
from .resolution import Resolution
from .scenario import initial_state
from .teams import SIDES, every_player, side_of

ACTIONS = (
    "toss",
    "begin_phase",
    "propose_end",
    "accept_end",
    "decline_end",
    "concede",
    "move",
    "catch",
    "pass",
    "shoot",
    "tackle",
    "hit_bludger",
    "end_phase",
    "dodge",
    "push",
    "repel",
    "take_penalty",
    "free_move",
    "end_free_moves",
    "reroll",
    "let_stand",
)
SQUARE = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}


def _copy(value):
    """A deep copy of JSON data (lists and dicts of plain values): the state a command
    changes, made for every command (faster than ``copy.deepcopy`` or a JSON round trip)."""
    if type(value) is dict:
        return {key: _copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_copy(item) for item in value]
    return value


@register
class TabletopQuidditch(Ruleset):
    name = "tabletop-quidditch"
    title = "Table Top Quidditch"
    languages = ("en",)
    config_schema = {
        "type": "object",
        "description": "The config of a Table Top Quidditch match, every setting optional "
        "(docs/rules/tabletop-quidditch.md).",
        "properties": {
            "pitch": {
                "type": "object",
                "properties": {"length": {"type": "integer"}, "width": {"type": "integer"}},
                "description": "Odd sizes, 25-61 long and 15-41 wide; 33 x 21 by default.",
            },
            "teams": {
                "type": "object",
                "description": "Per side: name, captain and star (positions).",
            },
            "scenario": {
                "type": "object",
                "description": "A starting position: players, quaffle, bludgers, snitch, "
                "score and the side to play.",
            },
        },
    }
    command_schema = {
        "type": "object",
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "enum": list(ACTIONS)},
            "side": {"type": "string", "enum": list(SIDES)},
            "player": {"type": "string", "enum": every_player()},
            "to": {"oneOf": [SQUARE, {"type": "string", "enum": every_player()}]},
            "target": {"type": "string", "enum": every_player()},
            "hoop": {"type": "integer", "minimum": 0, "maximum": 2},
            "bludger": {"type": "integer", "minimum": 0, "maximum": 1},
            "direction": {"type": "string", "enum": list(DIRECTIONS)},
            "die": {"type": "integer", "minimum": 0},
            "star": {"type": "integer", "minimum": 1, "maximum": 6},
        },
    }
    example_config = {}
    max_commands = 6_000
    rare_actions = {"concede": 0.01, "propose_end": 0.05, "reroll": 0.2}
    bots = {"chaser": Chaser()}
    #: Each player moves their own team; the text's referee only judges fouls (the server
    #: does). A storyguide entering both teams' moves at a table holds both seats.
    referee_relays = False

    def setup(self, config: dict) -> State:
        return initial_state(config)

    def seats(self, state: State) -> list[str]:
        return list(SIDES)

    def seat_of(self, command: Command, state: State) -> str | None:
        return command.get("side")

    def default_title(self, state: State) -> str:
        return f"{state['teams']['home']['name']} v {state['teams']['away']['name']}"

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        if state["over"]:
            raise RuleViolation("game_over", "the match is over")
        if not isinstance(command, dict) or command.get("action") not in ACTIONS:
            raise RuleViolation("unknown_command", f"an action is one of {', '.join(ACTIONS)}")
        _check_fields(command)
        action = command["action"]
        if action == "toss":
            if state["stage"] != "toss" or not (actor.is_referee or actor.controls):
                raise RuleViolation("not_now", "the first-phase roll opens the match")
        else:
            side = command.get("side")
            if side not in SIDES:
                raise RuleViolation("no_side", "a command is given for home or away")
            if not self._plays(actor, side):
                raise RuleViolation("not_your_side", f"you do not play {side}")
        new = _copy(state)
        if action == "reroll":
            res = captain.reroll(new, command["side"], command.get("die"), dice, self._resolve)
        elif action == "let_stand":
            res = Resolution(new, dice)
            captain.let_stand(res, command["side"])
        else:
            res = Resolution(new, dice, star=star.chosen(state, command))
            self._resolve(res, command)
            # ``state`` is never changed (rules change their own copy): kept as it is.
            captain.remember(res.state, {**state, "reroll": None}, command, res)
        return Outcome(res.state, res.events)

    def _resolve(self, res: Resolution, command: Command) -> None:
        _ORDERS[command["action"]](res, command)
        sequence.advance(res)

    def allowed_commands(self, state: State, actor: Actor, *, now: float | None = None) -> list:
        if state["over"]:
            return []
        if state["stage"] == "toss":
            return [{"action": "toss"}] if actor.is_referee or actor.controls else []
        pitch = pitch_of(**state["pitch"])
        return [
            command
            for side in SIDES
            if self._plays(actor, side)
            for command in offers.for_side(state, pitch, side)
        ]

    def _plays(self, actor: Actor, side: str) -> bool:
        """Whether ``actor`` gives ``side``'s commands: the side's holder (a storyguide
        holding it too), never a referee for a side they do not hold (``referee_relays``)."""
        return side in actor.controls or (actor.is_referee and self.referee_relays)

    def result(self, state: State) -> dict | None:
        if not state["over"]:
            return None
        return {
            "winner": state["winner"],
            "score": dict(state["score"]),
            "goals": dict(state["goals"]),
            "ended_by": state["ended_by"],
            "snitch": state["snitch"].get("caught_by"),
        }

    def narrate(self, event: Event) -> dict[str, str]:
        return narration.narrate(event)

    def board_svg(self, state: State) -> str:
        return board.svg(state)


TEXT_FIELDS = ("side", "player", "target", "direction")
NUMBER_FIELDS = ("hoop", "bludger", "die", "star")


def _check_fields(command: dict) -> None:
    """Each field of the JSON type ``command_schema`` gives it, so that a malformed
    command is refused with a message rather than failing somewhere in the rules."""
    for name in TEXT_FIELDS:
        if name in command and not isinstance(command[name], str):
            raise RuleViolation("bad_command", f"{name} is a text")
    for name in NUMBER_FIELDS:
        if name in command and type(command[name]) is not int:
            raise RuleViolation("bad_command", f"{name} is a whole number")
    to = command.get("to", "")
    square = isinstance(to, list) and len(to) == 2 and all(type(n) is int for n in to)
    if not (isinstance(to, str) or square):
        raise RuleViolation("bad_command", "to is a player or a square [x, y]")


# The orders: each checks what is the rules' to check, then resolves.


def _player(res: Resolution, command: dict) -> str:
    player = command.get("player")
    if player not in res.state["players"] or side_of(player) != command["side"]:
        raise RuleViolation("no_player", f"{player} is not a player of {command['side']}")
    if res.square(player) is None:
        raise RuleViolation("off_the_broom", "that player is out of the match")
    return player


def _stage(res: Resolution, *stages: str) -> None:
    if res.state["stage"] not in stages or res.state["awaiting"] is not None:
        raise RuleViolation("not_now", "that is not what the match waits for now")


def _toss(res, command):
    sequence.toss(res)


def _begin_phase(res, command):
    _stage(res, "start")
    if res.state["proposal"] is not None or command["side"] != res.state["next_side"]:
        raise RuleViolation("not_your_phase", "the other side plays the next phase")
    sequence.begin_phase(res)


def _propose_end(res, command):
    _stage(res, "start")
    if command["side"] != res.state["next_side"]:
        raise RuleViolation("not_your_phase", "the side to play proposes ending")
    agreement.propose(res, command["side"])


def _answer_end(res, command):
    _stage(res, "start")
    agreement.answer(res, command["side"], command["action"] == "accept_end")


def _concede(res, command):
    _stage(res, "start")
    if res.state["proposal"] is not None or command["side"] != res.state["next_side"]:
        raise RuleViolation("not_now", "a captain concedes before their side's phase")
    ending.concede(res, command["side"])


def _move(res, command):
    _stage(res, "phase")
    player = _player(res, command)
    to = movement.check(res.state, res.pitch, player, command.get("to"))
    use(res.state, player, MOVE)
    movement.fly(res, player, to)


def _act(res, command) -> str:
    _stage(res, "phase")
    player = _player(res, command)
    use(res.state, player, ACT)
    return player


def _catch(res, command):
    player = _act(res, command)
    quaffle.check_catch(res.state, player)
    if not quaffle.catch(res, player):
        lost_by_side(res, command["side"], "dropped")


def _pass(res, command):
    player = _act(res, command)
    passing.check_pass(res.state, player, command.get("to"))
    passing.pass_quaffle(res, player, command["to"])


def _shoot(res, command):
    player = _act(res, command)
    shooting.check_shot(res.state, player, command.get("hoop"), res.pitch)
    shooting.shoot(res, player, command["hoop"])


def _tackle(res, command):
    player = _act(res, command)
    tackles.check_tackle(res.state, player, command.get("target"), command.get("direction"))
    tackles.tackle(res, player, command["target"], command["direction"])


def _hit_bludger(res, command):
    awaiting = res.state["awaiting"]
    if awaiting is not None and awaiting["kind"] == "bludger":
        _answer(res, command, "bludger")
        bludgers.answer(res, command)
        return
    player = _act(res, command)
    bludgers.check_hit(res.state, player, command.get("bludger"), command.get("direction"))
    bludgers.hit(res, player, command["bludger"], command["direction"])


def _answer(res, command, kind: str) -> None:
    awaiting = res.state["awaiting"]
    if awaiting is None or awaiting["kind"] != kind or awaiting["side"] != command["side"]:
        raise RuleViolation("not_now", "that is not what the match waits for now")
    if kind == "bludger" and command.get("player") != awaiting["player"]:
        raise RuleViolation("not_now", f"the bludger flies at {awaiting['player']}")
    if kind != "bludger" and command.get("direction") not in DIRECTIONS:
        raise RuleViolation("no_direction", f"a direction is one of {', '.join(DIRECTIONS)}")


def _dodge(res, command):
    _answer(res, command, "bludger")
    bludgers.answer(res, command)


def _push(res, command):
    _answer(res, command, "push")
    bludgers.push(res, command["direction"])


def _repel(res, command):
    _answer(res, command, "repel")
    shooting.repel(res, command["direction"])


def _end_phase(res, command):
    _stage(res, "phase")
    if res.state["phase"]["side"] != command["side"]:
        raise RuleViolation("not_your_phase", "the other side is playing this phase")
    end_phase(res, "choice")


def _take_penalty(res, command):
    _stage(res, "penalty")
    if res.state["penalty"]["side"] != command["side"]:
        raise RuleViolation("not_your_penalty", "the other side takes the penalty")
    fouls.take_penalty(res, _player(res, command))


def _free_move(res, command):
    _stage(res, "free_moves")
    player = _player(res, command)
    restart.check_free_move(res.state, player)
    to = movement.check(res.state, res.pitch, player, command.get("to"))
    res.state["free_moves"]["moved"].append(player)
    movement.fly(res, player, to, free=True)


def _end_free_moves(res, command):
    restart.done(res, command["side"])


_ORDERS = {
    "toss": _toss,
    "begin_phase": _begin_phase,
    "propose_end": _propose_end,
    "accept_end": _answer_end,
    "decline_end": _answer_end,
    "concede": _concede,
    "move": _move,
    "catch": _catch,
    "pass": _pass,
    "shoot": _shoot,
    "tackle": _tackle,
    "hit_bludger": _hit_bludger,
    "end_phase": _end_phase,
    "dodge": _dodge,
    "push": _push,
    "repel": _repel,
    "take_penalty": _take_penalty,
    "free_move": _free_move,
    "end_free_moves": _end_free_moves,
}
