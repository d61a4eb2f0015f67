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

from .rolls import combat
from .table import (
    State,
    Table,
    close_window,
    goal_owner,
    keeper_of,
    open_window,
    team_nicks,
    xp_of,
)

GOAL_POINTS = 10


def award_free_throw(table: Table, team: int) -> None:
    """The fouled team gets a free throw if it has a chaser in play (§5.5.3, §5.7.3)."""
    state = table.state
    state["pass"] = None
    if any(c not in state["out"] for c in team_nicks(state, team, "chaser")):
        state["free_throw"] = team
        state["phase"] = "free_throw"
        table.say("free_throw_awarded", team=team)
    else:
        table.say("free_throw_lapses", team=team)
        table.close_subround()


def free_throw_options(state: State, out: list[dict]) -> None:
    out.extend(
        {"action": "shot", "player": c}
        for c in team_nicks(state, state["free_throw"], "chaser")
        if c not in state["out"]
    )


def shoot(table: Table, command: dict) -> None:
    """``Torwurf``: roll, then the keeper may answer (§5.5.6)."""
    state = table.state
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
    faces = table.roll("free throw" if free_throw else "shot")
    keeper = keeper_of(state, defending)
    table.say("shot", player=shooter, dice=faces, xp=xp, free_throw=free_throw)
    guarded = keeper not in state["out"] or free_throw
    if state["unguarded"] == shooter or not guarded:
        _goal(table, defending)
        return
    window = {"kind": "save", "shooter": shooter, "keeper": keeper, "dice": faces, "xp": xp}
    open_window(table, {**window, "defending": defending})


def save(table: Table, command: dict) -> None:
    """``Halten``: the keeper's combat roll against the shot (§5.6.1)."""
    state = table.state
    window = next(w for w in state["pending"] if w["kind"] == "save")
    close_window(table, window)
    shooter_won, exchanges = combat(
        table.dice, "save", window["xp"], xp_of(state, window["keeper"]), first_faces=window["dice"]
    )
    table.say(
        "save",
        player=window["keeper"],
        shooter=window["shooter"],
        rolls=exchanges,
        outcome="failed" if shooter_won else "saved",
    )
    if shooter_won:
        _goal(table, window["defending"])
    else:
        _shot_over(table, window["defending"])


def unsaved(table: Table, window: dict) -> None:
    """The keeper did not answer in time: the shot goes in (§5.5.6)."""
    _goal(table, window["defending"])


def _goal(table: Table, defending: int) -> None:
    scorer = 1 - defending
    goals = table.edit("goals")
    goals[scorer] += 1
    table.edit("score")[scorer] += GOAL_POINTS
    table.say("goal", team=scorer, goals=list(goals))
    _shot_over(table, defending)


def _shot_over(table: Table, defending: int) -> None:
    state = table.state
    state["possession"] = defending
    state["carrier"] = None
    state["free_throw"] = None
    state["unguarded"] = None
    table.close_subround()
