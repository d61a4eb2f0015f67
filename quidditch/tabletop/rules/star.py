"""The star player.

"Any Player can be the star player. The star player may modify one of their
dice rolls a phase, where the roll concerns them to whatever result they
choose." A command carries ``"star": n``: the first die rolled for the star in
it shows ``n`` and is not thrown. Choosing before the throw is choosing after
it, since any result may be chosen. Once a phase: the phase of the side giving
the command, or, for ``begin_phase``, the phase it begins.

A die is the unit of a roll here: the seeker's 3D6 for the snitch is three of
them, of which a star seeker sets one (setting the whole total to the 3 that
makes the snitch appear would end every match in its first phases).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .teams import player_id, position_of, side_of

RESULTS = range(1, 7)
RULE = "Star player"


def star_of(state: dict, side: str) -> str:
    return player_id(side, state["teams"][side]["star"])


def may_set(state: dict, player: str, *, beginning: bool = False) -> bool:
    """Whether ``player`` is their side's star, on a broom, with their roll of the phase
    still to set (``beginning``: in the phase a ``begin_phase`` begins)."""
    side = side_of(player)
    return (
        state["teams"][side]["star"] == position_of(player)
        and state["players"][player]["square"] is not None
        and (beginning or side not in state["phase"]["star_used"])
    )


def chosen(state: dict, command: dict) -> tuple[str, int] | None:
    """The star and the result a command sets, checked; ``None`` if it sets none."""
    result = command.get("star")
    if result is None:
        return None
    side = command.get("side")
    beginning = command.get("action") == "begin_phase"
    player = (
        star_of(state, side)
        if beginning and side in state["teams"]
        else command.get("player") or (state["awaiting"] or {}).get("player")
    )
    if (
        result not in RESULTS
        or player not in state["players"]
        or side_of(player) != side
        or (state["phase"] is None and not beginning)
        or not may_set(state, player, beginning=beginning)
    ):
        raise RuleViolation(
            "no_star", _("the star player sets one of their own rolls a phase, 1 to 6"), RULE
        )
    return player, result


def with_star(state: dict, player: str, commands: list[dict], *, beginning=False) -> list[dict]:
    """``commands`` as they are, and for the star once for each result they may set."""
    if not may_set(state, player, beginning=beginning):
        return commands
    return commands + [{**c, "star": n} for c in commands for n in RESULTS]
