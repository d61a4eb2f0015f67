"""Every command a side may give now, each complete: the buttons of the web table and
the choices of a bot.

Flights are offered straight along each of the eight directions and to the
loose quaffle's and the snitch's squares (``movement.targets``): any other
free square in reach is accepted too, but these keep the list short. The star
player's commands come once as they are and once for each result the star may
set.
"""

from __future__ import annotations

from games.ruleset import RuleViolation

from . import captain, movement, restart, star
from .agreement import may_propose
from .bludgers import check_hit
from .directional_die import DIRECTIONS
from .fouls import takers
from .passing import check_pass
from .phase import ACT, MOVE, may_use, playing
from .pitch import Pitch
from .quaffle import check_catch
from .shooting import check_shot
from .snitch import lookers
from .tackles import check_tackle
from .teams import handles_quaffle, is_beater, side_of


def for_side(state: dict, pitch: Pitch, side: str) -> list[dict]:
    offered = []
    if captain.may_reroll(state, side):
        offered += [
            {"action": "reroll", "side": side, "die": die}
            for die in range(len(state["reroll"]["faces"]))
        ]
        offered.append({"action": "let_stand", "side": side})
    stage, awaiting = state["stage"], state["awaiting"]
    if awaiting is not None:
        if awaiting["side"] == side:
            offered += _answers(state, awaiting)
    elif stage == "start":
        offered += _before_phase(state, side)
    elif stage == "phase" and playing(state) and state["phase"]["side"] == side:
        offered += _phase(state, pitch, side)
    elif stage == "penalty" and state["penalty"]["side"] == side:
        offered += [{"action": "take_penalty", "side": side, "player": p} for p in takers(state)]
    elif stage == "free_moves" and side not in state["free_moves"]["done"]:
        offered += _free_moves(state, pitch, side)
    return offered


def _before_phase(state: dict, side: str) -> list[dict]:
    proposal = state["proposal"]
    if proposal is not None:
        if side == proposal:
            return []
        return [{"action": "accept_end", "side": side}, {"action": "decline_end", "side": side}]
    if side != state["next_side"]:
        return []
    begin = [{"action": "begin_phase", "side": side}]
    if star.star_of(state, side) in lookers(state, side):
        begin = star.with_star(state, star.star_of(state, side), begin, beginning=True)
    offered = [*begin, {"action": "concede", "side": side}]
    if may_propose(state):
        offered.append({"action": "propose_end", "side": side})
    return offered


def spent(state: dict, pitch: Pitch) -> bool:
    """Whether the side playing the phase has nothing left to do but end it: "Once all
    players have had their eligible moves the phase goes to the other player"."""
    side = state["phase"]["side"]
    return not any(
        (may_use(state, player, MOVE) and movement.may_fly(state, pitch, player))
        or (may_use(state, player, ACT) and _acts(state, pitch, player))
        for player in state["players"]
        if side_of(player) == side
    )


def _answers(state: dict, awaiting: dict) -> list[dict]:
    side = awaiting["side"]
    if awaiting["kind"] == "bludger":
        player = awaiting["player"]
        answers = [{"action": "dodge", "side": side, "player": player}] + [
            {"action": "hit_bludger", "side": side, "player": player, "direction": d}
            for d in DIRECTIONS
        ]
        return star.with_star(state, player, answers)
    return [{"action": awaiting["kind"], "side": side, "direction": d} for d in DIRECTIONS]


def _phase(state: dict, pitch: Pitch, side: str) -> list[dict]:
    offered = []
    for player in state["players"]:
        if side_of(player) != side:
            continue
        if may_use(state, player, MOVE):
            offered += [
                {"action": "move", "side": side, "player": player, "to": list(square)}
                for square in movement.targets(state, pitch, player)
            ]
        if may_use(state, player, ACT):
            offered += star.with_star(state, player, _acts(state, pitch, player))
    offered.append({"action": "end_phase", "side": side})
    return offered


def _acts(state: dict, pitch: Pitch, player: str) -> list[dict]:
    """Each act the rules would take from ``player`` now, tried by the rules' own checks
    (only where it could be: the quaffle's acts for those who handle it, a bludger's for
    beaters)."""
    side = side_of(player)
    act = {"side": side, "player": player}
    carrier = state["quaffle"]["carrier"]
    acts = []
    if handles_quaffle(player):
        if carrier is None and _legal(check_catch, state, player):
            acts.append({"action": "catch", **act})
        elif carrier == player:
            acts += [
                {"action": "pass", **act, "to": receiver}
                for receiver in state["players"]
                if side_of(receiver) == side and _legal(check_pass, state, player, receiver)
            ]
            acts += [
                {"action": "shoot", **act, "hoop": hoop}
                for hoop in range(3)
                if _legal(check_shot, state, player, hoop, pitch)
            ]
        elif carrier is not None and _legal(check_tackle, state, player, carrier, "N"):
            acts += [
                {"action": "tackle", **act, "target": carrier, "direction": d} for d in DIRECTIONS
            ]
    elif is_beater(player):
        for bludger in (0, 1):
            if _legal(check_hit, state, player, bludger, "N"):
                acts += [
                    {"action": "hit_bludger", **act, "bludger": bludger, "direction": d}
                    for d in DIRECTIONS
                ]
    return acts


def _legal(check, *arguments) -> bool:
    try:
        check(*arguments)
    except RuleViolation:
        return False
    return True


def _free_moves(state: dict, pitch: Pitch, side: str) -> list[dict]:
    offered = [
        {"action": "free_move", "side": side, "player": player, "to": list(square)}
        for player in state["players"]
        if side_of(player) == side and restart.may_move_free(state, player)
        for square in movement.targets(state, pitch, player)
    ]
    return [*offered, {"action": "end_free_moves", "side": side}]
