"""The order of play: the first-phase roll, the beginning of a phase, and what follows
its end.

"At the start of the game the players roll to see who will take the first
phase": each side rolls a D6, the higher plays first, a tie rolls again. The
balls are then released from the centre circle: "one of each Bludger travels
towards the nearest player on each team" (the release counts as phase 0, so
that whatever it does to a player is dated). Before each phase the side to play
may begin it, propose to end the match or concede; beginning it makes the
seekers look for the snitch. After a phase the steps
of :data:`.phase.THEN` run in order, each perhaps waiting for a player's
choice (a beater hit by a bludger, a keeper's repel, a penalty taker); then
the other side's phase is next.
"""

from __future__ import annotations

from . import bludgers, fouls, offers, restart, snitch
from .phase import end_phase, new_phase, playing
from .resolution import Resolution
from .teams import SIDES, other

RELEASE = ["release:0:home", "release:1:away", "handover"]


def toss(res: Resolution) -> None:
    while True:
        faces = {side: res.die(6, "first phase", by=side) for side in SIDES}
        res.say("first_phase_roll", home=faces["home"], away=faces["away"])
        if faces["home"] != faces["away"]:
            break
    first = max(SIDES, key=faces.get)
    res.state["next_side"] = first
    res.state["phase"] = {**new_phase(0, first), "ending": "release"}
    res.state["stage"] = "ending"
    res.state["after"] = list(RELEASE)
    res.say("balls_released", side=first)


def begin_phase(res: Resolution) -> None:
    state = res.state
    side = state["next_side"]
    number = state["phase"]["number"] + 1 if state["phase"] else 1
    state["phase"] = new_phase(number, side)
    state["stage"] = "phase"
    res.say("phase_begins", number=number, side=side)
    snitch.look(res, side)


def advance(res: Resolution) -> None:
    """Run the match on until a player must choose: the steps after a phase's end, and the
    end of a phase whose side has nothing left to do."""
    state = res.state
    while not state["over"] and state["awaiting"] is None:
        if playing(state):
            if not offers.spent(state, res.pitch):
                return
            end_phase(res, "done")
        if state["stage"] != "ending":
            return
        step, *state["after"] = state["after"]
        _run(res, step)


def _run(res: Resolution, step: str) -> None:
    state = res.state
    kind, _, rest = step.partition(":")
    if kind == "release":
        bludger, side = rest.split(":")
        bludgers.fly_at_nearest(res, int(bludger), side)
    elif kind == "bludger":
        bludgers.fly_at_nearest(res, int(rest))
    elif kind == "snitch":
        snitch.fly_on(res)
    elif kind == "penalty":
        fouls.begin_penalty(res)
    elif kind == "free_moves":
        restart.begin_free_moves(res)
    else:
        if state["phase"]["number"] > 0:
            state["next_side"] = other(state["phase"]["side"])
        state["stage"] = "start"
        res.say("next_phase", side=state["next_side"])
