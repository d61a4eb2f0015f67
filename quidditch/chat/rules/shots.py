"""Shots at goal and the keeper's save: ``Torwurf`` and ``Halten`` (§5.5.6, §5.6.1).

A carrier in an end third may shoot at the goal there; a shot at his own goal
counts too, for the other team (§3.5). The shot is a combat roll the keeper
answers with ``Halten`` within the time limit; no answer in time is a goal.
A chaser who won against the keeper's attack shoots unguarded (§5.6.2), and a
keeper knocked out by a bludger cannot hold an ordinary shot, only a free
throw (§5.6.1.1). A shot after a completed pass between chasers in that third
gets one extra XP (§5.5.6.1). Either way the sub-round ends, and the
defending team starts the next round with the quaffle.

A seen foul gives the fouled team a free throw, taken by whichever of its
chasers in play shoots first (§5.5.6.2).
"""

from __future__ import annotations

from .match import (
    Match,
    State,
    close_window,
    goal_owner,
    keeper_of,
    open_window,
    team_nicks,
    xp_of,
)
from .rolls import combat

GOAL_POINTS = 10


def award_free_throw(match: Match, team: int) -> None:
    """The fouled team gets a free throw if it has a chaser in play (§5.5.3, §5.7.3)."""
    state = match.state
    state["pass"] = None
    if any(c not in state["out"] for c in team_nicks(state, team, "chaser")):
        state["free_throw"] = team
        state["phase"] = "free_throw"
        match.say("free_throw_awarded", team=team)
    else:
        match.say("free_throw_lapses", team=team)
        match.close_subround()


def free_throw_options(state: State, out: list[dict]) -> None:
    out.extend(
        {"action": "shot", "player": c}
        for c in team_nicks(state, state["free_throw"], "chaser")
        if c not in state["out"]
    )


def shoot(match: Match, command: dict) -> None:
    """``Torwurf``: roll, then the keeper may answer (§5.5.6)."""
    state = match.state
    shooter = command["player"]
    free_throw = state["phase"] == "free_throw"
    xp = xp_of(state, shooter)
    if free_throw:
        defending = 1 - state["free_throw"]
    else:
        third = state["thirds"][shooter]
        defending = goal_owner(state, third)
        if state["bonus_third"] == third:
            xp += 1
    faces = match.roll("free throw" if free_throw else "shot")
    keeper = keeper_of(state, defending)
    match.say("shot", player=shooter, dice=faces, xp=xp, free_throw=free_throw)
    guarded = keeper not in state["out"] or free_throw
    if state["unguarded"] == shooter or not guarded:
        _goal(match, defending)
        return
    window = {"kind": "save", "shooter": shooter, "keeper": keeper, "dice": faces, "xp": xp}
    open_window(match, {**window, "defending": defending})


def save(match: Match, command: dict) -> None:
    """``Halten``: the keeper's combat roll against the shot (§5.6.1)."""
    state = match.state
    window = next(w for w in state["pending"] if w["kind"] == "save")
    close_window(match, window)
    shooter_won, exchanges = combat(
        match.dice, "save", window["xp"], xp_of(state, window["keeper"]), first_faces=window["dice"]
    )
    match.say(
        "save",
        player=window["keeper"],
        shooter=window["shooter"],
        rolls=exchanges,
        outcome="failed" if shooter_won else "saved",
    )
    if shooter_won:
        _goal(match, window["defending"])
    else:
        _shot_over(match, window["defending"])


def unsaved(match: Match, window: dict) -> None:
    """The keeper did not answer in time: the shot goes in (§5.5.6)."""
    _goal(match, window["defending"])


def _goal(match: Match, defending: int) -> None:
    scorer = 1 - defending
    goals = match.edit("goals")
    goals[scorer] += 1
    match.edit("score")[scorer] += GOAL_POINTS
    match.say("goal", team=scorer, goals=list(goals))
    _shot_over(match, defending)


def _shot_over(match: Match, defending: int) -> None:
    state = match.state
    state["possession"] = defending
    state["carrier"] = None
    state["free_throw"] = None
    state["unguarded"] = None
    match.close_subround()
