"""The end of the game and its result (§7, §8.2).

The game ends after the last round (10 by default) or when the snitch is
caught; the captains and the referee may end it at any time by agreement.
The team with more points wins and gets 100 bonus points; a draw gives none.

In a final (setting ``final``) a draw goes to the team that caught the
snitch; with no snitch after the last round the game pauses five minutes and
is extended by two rounds at a time until one team leads (§8.2).
"""

from __future__ import annotations

from .match import Match, State

WIN_BONUS = 100
EXTENSION_ROUNDS = 2
EXTENSION_PAUSE_MINUTES = 5


def winner(state: State) -> int | None:
    """The winning team, or None for a draw (§7, §8.2)."""
    first, second = state["score"]
    if first != second:
        return 0 if first > second else 1
    if state["config"]["final"]:
        return state["snitch_caught_by"]
    return None


def needs_extension(state: State) -> bool:
    """A final still drawn after its last round, with no snitch caught (§8.2)."""
    return state["config"]["final"] and winner(state) is None


def extend(match: Match) -> None:
    state = match.state
    state["last_round"] += EXTENSION_ROUNDS
    state["phase"] = "chat"
    match.say(
        "extension",
        rounds=EXTENSION_ROUNDS,
        pause_minutes=EXTENSION_PAUSE_MINUTES,
        last_round=state["last_round"],
    )


def game_over(match: Match, reason: str) -> None:
    state = match.state
    state["phase"] = "over"
    state["subround"] = None
    state["over"] = True
    state["ended_by"] = reason
    state["pending"] = []
    state["awaiting"] = []
    result_ = result(state)
    match.say("game_over", reason=reason, winner=result_["winner"], points=result_["points"])


def votes_open(state: State) -> list[dict]:
    """The votes to end the game not yet given: the referee's, then each captain's (§7)."""
    votes = state["end_votes"]
    offered = [] if "referee" in votes else [{"action": "end_game"}]
    for team in state["teams"]:
        if team["captain"] not in votes:
            offered.append({"action": "end_game", "player": team["captain"]})
    return offered


def votes_offered(state: State) -> list[dict]:
    """The votes offered as commands: the referee's at any time, a captain's once someone
    has proposed the end (§7). A captain may still propose it himself (``Spielende``); a
    captain's vote always on offer would make him always awaited."""
    return votes_open(state) if state["end_votes"] else [{"action": "end_game"}]


def vote_to_end(match: Match, command: dict) -> None:
    """Both captains and the referee agree to end the game (§7)."""
    voter = command.get("player") or "referee"
    votes = match.edit("end_votes")
    votes.append(voter)
    match.say("end_vote", voter=voter)
    captains = {t["captain"] for t in match.state["teams"]}
    if "referee" in votes and captains <= set(votes):
        game_over(match, "agreement")


def result(state: State) -> dict:
    """What a league needs from a finished game (§7, §8.3)."""
    won = winner(state)
    teams = []
    for index, team in enumerate(state["teams"]):
        bonus = WIN_BONUS if won == index else 0
        teams.append(
            {
                "house": team["house"],
                "initial": team["initial"],
                "goals": state["goals"][index],
                "goals_conceded": state["goals"][1 - index],
                "snitch": state["snitch_caught_by"] == index,
                "bonus": bonus,
                "points": state["score"][index] + bonus,
            }
        )
    return {
        "teams": teams,
        "points": [t["points"] for t in teams],
        "winner": won,
        "rounds_played": state["round"],
        "ended_by": state["ended_by"],
    }
