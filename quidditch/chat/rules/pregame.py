"""Before the first round: experience points, the quaffle roll, the goal thirds (§3.2, §4.2)."""

from __future__ import annotations

from .match import Match, State, keeper_of
from .pitch import renamed
from .rolls import combat
from .teams import check_experience


def options(state: State, out: list[dict]) -> None:
    phase, teams = state["phase"], state["teams"]
    if phase == "experience":
        out.extend(
            {"action": "experience", "player": t["captain"]} for t in teams if not t["xp_set"]
        )
    elif phase == "quaffle_roll":
        out.append({"action": "quaffle_roll"})
        out.extend({"action": "quaffle_roll", "player": t["captain"]} for t in teams)
    elif phase == "goal_choice":
        captain = teams[1 - state["possession"]]["captain"]
        out.extend({"action": "goal_third", "player": captain, "third": t} for t in ("T", "H"))


def usual_experience(state: State, captain: str) -> dict[str, int]:
    """The hand-out a captain is offered besides none (§3.2): 2 to the first chaser, 1 each
    to the keeper and the next chaser or the first beater; never to the seeker."""
    team = state["players"][captain]["team"]
    lineup = state["lineup"]
    chasers, beaters = lineup["chaser"][team], lineup["beater"][team]
    ranked = [*chasers[:1], keeper_of(state, team), *chasers[1:], *beaters]
    return {ranked[0]: 2, **dict.fromkeys(ranked[1:3], 1)}


def assign_experience(match: Match, command: dict) -> None:
    """The captain hands out his team's experience points (§2.2, §3.2)."""
    state = match.state
    team = state["players"][command["player"]]["team"]
    roster = {n: p for n, p in state["players"].items() if p["team"] == team}
    points = command.get("points")
    check_experience(roster, points, "invalid_experience")
    players = match.edit("players")
    for nick in roster:
        players[nick] = {**players[nick], "xp": points.get(nick, 0)}
    teams = match.edit("teams")
    teams[team] = {**teams[team], "xp_set": True}
    match.say("experience", team=team, points={n: v for n, v in points.items() if v})
    if all(t["xp_set"] for t in teams):
        state["phase"] = "quaffle_roll"


def roll_for_quaffle(match: Match, command: dict) -> None:
    """The captains roll for the quaffle, without XP; the higher sum wins (§4.2).

    Equal sums are settled like a combat roll: first number, second number,
    then both roll again.
    """
    state = match.state
    first_won, exchanges = combat(match.dice, "quaffle roll", 0, 0)
    winner = 0 if first_won else 1
    state["possession"] = winner
    state["phase"] = "goal_choice"
    match.say("quaffle_roll", rolls=exchanges, team=winner)


def choose_goal_third(match: Match, command: dict) -> None:
    """The loser names T or H for his goal; the end thirds take the houses' initials (§4.2)."""
    state = match.state
    chooser = 1 - state["possession"]
    teams = match.edit("teams")
    pitch = renamed(command["third"], teams[chooser]["initial"], teams[1 - chooser]["initial"])
    state["pitch"] = pitch
    home = {chooser: command["third"] == "T", 1 - chooser: command["third"] == "H"}
    thirds = match.edit("thirds")
    for team, low in home.items():
        goal = pitch[0] if low else pitch[2]
        teams[team] = {**teams[team], "goal_third": goal}
        thirds[keeper_of(state, team)] = goal
    match.say("goal_third", team=chooser, choice=command["third"], pitch=pitch)
    state["phase"] = "chat"
