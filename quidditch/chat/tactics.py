"""What a command is worth to the team of the player who gives it: the bots' judgement.

A sensible player (:mod:`quidditch.chat.bots`) gives, of the commands the
rules offer its nick, the one worth most to its team, and waits rather than
give one worth nothing; the referee ends a sub-round once no player has a
command worth giving (§2.1). :func:`worth` is that judgement, read from the
state as every player sees it (Chat-Quidditch hides nothing): a rough number,
higher for what helps the team more, or ``None`` for what a player who wants
to win would not do (a shot at the own goal, a bludger at a team-mate, a foul
that gives away a free throw for nothing, a snitch catch that loses the game).

The reasoning, by the rules it rests on:

- Answers that cost nothing are always given: ``Abblocken`` and ``Halten``
  (§5.4.3, §5.6.1), ``Angenommen`` (a pass not caught is lost, §5.5.4), an
  ``Angriff`` after a flight (the attacker risks nothing, §5.5.2),
  ``Abfangen`` (§5.5.5).
- The carrier shoots in the opponents' goal third (§5.5.6), flies towards it
  (once per possession, §5.5.1), and once he has flown passes to a team-mate
  in his third who has not (§5.5.4), who may fly on. A carrier with none of
  these holds the quaffle: the team keeps it into the next round (§5.2).
- A chaser fouls the carrier only in front of his own goal (§5.5.3): the foul
  gives the carrier's team a free throw as often as it wins the quaffle, which
  pays only where the carrier would shoot anyway. The keeper attacks a carrier
  flying in (§5.6.2) when no chaser of his can: losing means a goal he cannot
  hold.
- Beaters throw at opponents only: the seeker first (out, he cannot catch the
  snitch this round, §5.4.1), then the keeper when their own team will shoot (a
  knocked-out keeper holds no ordinary shot, §5.5.6), then chasers; a caught
  bludger is kept for the carrier when the other team has the quaffle (§5.4.2).
- Seekers look for and catch the snitch (§5.7) when the 50 points win the game,
  or in the last round; a seeker fouls the other who found it (§5.7.3) when that
  catch would not leave his own team the winner.
- Positions (§5.3): attacking chasers wait in M for a pass after the carrier's
  first flight, defending ones in front of their goal and in M; a seeker goes
  where the other seeker is, to foul him if he finds the snitch; beaters go
  where the opponents worth hitting stand.
- A captain hands out as many experience points as he may (§3.2).
- A captain never asks for a substitution (§8.6): a bot is never gone from the table.
"""

from __future__ import annotations

from collections.abc import Callable

from .rules.match import State, role_of, team_nicks, team_of
from .rules.pitch import MIDDLE
from .rules.seekers import SNITCH_POINTS

Worth = float | None

ALWAYS = 5.0
"""What an answer that costs nothing is worth: more than anything else on offer."""
CROWD = 0.8
"""How much less a third is worth to a player for each team-mate of his position there."""


def worth(state: State, command: dict) -> Worth:
    """What ``command`` (a player's, as the rules offer it) is worth to its giver's team."""
    return JUDGES[command["action"]](state, command)


def goals(state: State, team: int) -> tuple[str, str]:
    """The team's own goal third and the opponents' (§4.2)."""
    teams = state["teams"]
    return teams[team]["goal_third"], teams[1 - team]["goal_third"]


def snitch_wins(state: State, team: int) -> bool:
    """Whether catching the snitch now is good for ``team``: it wins the game (a draw
    with it wins a final, §8.2), or it is the last round and the points still count."""
    own, other = state["score"][team] + SNITCH_POINTS, state["score"][1 - team]
    if state["round"] >= state["last_round"]:
        return True
    return own > other or (own == other and state["config"]["final"])


def _always(state: State, command: dict) -> Worth:
    return ALWAYS


def _sure(state: State, command: dict) -> Worth:
    """A step the game cannot go on without (the captains' pre-game words)."""
    return 1.0


def _experience(state: State, command: dict) -> Worth:
    """The more points handed out, the better every roll they count in (§3.2)."""
    return 1.0 + sum(command.get("points", {}).values())


def _position(state: State, command: dict) -> Worth:
    """A third to name (§5.3): where the player is most use, team-mates spread out."""
    nick, third = command["player"], command["third"]
    team, role = team_of(state, nick), role_of(state, nick)
    mates = sum(
        1
        for other in team_nicks(state, team, role)
        if other != nick and state["thirds"].get(other) == third
    )
    return PLACES[role](state, team, third) - CROWD * mates


def _chaser_place(state: State, team: int, third: str) -> float:
    own, theirs = goals(state, team)
    if state["possession"] == team:  # in M for a pass after the carrier's first flight
        return {MIDDLE: 3.0, theirs: 2.0, own: 1.0}[third]
    return {own: 3.0, MIDDLE: 2.5, theirs: 1.0}[third]


def _seeker_place(state: State, team: int, third: str) -> float:
    """The snitch is as likely in either end third (§5.7); beside the other seeker, he
    can be fouled when he finds it (§5.7.3)."""
    other = team_nicks(state, 1 - team, "seeker")
    return 1.5 if any(state["thirds"].get(nick) == third for nick in other) else 1.0


def _beater_place(state: State, team: int, third: str) -> float:
    """The opponents worth hitting in that third (the carrier has no third yet, §5.3)."""
    return sum(
        _target(state, team, nick) or 0.0
        for nick, where in state["thirds"].items()
        if where == third and nick not in state["out"]
    )


PLACES: dict[str, Callable[[State, int, str], float]] = {
    "chaser": _chaser_place,
    "seeker": _seeker_place,
    "beater": _beater_place,
}


def _target(state: State, team: int, nick: str) -> Worth:
    """What knocking ``nick`` out is worth to ``team``: nothing for a team-mate or a beater."""
    if team_of(state, nick) == team:
        return None
    role = role_of(state, nick)
    if nick == state["carrier"] and state["subround"] == "chasers":
        return 4.0  # he drops the quaffle (§5.4.2)
    if role == "keeper":
        return 3.0 if state["possession"] == team else 1.0
    if role == "chaser":
        return 2.0
    if role == "seeker":
        return 3.5  # out of play, he cannot catch the snitch this round (§5.7)
    return None


def _throw(state: State, command: dict) -> Worth:
    return _target(state, team_of(state, command["player"]), command["target"])


def _rethrow(state: State, command: dict) -> Worth:
    """A caught bludger: at once in the beaters' sub-round; later only at whom it matters
    then: the carrier, the keeper before a shot, a seeker (§5.4.2)."""
    value = _throw(state, command)
    subround = state["subround"]
    if value is None or subround == "beaters":
        return value
    if subround == "seekers":
        return value if role_of(state, command["target"]) == "seeker" else None
    return value if value >= 3.0 else None


def _keep(state: State, command: dict) -> Worth:
    """Keep it for the other team's carrier in the chasers' sub-round (§5.4.2)."""
    return 3.5 if state["possession"] != team_of(state, command["player"]) else 0.5


def _fly(state: State, command: dict) -> Worth:
    nick = command["player"]
    team = team_of(state, nick)
    if role_of(state, nick) == "seeker":  # to the snitch in M (§5.7.1)
        return 2.0 if snitch_wins(state, team) else None
    own, theirs = goals(state, team)
    if command["to"] == theirs:
        return 3.0
    return 2.0 if command["from"] == own else None  # never away from their goal


def _attack(state: State, command: dict) -> Worth:
    if "target" in command:
        return 3.0  # a chaser's attack risks nothing (§5.5.2)
    keeper = command["player"]
    team, third = team_of(state, keeper), state["thirds"][state["carrier"]]
    chasers_here = [
        c
        for c in team_nicks(state, team, "chaser")
        if state["thirds"].get(c) == third and c not in state["out"]
    ]
    return None if chasers_here else 2.0  # losing it gives an unguarded shot (§5.6.2)


def _foul(state: State, command: dict) -> Worth:
    fouler, victim = command["player"], command["target"]
    team = team_of(state, fouler)
    if role_of(state, fouler) == "seeker":  # §5.7.3: only if their catch would hurt
        return 2.5 if not _still_ahead(state, team) else None
    own, _ = goals(state, team)
    return 2.5 if state["thirds"][victim] == own else None


def _still_ahead(state: State, team: int) -> bool:
    """Whether ``team`` would still win if the other team caught the snitch now."""
    return state["score"][team] > state["score"][1 - team] + SNITCH_POINTS


def _pass(state: State, command: dict) -> Worth:
    passer, receiver = command["player"], command["target"]
    team = team_of(state, passer)
    if team_of(state, receiver) != team:
        return None
    own, theirs = goals(state, team)
    if role_of(state, passer) == "keeper":  # to the chaser nearest their goal (§5.6.2)
        return {theirs: 3.0, MIDDLE: 2.0, own: 1.0}[state["thirds"][receiver]]
    carrier_stuck = passer in state["flew"] and state["thirds"][passer] != theirs
    return 1.5 if carrier_stuck and receiver not in state["flew"] else None


def _shot(state: State, command: dict) -> Worth:
    shooter = command["player"]
    if state["phase"] == "free_throw" or state["unguarded"] == shooter:
        return ALWAYS
    _, theirs = goals(state, team_of(state, shooter))
    return 4.0 if state["thirds"][shooter] == theirs else None


def _snitch(state: State, command: dict) -> Worth:
    return ALWAYS if snitch_wins(state, team_of(state, command["player"])) else None


def _vote(state: State, command: dict) -> Worth:
    """A captain agrees to end the game early (§7) only when ending it now is his team's
    best outcome: someone else proposed it (a bot never proposes it) and his team leads on
    points, so the game ends as a win for it (the result counts the points as they stand,
    the win's bonus to the leader). Level, ending gives a draw where playing on may still
    win it; behind, it seals a loss: he plays on either way, whatever the round."""
    team = team_of(state, command["player"])
    proposed = bool(state["end_votes"])  # he is offered the vote once someone has given his
    leading = state["score"][team] > state["score"][1 - team]
    return 1.0 if proposed and leading else None


def _intercept(state: State, command: dict) -> Worth:
    return 3.0  # a miss costs nothing: the receiver still catches (§5.5.5)


def _never(state: State, command: dict) -> Worth:
    """Left to the referee: a timeout (§3.4). Never asked by a bot: a substitution (§8.6),
    since a bot is never gone from the table nor has to leave."""
    return None


JUDGES: dict[str, Callable[[State, dict], Worth]] = {
    "experience": _experience,
    "quaffle_roll": _sure,
    "goal_third": _sure,
    "position": _position,
    "bludger_throw": _throw,
    "bludger_catch": _sure,
    "bludger_rethrow": _rethrow,
    "keep_bludger": _keep,
    "block": _always,
    "fly": _fly,
    "attack": _attack,
    "foul": _foul,
    "pass": _pass,
    "catch": _always,
    "intercept": _intercept,
    "shot": _shot,
    "save": _always,
    "find": _snitch,
    "snitch_catch": _snitch,
    "end_game": _vote,
    "timeout": _never,
    "substitution": _never,
}
