"""The quaffle: who holds it, catching it, and the loose quaffle that drops slowly.

"When a catch is attempted the player must make a dice roll and achieve 2+";
a failed catch sets the quaffle loose, and gaining it by a tackle or an
interception needs no catch. A loose quaffle "travels 1 square in a random
direction or stays": the directional die's hit keeps it where it is, and it
never drifts off the pitch. A player must share its square to catch it.
Passing and shooting are in :mod:`.passing` and :mod:`.shooting`.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import directional_die
from .pitch import Square
from .resolution import Resolution
from .teams import handles_quaffle

CATCH = 2


def carrier(state: dict) -> str | None:
    return state["quaffle"]["carrier"]


def loose_at(state: dict) -> Square | None:
    """The loose quaffle's square; ``None`` while someone holds it."""
    if state["quaffle"]["carrier"] is not None:
        return None
    return tuple(state["quaffle"]["square"])


def give(res: Resolution, player: str) -> None:
    """``player`` holds the quaffle now, without a catch (a tackle, an interception, a save)."""
    res.state["quaffle"] = {"square": list(res.square(player)), "carrier": player}
    res.say("gains_quaffle", player=player)


def go_loose(res: Resolution, square: Square) -> None:
    """The quaffle is dropped at ``square`` and drifts one square or stays."""
    shown = directional_die.roll(res.die, "loose quaffle")
    landed = square
    if shown != directional_die.HIT and res.pitch.on_pitch(directional_die.step(square, shown)):
        landed = directional_die.step(square, shown)
    res.state["quaffle"] = {"square": list(landed), "carrier": None}
    res.say("quaffle_loose", at=list(square), drift=shown, to=list(landed))


def catch(res: Resolution, player: str) -> bool:
    """A catch on 2+; a failed one leaves the quaffle loose. Whether it was caught."""
    needed = CATCH
    result = res.roll(player, "catch")
    caught = result >= needed
    res.say("catch", player=player, result=result, needed=needed, caught=caught)
    if caught:
        res.state["quaffle"] = {"square": list(res.square(player)), "carrier": player}
    else:
        go_loose(res, res.square(player))
    return caught


def check_catch(state: dict, player: str) -> None:
    if not handles_quaffle(player):
        raise RuleViolation(
            "no_catch", _("Only chasers and the keeper catch the quaffle."), "The Quaffle"
        )
    if loose_at(state) != tuple(state["players"][player]["square"]):
        raise RuleViolation(
            "no_loose_quaffle",
            _("The quaffle must lie loose on the catcher's own square."),
            "The Quaffle",
        )
