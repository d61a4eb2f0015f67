"""What befalls a player: knocked across the pitch, dazed, injured, knocked off the broom.

Tackles and bludgers share these outcomes. A knocked player flies in a
straight line and stops at the boundary ("players may not exit the
boundaries") or before a square another player holds. A dazed player "does not
take any action for an entire phase": they sit out the rest of the phase they
were dazed in and the whole of their side's next phase, and may neither
intercept a pass nor save a shot meanwhile.
"""

from __future__ import annotations

from . import quaffle
from .directional_die import fly
from .ending import NO_SEEKERS, finish
from .resolution import Resolution
from .teams import is_seeker, side_of


def knock(res: Resolution, player: str, direction: str, squares: int) -> bool:
    """Knock ``player`` ``squares`` squares in ``direction``; whether the boundary stopped
    them (they were knocked "out of the boundary" and stay on it)."""
    start = res.square(player)
    route = fly(res.pitch, start, direction, squares)
    cut_by_boundary = len(route) < squares
    landed = start
    for square in route:
        if res.player_at(square) is not None:
            cut_by_boundary = False
            break
        landed = square
    res.place(player, landed)
    res.say(
        "knocked",
        player=player,
        direction=direction,
        squares=squares,
        to=list(landed),
        boundary=cut_by_boundary,
    )
    return cut_by_boundary


def is_dazed(state: dict, player: str) -> bool:
    return state["players"][player]["dazed"] is not None


def daze(res: Resolution, player: str) -> None:
    res.state["players"][player]["dazed"] = res.state["phase"]["number"]
    res.say("dazed", player=player)


def recover(state: dict, side: str, phase: int) -> None:
    """At the end of ``side``'s phase ``phase``: its players dazed before it began wake up."""
    for player, data in state["players"].items():
        if side_of(player) == side and data["dazed"] is not None and data["dazed"] < phase:
            data["dazed"] = None


def knock_off(res: Resolution, player: str) -> None:
    """Off the broom: out of the match. A quaffle they held goes loose where they fell; the
    last seeker falling leaves nobody to catch the snitch, which ends the match."""
    fell = res.square(player)
    carried = res.state["quaffle"]["carrier"] == player
    res.place(player, None)
    res.state["players"][player]["dazed"] = None
    res.say("knocked_off", player=player)
    if carried:
        quaffle.go_loose(res, fell)
    if is_seeker(player) and not any(is_seeker(p) for p in res.on_pitch()):
        finish(res, NO_SEEKERS)
