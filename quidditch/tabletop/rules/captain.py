"""The captain's re-roll.

"While the captain is on the field a dice re-roll may be applied to any roll
once a phase. However the re-roll result must be accepted." Right after a
command, each side whose captain is still on a broom and has not re-rolled in
this phase may name one die the command rolled, whoever rolled it, or let the
dice stand (so that a bot, which must choose among what it is offered, can
decline; a person may simply play on). The command
is then resolved again from where it stood, with the same faces up to that die,
the re-rolled die, and fresh dice for whatever follows from it; the new result
stands and may not be re-rolled again.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import RuleViolation

from . import star
from .resolution import Resolution
from .teams import player_id


def may_reroll(state: dict, side: str) -> bool:
    last = state["reroll"]
    if last is None or state["phase"] is None or state["over"]:
        return False
    captain = player_id(side, state["teams"][side]["captain"])
    return (
        state["players"][captain]["square"] is not None
        and side not in state["phase"]["captain_used"]
        and side not in last["declined"]
    )


def remember(state: dict, before: dict, command: dict, res: Resolution) -> None:
    """Keep what a re-roll of this command needs, if it rolled any die: the state before
    it, the command, and its dice (their faces, and what each was rolled for)."""
    state["reroll"] = (
        {
            "before": before,
            "command": command,
            "faces": res.faces,
            "purposes": res.purposes,
            "declined": [],
        }
        if res.faces
        else None
    )


def let_stand(res: Resolution, side: str) -> None:
    if not may_reroll(res.state, side):
        raise RuleViolation("no_reroll", _("There is no roll to re-roll."), "Captain")
    res.state["reroll"]["declined"].append(side)
    res.say("dice_stand", side=side)


def reroll(state: dict, side: str, die, dice: Dice, resolve) -> Resolution:
    """Resolve the last command again with die number ``die`` re-rolled.

    ``resolve(res, command)`` is how a command is resolved (the ruleset's own),
    given a fresh resolution of the state as it stood before that command.
    """
    if not may_reroll(state, side):
        raise RuleViolation(
            "no_reroll",
            _("A captain on the field re-rolls one die once a phase, right after the roll."),
            "Captain",
        )
    last = state["reroll"]
    if type(die) is not int or not 0 <= die < len(last["faces"]):
        raise RuleViolation(
            "no_such_die",
            _("The last command rolled dice 0 to %(last)s."),
            "Captain",
            params={"last": len(last["faces"]) - 1},
        )
    before = {**last["before"], "reroll": None}
    chosen = star.chosen(before, last["command"])
    res = Resolution(before, dice, star=chosen, replayed=last["faces"][:die])
    res.say("reroll", side=side, die=die, face=last["faces"][die])
    resolve(res, last["command"])
    if res.state["phase"] is not None:
        res.state["phase"]["captain_used"].append(side)
    res.state["reroll"] = None
    return res
