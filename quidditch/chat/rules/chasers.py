"""The chasers' sub-round (§5.5): flying, attacking, fouling, passing, intercepting.

The referee rolls the carrier's third (first number: 1-2 low, 3-4 middle,
5-6 high) and releases the quaffle. Only the carrier flies, once per
possession of his team (§5.5.1). Flying opens a moment in which a chaser of
the other team in the new third, or the keeper whose third it is, may attack;
any other valid command closes it (§5.5.2, §5.6.2). The sub-round ends with a
shot (see :mod:`.shots`), a free throw, or a dropped quaffle (§5.5.4).
"""

from __future__ import annotations

from . import shots
from .fouls import SEEN, SUCCESS, foul_roll
from .match import (
    Match,
    State,
    drop_quaffle,
    in_third,
    keeper_of,
    role_of,
    take_possession,
    team_nicks,
    team_of,
    xp_of,
)
from .pitch import is_goal_third, neighbours, third_for_die
from .rolls import combat, succeeds

PASS, RECEIVE, INTERCEPT = 3, 2, 5
"""Pass EW 3+, Angenommen EW 2+ (§5.5.4), Abfangen EW 5+ (§5.5.5)."""


def start(match: Match) -> None:
    """Roll where the carrier is, then release the quaffle (§5.5)."""
    state = match.state
    state["subround"] = "chasers"
    carrier = state["carrier"]
    if carrier is None:
        match.close_subround()
        return
    faces = match.roll("quaffle carrier position")
    third = third_for_die(state["pitch"], faces[0])
    match.edit("thirds")[carrier] = third
    match.say("carrier_placed", player=carrier, dice=faces, third=third)
    if state["config"]["referee_releases"]:
        state["phase"] = "quaffle_release"
    else:
        state["phase"] = "chasers"
        match.say("release", ball="quaffle", auto=True)


def options(state: State, out: list[dict]) -> None:
    """What the chasers and keepers may do now."""
    flying_pass = state["pass"]
    if flying_pass:
        _pass_answers(state, flying_pass, out)
        return
    # Run after nearly every chasers' command: plain loops, each lookup made once.
    carrier, team, players = state["carrier"], state["possession"], state["players"]
    if players[carrier]["role"] == "keeper":
        # The keeper's pass reaches a chaser in any third and cannot be intercepted (§5.6.2).
        for c in team_nicks(state, team, "chaser"):
            if c not in state["out"]:
                out.append({"action": "pass", "player": carrier, "target": c})
        return
    thirds, pitch = state["thirds"], state["pitch"]
    third = thirds[carrier]
    if carrier not in state["flew"]:
        for to in neighbours(pitch, third):
            out.append({"action": "fly", "player": carrier, "from": third, "to": to})
    chasers_here = in_third(state, third, "chaser")
    for c in chasers_here:
        if c != carrier:
            out.append({"action": "pass", "player": carrier, "target": c})
    if is_goal_third(pitch, third):
        out.append({"action": "shot", "player": carrier})
    opponents = [c for c in chasers_here if players[c]["team"] != team]
    for c in opponents:
        out.append({"action": "foul", "player": c, "target": carrier})
    if state["flight"]:
        for c in opponents:
            out.append({"action": "attack", "player": c, "target": carrier})
        keeper = keeper_of(state, 1 - team)
        if thirds[keeper] == third and keeper not in state["out"]:
            out.append({"action": "attack", "player": keeper})


def _pass_answers(state: State, flying_pass: dict, out: list[dict]) -> None:
    """Between the pass roll and the catch: the receiver, and one interceptor (§5.5.5)."""
    receiver = flying_pass["to"]
    out.append({"action": "catch", "player": receiver})
    if flying_pass["keeper"] or flying_pass["intercepted"]:
        return
    players = state["players"]
    receiving_team = players[receiver]["team"]
    for c in in_third(state, flying_pass["third"], "chaser"):
        if players[c]["team"] != receiving_team and c != flying_pass["from"]:
            out.append({"action": "intercept", "player": c})


def fly(match: Match, command: dict) -> None:
    """``Fliegen A-B`` with the quaffle to an adjacent third (§5.5.1)."""
    chaser, destination = command["player"], command["to"]
    match.edit("thirds")[chaser] = destination
    match.edit("flew").append(chaser)
    match.state["flight"] = {"player": chaser, "to": destination}
    match.say("fly", player=chaser, origin=command["from"], to=destination)


def attack(match: Match, command: dict) -> None:
    """``Angriff NICK``: a combat roll, the attacker rolling first (§5.5.2)."""
    state = match.state
    attacker, carrier = command["player"], state["carrier"]
    attacker_won, exchanges = combat(
        match.dice, "attack", xp_of(state, attacker), xp_of(state, carrier)
    )
    winner = attacker if attacker_won else carrier
    match.say("attack", player=attacker, target=carrier, rolls=exchanges, winner=winner)
    if attacker_won:
        take_possession(match, attacker)


def foul(match: Match, command: dict) -> None:
    """``Foul NICK`` on the carrier: nothing, a free throw, or the quaffle (§5.5.3)."""
    state = match.state
    fouler, carrier = command["player"], state["carrier"]
    faces, verdict = foul_roll(match, fouler, "foul")
    match.say("foul", player=fouler, target=carrier, dice=faces, outcome=verdict)
    if verdict == SEEN:
        shots.award_free_throw(match, team_of(state, carrier))
    elif verdict == SUCCESS:
        take_possession(match, fouler)


def pass_quaffle(match: Match, command: dict) -> None:
    """``Pass NICK``, EW 3+; a failed pass drops the quaffle (§5.5.4, §5.6.2)."""
    state = match.state
    passer, receiver = command["player"], command["target"]
    faces = match.roll("pass")
    thrown = succeeds(faces, xp_of(state, passer), PASS)
    match.say("pass", player=passer, target=receiver, dice=faces, outcome=_ok(thrown))
    if not thrown:
        match.say("quaffle_dropped", player=passer)
        drop_quaffle(match, team_of(state, passer))
        return
    state["pass"] = {
        "from": passer,
        "to": receiver,
        "third": state["thirds"].get(passer),
        "keeper": role_of(state, passer) == "keeper",
        "intercepted": None,
    }


def receive(match: Match, command: dict) -> None:
    """``Angenommen``, EW 2+; a pass between chasers in a goal third earns the
    shot that follows one extra XP (§5.5.4, §5.5.6.1)."""
    state = match.state
    receiver, flying_pass = command["player"], state["pass"]
    faces = match.roll("catch")
    caught = succeeds(faces, xp_of(state, receiver), RECEIVE)
    match.say("catch", player=receiver, dice=faces, outcome=_ok(caught))
    state["pass"] = None
    passer = flying_pass["from"]
    if not caught:
        match.say("quaffle_dropped", player=receiver)
        drop_quaffle(match, team_of(state, passer))
        return
    take_possession(match, receiver)
    if not flying_pass["keeper"] and team_of(state, passer) == team_of(state, receiver):
        state["bonus_third"] = flying_pass["third"]


def intercept(match: Match, command: dict) -> None:
    """``Abfangen`` after a good pass roll and before the catch, EW 5+ (§5.5.5)."""
    state = match.state
    interceptor = command["player"]
    faces = match.roll("intercept")
    caught = succeeds(faces, xp_of(state, interceptor), INTERCEPT)
    match.say("intercept", player=interceptor, dice=faces, outcome=_ok(caught))
    if caught:
        state["pass"] = None
        take_possession(match, interceptor)
    else:
        state["pass"] = {**state["pass"], "intercepted": interceptor}


def _ok(success: bool) -> str:
    return "success" if success else "failed"
