"""The two bludgers: their flights, the dodge, the injuries, and the beaters hitting them.

At the end of every phase each bludger flies 4 squares straight at the nearest
player (at the release, the first at the nearest home player and the second at
the nearest away player). A bludger flying into a player's square makes
contact: the player dodges on 3+, and the bludger "carries on 4 squares in a
random direction" (thrown again on a hit), perhaps into someone else. A
failed dodge stops the bludger there and the victim rolls on the injury table:

1. knocked off the broom, out of the match;
2. injured: -1 to movement;
3. injured: -1 to dice rolls concerning this player;
4. dazed for an entire phase;
5. knocked off course a D6 squares the way the directional die shows;
6. moved a D6 squares the way the opposing player chooses.

Whatever the result, a quaffle the victim held goes loose.

A beater meeting a bludger may hit it instead of dodging, on 2+: it then flies
4 squares plus a D6 the way the beater chooses. A missed hit sends it a D6
squares the way the directional die shows (the beater's way on a hit). A
beater another beater has sent a bludger at (a direct hit) may only dodge; a
bludger carrying on after a dodge flies by itself again. On their own turn a
beater within one square of a bludger may hit it as their act.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import directional_die, quaffle
from .directional_die import HIT, check_direction, fly
from .injuries import daze, knock, knock_off
from .phase import end_phase, lost_by_side
from .pitch import Square, distance, line
from .resolution import Resolution
from .teams import every_player, is_beater, other, side_of

FLIGHT = 4
DODGE = 3
HIT_BLUDGER = 2


def square_of(state: dict, bludger: int) -> Square:
    return tuple(state["bludgers"][bludger]["square"])


def fly_at_nearest(res: Resolution, bludger: int, side: str | None = None) -> None:
    """The bludger's own flight: 4 squares straight at the nearest player (of ``side``),
    other than a player it already shares a square with."""
    state = res.state
    start = square_of(state, bludger)
    players = [p for p in every_player() if p in res.on_pitch(side) and res.square(p) != start]
    state["bludgers"][bludger]["struck_by"] = None
    if not players:
        return
    target = min(players, key=lambda p: (distance(res.square(p), start), every_player().index(p)))
    res.say("bludger_flies", bludger=bludger, target=target)
    _travel(res, bludger, line(start, res.square(target))[:FLIGHT])


def _travel(res: Resolution, bludger: int, route: list[Square], passing: str | None = None):
    """Along ``route`` until a player's square (other than ``passing``): contact there. A
    straight line between two squares of the oval may graze its rim: the bludger stops
    where the next square would be off the pitch."""
    flown = []
    for square in route:
        if not res.pitch.on_pitch(square):
            break
        flown.append(square)
        res.state["bludgers"][bludger]["square"] = list(square)
        victim = res.player_at(square)
        if victim is not None and victim != passing:
            contact(res, bludger, victim)
            return
    if flown:
        res.say("bludger_lands", bludger=bludger, to=list(flown[-1]))


def may_hit_back(state: dict, bludger: int, player: str) -> bool:
    """A beater may hit a bludger coming at them, unless another beater sent it."""
    struck_by = state["bludgers"][bludger]["struck_by"]
    return is_beater(player) and (struck_by is None or struck_by == player)


def contact(res: Resolution, bludger: int, player: str) -> None:
    res.say("bludger_contact", bludger=bludger, player=player)
    if may_hit_back(res.state, bludger, player):
        res.state["awaiting"] = {
            "kind": "bludger",
            "side": side_of(player),
            "player": player,
            "bludger": bludger,
        }
        return
    dodge(res, bludger, player)


def dodge(res: Resolution, bludger: int, player: str) -> None:
    result = res.roll(player, "dodge")
    dodged = result >= DODGE
    res.say("dodge", player=player, result=result, needed=DODGE, dodged=dodged)
    if dodged:
        res.state["bludgers"][bludger]["struck_by"] = None  # it flies on by itself now
        way = directional_die.roll_direction(res.die, "bludger carries on")
        _travel(res, bludger, fly(res.pitch, square_of(res.state, bludger), way, FLIGHT), player)
    else:
        injure(res, bludger, player)


def injure(res: Resolution, bludger: int, victim: str) -> None:
    state = res.state
    result = res.die(6, "injury")
    res.say("injury", player=victim, result=result)
    if result == 1:
        knock_off(res, victim)
        end_phase(res, "knocked_off")
        return
    if state["quaffle"]["carrier"] == victim:
        quaffle.go_loose(res, res.square(victim))
        lost_by_side(res, side_of(victim), "dropped")
    players = state["players"][victim]
    if result == 2:
        players["speed_loss"] += 1
    elif result == 3:
        players["dice_loss"] += 1
    elif result == 4:
        daze(res, victim)
    elif result == 5:
        way = directional_die.roll_direction(res.die, "knocked off course")
        knock(res, victim, way, res.die(6, "knocked off course: squares"))
    else:
        squares = res.die(6, "moved by the opponent: squares")
        state["awaiting"] = {
            "kind": "push",
            "side": other(side_of(victim)),
            "player": victim,
            "squares": squares,
        }


def push(res: Resolution, direction: str) -> None:
    """Injury 6: the opposing player moves the victim the rolled squares their way."""
    awaiting = res.state["awaiting"]
    res.state["awaiting"] = None
    knock(res, awaiting["player"], direction, awaiting["squares"])


def check_hit(state: dict, beater: str, bludger: int, direction: str) -> None:
    if not is_beater(beater):
        raise RuleViolation("not_a_beater", _("Only beaters hit bludgers."), "Beaters")
    if bludger not in (0, 1):
        raise RuleViolation("no_bludger", _("There are two bludgers, 0 and 1."))
    if distance(tuple(state["players"][beater]["square"]), square_of(state, bludger)) > 1:
        raise RuleViolation(
            "too_far", _("The bludger must be within one square of the beater."), "Beaters"
        )
    check_direction(direction)


def hit(res: Resolution, beater: str, bludger: int, direction: str) -> None:
    result = res.roll(beater, "hit bludger")
    struck = result >= HIT_BLUDGER
    res.say("bludger_hit", player=beater, bludger=bludger, result=result, struck=struck)
    start = square_of(res.state, bludger)
    if struck:
        squares = FLIGHT + res.die(6, "hit bludger: squares")
        res.state["bludgers"][bludger]["struck_by"] = beater
    else:
        shown = directional_die.roll(res.die, "missed bludger")
        direction = direction if shown == HIT else shown
        squares = res.die(6, "missed bludger: squares")
        res.state["bludgers"][bludger]["struck_by"] = None
    res.say("bludger_sent", bludger=bludger, direction=direction, squares=squares)
    _travel(res, bludger, fly(res.pitch, start, direction, squares), beater)


def answer(res: Resolution, command: dict) -> None:
    """The beater's answer to a bludger coming at them: dodge, or hit it a chosen way."""
    awaiting = res.state["awaiting"]
    res.state["awaiting"] = None
    player, bludger = awaiting["player"], awaiting["bludger"]
    if command["action"] == "dodge":
        dodge(res, bludger, player)
        return
    check_direction(command.get("direction"))
    hit(res, player, bludger, command["direction"])
