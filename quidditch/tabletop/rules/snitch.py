"""The golden snitch: spotted, placed, flying, and caught.

"Each phase the seeker gives the player a roll of 3D6": while the snitch has
not appeared, the seeker of the side starting a phase rolls 3D6 and a total of
3 makes it appear, spotted by that seeker, who gains 3 squares of movement for
the rest of the phase. (No injury changes that total: a -1 would make a 3
impossible.) The snitch also appears when both players agree to end the game
(:mod:`.ending`), seen by both seekers. It appears where one D6 across the
pitch and one along it point (:meth:`.pitch.Pitch.sector_square`).

Once it has appeared, a seeker who has not seen it rolls at the beginning of
every phase and sees it on 2+; until then they may not catch it. After every
phase it flies 2D6 squares the way the directional die shows (a hit: it
hovers), stopping at the boundary. An eligible seeker whose flight passes over
or ends on its square catches it, as does one it flies into: 150 points and the
end of the match. Anyone else flying over or onto it fouls.
"""

from __future__ import annotations

from . import directional_die, ending
from .directional_die import fly
from .fouls import SNITCH, foul
from .injuries import is_dazed
from .pitch import Square
from .resolution import Resolution
from .teams import SIDES, is_seeker, player_id, side_of

SPOTTED = 3
SNITCH_DICE = "snitch: 3D6"
SEE = 2
SPOTTING_BONUS = 3


def square_of(state: dict) -> Square | None:
    square = state["snitch"]["square"]
    return tuple(square) if square is not None else None


def appear(res: Resolution, seen_by: list[str]) -> None:
    across = res.die(6, "snitch: across")
    along = res.die(6, "snitch: along")
    square = res.pitch.sector_square(across, along)
    res.state["snitch"] = {"square": list(square), "seen": list(seen_by)}
    res.say("snitch_appears", across=across, along=along, to=list(square), seen=list(seen_by))


def lookers(state: dict, side: str) -> list[str]:
    """The seekers who roll at the beginning of ``side``'s phase: its own while the snitch
    is hidden, else each one on a broom who has not seen it yet, ``side``'s first."""
    if square_of(state) is None:
        seekers = [player_id(side, "seeker")]
    else:
        seekers = [
            player_id(each, "seeker")
            for each in (side, *(s for s in SIDES if s != side))
            if each not in state["snitch"]["seen"]
        ]
    return [seeker for seeker in seekers if state["players"][seeker]["square"] is not None]


def look(res: Resolution, side: str) -> None:
    """The beginning of ``side``'s phase: the 3D6 while the snitch is hidden, else each
    seeker who has not seen it looks for it on 2+."""
    state = res.state
    hidden = square_of(state) is None
    for seeker in lookers(state, side):
        if hidden:
            faces = [res.roll(seeker, SNITCH_DICE, injury=False) for _ in range(3)]
            res.say("seeker_looks", player=seeker, faces=faces, total=sum(faces))
            if sum(faces) == SPOTTED:
                appear(res, [side])
                state["phase"]["spotter"] = seeker
            continue
        result = res.roll(seeker, "see the snitch")
        res.say("seeker_spots", player=seeker, result=result, needed=SEE, seen=result >= SEE)
        if result >= SEE:
            state["snitch"]["seen"].append(side_of(seeker))


def fly_on(res: Resolution) -> None:
    """After every phase: 2D6 squares the way the directional die shows. Flying into an
    eligible seeker is contact too: that seeker catches it."""
    start = square_of(res.state)
    if start is None:
        return
    shown = directional_die.roll(res.die, "snitch flies")
    squares = res.die(6, "snitch flies: squares") + res.die(6, "snitch flies: squares")
    route = [] if shown == directional_die.HIT else fly(res.pitch, start, shown, squares)
    catcher = None
    for flown, square in enumerate(route, start=1):
        met = res.player_at(square)
        if met is not None and is_seeker(met) and eligible(res.state, met):
            route, catcher = route[:flown], met
            break
    if route:
        res.state["snitch"]["square"] = list(route[-1])
    res.say(
        "snitch_flies", direction=shown, squares=squares, to=list(route[-1] if route else start)
    )
    if catcher is not None:
        caught(res, catcher)


def eligible(state: dict, seeker: str) -> bool:
    return side_of(seeker) in state["snitch"]["seen"] and not is_dazed(state, seeker)


def touched(res: Resolution, player: str, route: list[Square]) -> None:
    """A flight over ``route``: an eligible seeker meeting the snitch catches it; anyone
    but a seeker touching it fouls."""
    snitch = square_of(res.state)
    if snitch is None or snitch not in route:
        return
    if not is_seeker(player):
        foul(res, player, SNITCH)
    elif eligible(res.state, player):
        caught(res, player)


def caught(res: Resolution, seeker: str) -> None:
    """Caught by ``seeker``: "The snitch is caught when a seeker who is eligible too comes
    into contact with it. The game then ends and earns the catchers team 150 points"."""
    side = side_of(seeker)
    res.state["score"][side] += ending.SNITCH_POINTS
    res.state["snitch"]["caught_by"] = seeker
    res.say("snitch_caught", player=seeker, side=side, points=ending.SNITCH_POINTS)
    ending.finish(res, ending.SNITCH)
