"""Positioning at the start of a round (§5.3).

The referee asks the chasers first, then the seekers, then the beaters; each
names the letter of his third. Keepers stay at their goal, the chaser holding
the quaffle names none (his third is rolled later), and seekers may not name M.
"""

from __future__ import annotations

from .match import Match, State

GROUPS = ("chaser", "seeker", "beater")


def waiting(state: State, group: str) -> list[str]:
    """The players of ``group`` who have not named their third yet."""
    thirds, carrier = state["thirds"], state["carrier"]
    first, second = state["lineup"][group]
    return [n for n in first + second if n != carrier and n not in thirds]


def begin(match: Match) -> None:
    """Open the positioning of a new round with the first group that has someone to ask."""
    match.state["subround"] = "positioning"
    match.state["phase"] = "positioning"
    _next_group(match, 0)


def _next_group(match: Match, start: int) -> None:
    for group in GROUPS[start:]:
        if waiting(match.state, group):
            match.state["positioning"] = group
            return
    match.state["positioning"] = None
    match.close_subround()


def options(state: State, out: list[dict]) -> None:
    group = state["positioning"]
    low, middle, high = state["pitch"]
    thirds = (low, high) if group == "seeker" else (low, middle, high)
    for player in waiting(state, group):
        for third in thirds:
            out.append({"action": "position", "player": player, "third": third})


def position(match: Match, command: dict) -> None:
    player, third = command["player"], command["third"]
    match.edit("thirds")[player] = third
    match.say("position", player=player, third=third)
    # Half of all commands are positions, and one only withdraws its player's
    # offers: cheaper than listing everything again. While a group positions,
    # ``awaiting`` holds nothing but its positions, so the offers left over are
    # exactly those of the players still waiting (see ``options``).
    left = [o for o in match.state["awaiting"] if o["player"] != player]
    if left:
        match.state["awaiting"] = left
        match.offers_known = True
    else:
        _next_group(match, GROUPS.index(match.state["positioning"]) + 1)
