"""The commands a side gives, each checked for what is the rules' to check, then resolved.

A command is a JSON object with an ``action`` and, for all but the first-phase
roll, the ``side`` it is given for; most name one of that side's players. The
ruleset (:mod:`.ruleset`) has already checked who may give it and the JSON type
of each field (:func:`check_fields`); :func:`resolve` does the rest.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import (
    agreement,
    bludgers,
    ending,
    fouls,
    movement,
    passing,
    quaffle,
    restart,
    sequence,
    shooting,
    tackles,
)
from .directional_die import check_direction
from .phase import ACT, MOVE, end_phase, lost_by_side, use
from .resolution import Resolution
from .teams import side_of

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
TEXT_FIELDS = ("side", "player", "target", "direction")
NUMBER_FIELDS = ("hoop", "bludger", "die", "star")
NOT_NOW = _("That is not what the match waits for now.")


def check_fields(command: dict) -> None:
    """Each field of the JSON type the command's schema gives it, so that a malformed
    command is refused with a message rather than failing somewhere in the rules."""
    for name in TEXT_FIELDS:
        if name in command and not isinstance(command[name], str):
            raise RuleViolation("bad_command", _("%(field)s is a text."), params={"field": name})
    for name in NUMBER_FIELDS:
        if name in command and type(command[name]) is not int:
            raise RuleViolation(
                "bad_command", _("%(field)s is a whole number."), params={"field": name}
            )
    to = command.get("to", "")
    square = isinstance(to, list) and len(to) == 2 and all(type(n) is int for n in to)
    if not (isinstance(to, str) or square):
        raise RuleViolation("bad_command", _("The field to is a player or a square [x, y]."))


def resolve(res: Resolution, command: dict) -> None:
    """Resolve ``command`` and run the match on until a player must choose again."""
    _ORDERS[command["action"]](res, command)
    sequence.advance(res)


def _player(res: Resolution, command: dict) -> str:
    player = command.get("player")
    if player not in res.state["players"] or side_of(player) != command["side"]:
        raise RuleViolation("no_player", _("Name a player of the side the command is for."))
    if res.square(player) is None:
        raise RuleViolation("off_the_broom", _("That player is out of the match."))
    return player


def _stage(res: Resolution, *stages: str) -> None:
    if res.state["stage"] not in stages or res.state["awaiting"] is not None:
        raise RuleViolation("not_now", NOT_NOW)


def _toss(res, command):
    sequence.toss(res)


def _begin_phase(res, command):
    _stage(res, "start")
    if res.state["proposal"] is not None or command["side"] != res.state["next_side"]:
        raise RuleViolation("not_your_phase", _("The other side plays the next phase."))
    sequence.begin_phase(res)


def _propose_end(res, command):
    _stage(res, "start")
    if command["side"] != res.state["next_side"]:
        raise RuleViolation("not_your_phase", _("The side to play proposes to end the match."))
    agreement.propose(res, command["side"])


def _answer_end(res, command):
    _stage(res, "start")
    agreement.answer(res, command["side"], command["action"] == "accept_end")


def _concede(res, command):
    _stage(res, "start")
    if res.state["proposal"] is not None or command["side"] != res.state["next_side"]:
        raise RuleViolation("not_now", _("A captain concedes before their side's phase."))
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
    """A beater's act (``bludger`` named), or the answer to a bludger coming at them."""
    awaiting = res.state["awaiting"]
    if awaiting is not None and awaiting["kind"] == "bludger":
        _answer(res, command, "bludger")
        bludgers.answer(res, command)
        return
    player = _act(res, command)
    bludgers.check_hit(res.state, player, command.get("bludger"), command.get("direction"))
    bludgers.hit(res, player, command["bludger"], command["direction"])


def _answer(res, command, kind: str) -> None:
    """An answer the match waits for: a beater's to a bludger, a push, a repel."""
    awaiting = res.state["awaiting"]
    if awaiting is None or awaiting["kind"] != kind or awaiting["side"] != command["side"]:
        raise RuleViolation("not_now", NOT_NOW)
    if kind == "bludger" and command.get("player") != awaiting["player"]:
        raise RuleViolation("not_now", _("The bludger flies at another player."))
    if kind != "bludger":
        check_direction(command.get("direction"))


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
        raise RuleViolation("not_your_phase", _("The other side is playing this phase."))
    end_phase(res, "choice")


def _take_penalty(res, command):
    _stage(res, "penalty")
    if res.state["penalty"]["side"] != command["side"]:
        raise RuleViolation("not_your_penalty", _("The other side takes the penalty."))
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
