"""The course of a round (§5.1, §5.2, §6) and how one sub-round leads to the next.

    round and possession -> positioning -> beaters -> chasers and keeper
    -> seekers -> score -> chat

The referee ends the chat with ``Chatende``, which opens the next round, and
opens it again with ``Chat`` after the score. A sub-round ends when nobody in
it can act any more, when its play ends it (a shot, a dropped quaffle, the
snitch), or when the referee ends it (§2.1). The referee's own rolls (the
bludgers, the quaffle carrier, the snitch) are made by the engine as soon as
their moment comes.
"""

from __future__ import annotations

from . import beaters, chasers, ending, positioning, seekers, substitutions
from .match import PLAY_PHASES, Match, both_teams, drop_quaffle, team_nicks, team_of
from .options import keeps_subround_open, options

NEXT = {"positioning": beaters.start, "beaters": chasers.start, "chasers": seekers.start}

ROUND_LISTS = ("out", "flew", "threw", "bludgers", "searched", "found", "grabbed", "fouled")
ROUND_VALUES = ("snitch", "pass", "flight", "bonus_third", "unguarded", "free_throw")
"""What a round remembers: emptied when the next one starts."""


def start_round(match: Match, command: dict) -> None:
    """``Chatende``: the referee names the round and who has the quaffle (§5.2)."""
    state = match.state
    state["round"] += 1
    for key in ROUND_LISTS:
        state[key] = []
    for key in ROUND_VALUES:
        state[key] = None
    state["thirds"] = {k: state["thirds"][k] for k in both_teams(state, "keeper")}
    team, carrier = _carrier(state)
    state["possession"], state["carrier"] = team, carrier
    match.say("round", round=state["round"], team=team, carrier=carrier)
    positioning.begin(match)


def _carrier(state: dict) -> tuple[int, str | None]:
    """The chaser who starts with the quaffle: the team's last carrier, else its first chaser.

    A team without chasers cannot hold the quaffle; it goes to the other team.
    """
    for team in (state["possession"], 1 - state["possession"]):
        chasers_ = team_nicks(state, team, "chaser")
        if chasers_:
            last = state["last_carriers"][team]
            return team, last if last in chasers_ else chasers_[0]
    return state["possession"], None


def open_chat(match: Match, command: dict) -> None:
    """``Chat``: between rounds; after round 5 it is the half-time break (§6)."""
    state = match.state
    state["phase"] = "chat"
    half_time = state["round"] == state["config"]["half_time_after"]
    match.say("chat", round=state["round"], half_time=half_time)


def release(match: Match, command: dict) -> None:
    """``Klatscher/Quaffel/Schnatz freigegeben``: the sub-round's play begins (§5.4, §5.5, §5.7)."""
    match.state["phase"] = match.state["subround"]
    match.say("release", ball=command["ball"], auto=False)


def end_subround(match: Match, command: dict) -> None:
    """The referee ends the sub-round (§2.1); a pass in the air falls to the ground."""
    state = match.state
    match.say("subround_ended", subround=state["subround"])
    if state["pass"]:
        match.say("quaffle_dropped", player=state["pass"]["to"])
        drop_quaffle(match, team_of(state, state["pass"]["from"]))
    match.close_subround()


def advance(match: Match) -> None:
    """Move on through the round until someone has to act; record who that is."""
    state = match.state
    if match.offers_known:
        return
    while True:
        phase = state["phase"]
        if state.get("substitutions"):  # an allowed change is made at its moment (§8.6)
            substitutions.make_due(match, closing=phase == "closing")
        if phase == "closing":
            subround = state["subround"]
            if subround in NEXT:
                NEXT[subround](match)
            else:
                _end_round(match)
            continue
        offered = options(state)
        if phase in PLAY_PHASES and not keeps_subround_open(state, offered):
            match.close_subround()
            continue
        state["awaiting"] = offered
        return


def _end_round(match: Match) -> None:
    """The score after each round (§5.1); the game may end here (§7, §8.2)."""
    state = match.state
    state["subround"] = None
    match.say("score", round=state["round"], score=list(state["score"]))
    if state["snitch_caught_by"] is not None:
        ending.game_over(match, "snitch")
    elif state["round"] >= state["last_round"]:
        if ending.needs_extension(state):
            ending.extend(match)
        else:
            ending.game_over(match, "rounds")
    else:
        state["phase"] = "score"
