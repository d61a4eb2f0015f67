"""The match state and the working copy one command changes.

The state is a JSON-compatible dict (see ``docs/rules/chat-quidditch.md`` for
every key). ``apply`` must leave the state it was given untouched, yet copying
the whole dict for every command would cost more than the rules themselves.
A :class:`Match` therefore copies the top level once and each nested
container only the first time a command changes it (copy on write); nested
dicts inside those containers are replaced, never edited in place.
"""

from __future__ import annotations

from typing import Any

from games.dice import Dice

from .rolls import Faces, roll

State = dict[str, Any]

# Phases in which players play a sub-round and which end when nobody can act.
PLAY_PHASES = frozenset({"beaters", "chasers", "seekers"})


class Match:
    """One command's working copy of the state, with the dice and the clock it uses."""

    __slots__ = ("_copies", "dice", "events", "now", "offers_known", "state")

    def __init__(self, state: State, dice: Dice, now: float) -> None:
        self.state = dict(state)
        self.dice = dice
        self.now = now
        self.events: list[dict] = []
        self.offers_known = False
        """Set when a command has brought ``awaiting`` up to date itself (see positioning)."""
        self._copies: dict[str, Any] = {}

    def edit(self, key: str) -> Any:
        """The container under ``key``, copied the first time this command changes it.

        A container put in place by this command is copied once more before its
        first edit, so that nothing it may share with another state is changed.
        """
        value = self.state[key]
        if self._copies.get(key) is not value:
            value = value.copy()  # a dict or a list
            self.state[key] = self._copies[key] = value
        return value

    def say(self, type_: str, **fields: Any) -> dict:
        """Add an event to the log of this command."""
        event = {"type": type_, **fields}
        if "team" in fields and fields["team"] is not None:
            event["house"] = self.state["teams"][fields["team"]]["house"]
        self.events.append(event)
        return event

    def roll(self, purpose: str) -> Faces:
        return roll(self.dice, purpose)

    def close_subround(self) -> None:
        """End the current sub-round; the round's flow starts the next one (§5.1)."""
        self.state["phase"] = "closing"

    def knock_out(self, nick: str) -> None:
        """A bludger hit: the player sits out the rest of the round (§5.4.1).

        A chaser hit while carrying the quaffle drops it, which ends the chasers'
        sub-round as a dropped pass would (§5.5.4).
        """
        self.edit("out").append(nick)
        if nick == self.state["carrier"] and self.state["subround"] == "chasers":
            self.say("quaffle_dropped", player=nick)
            drop_quaffle(self, self.state["players"][nick]["team"])


def drop_quaffle(match: Match, team: int) -> None:
    """The quaffle falls; the other team picks it up for the next round (§5.5.4)."""
    match.state["possession"] = 1 - team
    match.state["carrier"] = None
    match.state["pass"] = None
    match.close_subround()


def team_of(state: State, nick: str) -> int:
    return state["players"][nick]["team"]


def role_of(state: State, nick: str) -> str:
    return state["players"][nick]["role"]


def xp_of(state: State, nick: str) -> int:
    return state["players"][nick]["xp"]


def team_nicks(state: State, team: int, role: str) -> list[str]:
    """The team's players of one position, in roster order."""
    return state["lineup"][role][team]


def both_teams(state: State, role: str) -> list[str]:
    """Both teams' players of one position, the first team's first."""
    first, second = state["lineup"][role]
    return first + second


def keeper_of(state: State, team: int) -> str:
    return team_nicks(state, team, "keeper")[0]


def in_play(state: State, nick: str) -> bool:
    """Not knocked out by a bludger this round (§5.4.1)."""
    return nick not in state["out"]


def in_third(state: State, third: str, role: str) -> list[str]:
    """The players of one position in ``third`` who are still in play."""
    out, players = state["out"], state["players"]
    return [
        n
        for n, t in state["thirds"].items()
        if t == third and n not in out and players[n]["role"] == role
    ]


def goal_owner(state: State, third: str) -> int | None:
    """The team whose goal hangs in ``third`` (§4.2), None for M."""
    for index, team in enumerate(state["teams"]):
        if team["goal_third"] == third:
            return index
    return None


def take_possession(match: Match, nick: str) -> None:
    """``nick`` now holds the quaffle; a change of team lets chasers fly again (§5.5.1)."""
    state = match.state
    team = team_of(state, nick)
    if team != state["possession"]:
        state["possession"] = team
        state["flew"] = []
        state["bonus_third"] = None
    state["carrier"] = nick
    if role_of(state, nick) == "chaser":
        match.edit("last_carriers")[team] = nick


def open_window(match: Match, window: dict) -> None:
    """Await an answer that counts only within the time limit (§3.4).

    The window is settled by the answer, or once the deadline has passed by
    whichever command arrives next (see :mod:`.timing`).
    """
    window["deadline"] = match.now + match.state["config"]["answer_seconds"]
    match.edit("pending").append(window)


def close_window(match: Match, window: dict) -> None:
    match.state["pending"] = [w for w in match.state["pending"] if w is not window]


def bludger_targets(state: State, third: str) -> list[str]:
    """Who a bludger can hit in ``third``: anyone in play but a beater (§5.4.1).

    A player already waiting to learn whether a block saves him is not a
    target again until that is settled.
    """
    pending = state["pending"]
    waiting = [w["target"] for w in pending if w["kind"] == "block"] if pending else ()
    out, players = state["out"], state["players"]
    return [
        n
        for n, t in state["thirds"].items()
        if t == third and n not in out and n not in waiting and players[n]["role"] != "beater"
    ]
