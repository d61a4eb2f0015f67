"""Substitutions (§8.6): the captain asks, the referee says when, or refuses.

    {"action": "substitution", "player": "GHüter", "reason": "absent",
     "changes": [{"nick": "GJäger2", "to": null},
                 {"nick": "GHüter", "to": "GJäger2"},
                 {"substitute": 0, "to": "GHüter"}]}

§8.6's own example: a chaser stops, the keeper takes the chaser's place and a
newcomer keeps goal. Each change is one person: a player by the nick he plays
now (``nick``), or a newcomer from the team's substitutes (``substitute``, an
index into ``teams[].substitutes`` of the config); ``to`` is the nick he plays
from then on, or null for one who leaves the game. At most three persons change
position; a keeper or seeker who leaves must be replaced, by a newcomer or by a
chaser or beater already playing. A substitution replaces players and adds
none: ``to`` is always a nick the team plays, and a chaser's or beater's nick
nobody takes stays empty for the rest of the match.

A nick is a position (§4.1.1: "Alle Spieler benennen sich entsprechend ihrer
Positionen um"): whoever takes GHüter is the keeper, in the keeper's place, and
a nick's situation (its third, out this round, the quaffle) stays with it. A
person keeps his experience points (§3.2) unless he becomes the seeker, who has
none; a newcomer has none. The captain stays captain wherever he plays; if he
leaves, whoever now plays his nick is captain, else the first of the team.

The referee accepts the request, saying when (``when``), or refuses it:

- ``now``: at once if no sub-round is being played (before the first round, at
  the score, in the chat), else as soon as the sub-round being played ends (he
  may end it himself, §2.1);
- ``pause``: in the next chat between two rounds (§6);
- ``half_time``: in the half-time chat, while it is still ahead.

Each team has one substitution a match, used up once the referee allows it (a
refused request uses nothing). After it, §8.6 still lets a keeper or seeker who
is gone be replaced by a chaser or beater already playing ("darf und muss"):
that replacement is the one request a team may still make.

A request is a whisper to the referee (§2.2), not a line of play: it is offered
by ``allowed_commands`` but never awaited, holds up nobody, and leaves the
moment for an attack or an unguarded shot open (§5.5.2, §5.6.2).
"""

from __future__ import annotations

from typing import NamedTuple

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .match import Match, State, role_of
from .parsing import unknown_nick
from .vocabulary import named

ACTIONS = frozenset({"substitution", "accept_substitution", "refuse_substitution"})
RULE = "§8.6"
MOST_CHANGES = 3
"""§8.6: "bei diesem dürfen maximal drei Personen ihre Position ändern"."""
REASONS = ("absent", "leaving", "tactics", "other")
"""Why the captain asks: a player is gone from the table (§8.6: five minutes), has to
leave, a change of tactics or positions, something else (said in ``note``)."""
WHEN = ("now", "pause", "half_time")
NOTE_LENGTH = 200
FILLED = ("keeper", "seeker")
"""Positions that must stay filled (§8.5, §8.6)."""
OUTFIELD = ("chaser", "beater")
REST = frozenset({"experience", "quaffle_roll", "goal_choice", "chat", "score"})
"""Phases in which no sub-round is being played: a change "now" is made at once."""
CHANGE_KEYS = frozenset({"nick", "substitute", "to"})


class Move(NamedTuple):
    """One person's change: from a nick (None: a substitute comes in) to a nick (None:
    he leaves the game)."""

    person: dict  # name, character, xp
    source: str | None
    substitute: int | None
    to: str | None


def refused(code: str, message: str, **params) -> RuleViolation:
    return RuleViolation(code, message, RULE, params=params)


def malformed(message: str, **params) -> RuleViolation:
    return RuleViolation("invalid_command", message, RULE, params=params)


# --- what the state says -------------------------------------------------------------------


def request_of(state: State, team: int) -> dict | None:
    """The team's request the referee has not answered, or has allowed and not yet made."""
    for request in state.get("substitutions", ()):  # a state from before §8.6 has none
        if request["team"] == team:
            return request
    return None


def playing(state: State, team: int) -> list[str]:
    """The team's nicks someone plays, keeper, seeker, chasers, beaters."""
    lineup = state["lineup"]
    return [nick for role in lineup for nick in lineup[role][team]]


def half_time_ahead(state: State) -> bool:
    """Whether the half-time chat (after round ``half_time_after``, §6) is still to come."""
    half = state["config"]["half_time_after"]
    return state["round"] < half or (state["round"] == half and state["phase"] != "chat")


# --- offers --------------------------------------------------------------------------------


def offered(state: State, captains: frozenset[str] | None = None) -> list[dict]:
    """The referee's answers to each open request, and a captain's requests when his team
    has none open: the usual ones, reason ``absent`` (any other may be sent).

    Per player of the team, one request: he leaves and the first substitute takes his
    nick; with no substitute (or the team's substitution used), a keeper or seeker is
    replaced by the team's first chaser in play, else its first beater. ``captains``
    limits the requests to those captains' (None: every captain's).
    """
    out: list[dict] = []
    for index, team in enumerate(state["teams"]):
        request = request_of(state, index)
        if request is None:
            if captains is None or team["captain"] in captains:
                out.extend(_requests(state, index))
        elif not request["accepted"] and captains is None:
            out.extend(_answers(state, index))
    return out


def _answers(state: State, team: int) -> list[dict]:
    times = [w for w in WHEN if w != "half_time" or half_time_ahead(state)]
    out = [{"action": "accept_substitution", "team": team, "when": when} for when in times]
    out.append({"action": "refuse_substitution", "team": team})
    return out


def _requests(state: State, index: int) -> list[dict]:
    team = state["teams"][index]
    nicks = playing(state, index)
    bench = team.get("substitutes") and not team.get("substituted")
    lineup = state["lineup"]
    stand_ins = [*lineup["chaser"][index], *lineup["beater"][index]]
    out = []
    for nick in nicks:
        if bench:
            changes = [{"nick": nick, "to": None}, {"substitute": 0, "to": nick}]
        elif role_of(state, nick) in FILLED and stand_ins:
            changes = [{"nick": nick, "to": None}, {"nick": stand_ins[0], "to": nick}]
        else:
            continue
        out.append(
            {
                "action": "substitution",
                "player": team["captain"],
                "reason": "absent",
                "changes": changes,
            }
        )
    return out


# --- checking a request and an answer ------------------------------------------------------


def check(state: State, command: dict) -> None:
    """Raise :class:`RuleViolation` unless ``command`` (normalised) may be given now."""
    if command["action"] == "substitution":
        moves(state, command)
    else:
        answered(state, command)


def moves(state: State, command: dict) -> list[Move]:
    """A request's changes, checked (§8.6), as moves of persons."""
    captain = command["player"]
    team = state["players"][captain]["team"]
    house = state["teams"][team]["house"]
    if captain != state["teams"][team]["captain"]:
        raise refused(
            "not_the_captain",
            _("Only the captain asks the referee for a substitution; %(player)s is not."),
            player=named(captain),
        )
    if request_of(state, team) is not None:
        raise refused(
            "substitution_open",
            _("%(house)s has asked for a substitution already: the referee decides on it first."),
            house=house,
        )
    if command["reason"] not in REASONS:
        raise malformed(_("The reason is one of %(reasons)s."), reasons=", ".join(REASONS))
    note = command.get("note")
    if note is not None and (not isinstance(note, str) or len(note) > NOTE_LENGTH):
        raise malformed(_("A note has at most %(length)s characters."), length=NOTE_LENGTH)
    changes = command["changes"]
    if not isinstance(changes, list) or not changes:
        raise malformed(_("Name the players who change."))
    if len(changes) > MOST_CHANGES:
        raise refused(
            "too_many_changes",
            _("At most three persons change position in a substitution; %(count)s were named."),
            count=len(changes),
        )
    for change in changes:
        _well_formed(change)
    if state["teams"][team].get("substituted") and not _replacement(state, team, changes):
        raise refused(
            "one_substitution",
            _(
                "%(house)s has had its substitution: only one is allowed in a match. A keeper "
                "or seeker who is gone may still be replaced by a chaser or beater already "
                "playing."
            ),
            house=house,
        )
    return _moves(state, team, changes)


def _well_formed(change: object) -> None:
    if (
        not isinstance(change, dict)
        or not change.keys() <= CHANGE_KEYS
        or "to" not in change
        or ("nick" in change) == ("substitute" in change)
    ):
        raise malformed(
            _(
                "A change names who changes (nick, or substitute: a substitute's number) and "
                "where he goes (to: a nick, or null for one who leaves)."
            )
        )
    for key in ("nick", "to"):
        if change.get(key) is not None and not isinstance(change[key], str):
            raise malformed(_("%(field)s must be a nick."), field=key)
    substitute = change.get("substitute")
    if "substitute" in change and (not isinstance(substitute, int) or isinstance(substitute, bool)):
        raise malformed(_("A substitute is named by his number in the list, from 0."))


def _replacement(state: State, team: int, changes: list[dict]) -> bool:
    """A keeper or seeker who leaves, taken over by a chaser or beater already playing: the
    one change §8.6 allows after the team's substitution."""
    if len(changes) != 2 or any("nick" not in change for change in changes):
        return False
    leaving = [c["nick"] for c in changes if c["to"] is None]
    taking = [c for c in changes if c["to"] is not None]
    if len(leaving) != 1 or len(taking) != 1 or taking[0]["to"] != leaving[0]:
        return False
    gone, stand_in = leaving[0], taking[0]["nick"]
    players = state["players"]
    return (
        gone in players
        and stand_in in players
        and players[gone]["team"] == team == players[stand_in]["team"]
        and players[gone]["role"] in FILLED
        and players[stand_in]["role"] in OUTFIELD
    )


def _moves(state: State, team: int, changes: list[dict]) -> list[Move]:
    players, house = state["players"], state["teams"][team]["house"]
    nicks = playing(state, team)
    bench = state["teams"][team].get("substitutes", [])

    def playing_nick(nick: str) -> str:
        if nick not in players:
            raise unknown_nick(state, nick)
        if players[nick]["team"] != team:
            raise refused(
                "not_in_team",
                _("%(nick)s does not play for %(house)s."),
                nick=named(nick),
                house=house,
            )
        if nick not in nicks:
            raise refused("position_empty", _("Nobody plays %(nick)s any more."), nick=named(nick))
        return nick

    result: list[Move] = []
    for change in changes:
        to = change["to"]
        if to is not None:
            playing_nick(to)
        if "nick" in change:
            source = playing_nick(change["nick"])
            if source == to:
                raise refused(
                    "no_change",
                    _("%(nick)s stays where he is: name another nick, or null if he leaves."),
                    nick=named(source),
                )
            player = players[source]
            person = {k: player[k] for k in ("name", "character", "xp")}
            result.append(Move(person, source, None, to))
            continue
        number = change["substitute"]
        if not 0 <= number < len(bench):
            raise refused(
                "no_substitute",
                _("%(house)s has no substitute number %(number)s."),
                house=house,
                number=number,
            )
        if to is None:
            raise refused("substitute_needs_position", _("A substitute who comes in takes a nick."))
        result.append(Move({**bench[number], "xp": 0}, None, number, to))
    sources = [m.source for m in result if m.source is not None]
    newcomers = [m.substitute for m in result if m.substitute is not None]
    if len(set(sources)) != len(sources) or len(set(newcomers)) != len(newcomers):
        raise refused("named_twice", _("Each person changes once in a substitution."))
    targets = [m.to for m in result if m.to is not None]
    for nick in targets:
        if targets.count(nick) > 1:
            raise refused("named_twice", _("Only one person can take %(nick)s."), nick=named(nick))
        if nick not in sources:
            raise refused(
                "position_taken",
                _("%(nick)s is still played: say where its player goes, or that he leaves."),
                nick=named(nick),
            )
    for nick in sources:
        if players[nick]["role"] in FILLED and nick not in targets:
            raise refused(
                "replacement_needed",
                _(
                    "%(nick)s must be replaced: a keeper or seeker who leaves is replaced, "
                    "by a chaser or beater already playing if nobody else can."
                ),
                nick=named(nick),
            )
    return result


def answered(state: State, command: dict) -> dict:
    """The request the referee's ``accept_substitution`` or ``refuse_substitution`` answers."""
    team = command.get("team")
    if team is None:
        waiting = [r for r in state["substitutions"] if not r["accepted"]]
        if len(waiting) > 1:
            raise malformed(_("Both captains have asked: say which team's substitution."))
        if not waiting:
            raise refused("no_request", _("No request for a substitution awaits the referee."))
        return waiting[0]
    if team not in (0, 1):
        raise malformed(_("The team is 0 or 1, as in the config."))
    request = request_of(state, team)
    if request is None or request["accepted"]:
        raise refused(
            "no_request",
            _("No request for a substitution of %(house)s awaits the referee."),
            house=state["teams"][team]["house"],
        )
    when = command.get("when", "now")
    if command["action"] == "accept_substitution":
        if when not in WHEN:
            raise malformed(_("When is one of %(times)s."), times=", ".join(WHEN))
        if when == "half_time" and not half_time_ahead(state):
            raise refused(
                "half_time_over",
                _(
                    "The half-time break is over: allow the substitution now or at the next "
                    "pause, or refuse it."
                ),
            )
    return request


# --- playing them --------------------------------------------------------------------------


def _told(state: State, moves_: list[Move]) -> list[dict]:
    """The moves as the log tells them: who (by name), from which nick, to which."""
    return [{"name": m.person["name"], "from": m.source, "to": m.to} for m in moves_]


def ask(match: Match, command: dict) -> None:
    """The captain names the reason and the players who change (§8.6)."""
    state = match.state
    moves_ = moves(state, command)
    team = state["players"][command["player"]]["team"]
    state.setdefault("substitutions", [])  # a match begun before §8.6
    request = {
        "team": team,
        "captain": command["player"],
        "reason": command["reason"],
        "note": command.get("note"),
        "changes": command["changes"],
        "accepted": False,
        "when": None,
    }
    match.edit("substitutions").append(request)
    match.say(
        "substitution_asked",
        team=team,
        player=command["player"],
        reason=command["reason"],
        note=command.get("note"),
        moves=_told(state, moves_),
    )


def accept(match: Match, command: dict) -> None:
    """The referee allows it, now, at the next pause or at half-time (§8.6)."""
    state = match.state
    request = answered(state, command)
    when = command.get("when", "now")
    requests = match.edit("substitutions")
    requests[requests.index(request)] = {**request, "accepted": True, "when": when}
    teams = match.edit("teams")
    team = request["team"]
    teams[team] = {**teams[team], "substituted": True}
    match.say("substitution_accepted", team=team, when=when)


def refuse(match: Match, command: dict) -> None:
    """The referee refuses it; the team's substitution is not used up (§8.6)."""
    state = match.state
    request = answered(state, command)
    state["substitutions"] = [r for r in state["substitutions"] if r is not request]
    match.say("substitution_refused", team=request["team"])


def make_due(match: Match, *, closing: bool = False) -> None:
    """Make every allowed substitution whose moment has come.

    ``closing``: the sub-round being played has just ended, the moment of a change
    allowed ``now`` during a round. Nothing is changed while a timed answer is awaited.
    """
    state = match.state
    if not state["substitutions"] or state["pending"]:
        return
    phase = state["phase"]
    for request in list(state["substitutions"]):
        when = request["when"]
        due = (
            (when == "now" and (closing or phase in REST))
            or (when == "pause" and phase == "chat")
            or (
                when == "half_time"
                and phase == "chat"
                and state["round"] >= state["config"]["half_time_after"]
            )
        )
        if request["accepted"] and due:
            _make(match, request)


def _make(match: Match, request: dict) -> None:
    """The substitution happens: each person plays his new nick, or leaves (§8.6)."""
    state = match.state
    team = request["team"]
    moves_ = _moves(state, team, request["changes"])
    state["substitutions"] = [r for r in state["substitutions"] if r is not request]
    targets = {m.to for m in moves_}
    vacant = [m.source for m in moves_ if m.source is not None and m.source not in targets]
    players = match.edit("players")
    for nick in vacant:
        players[nick] = {**players[nick], "name": "", "character": None, "xp": 0}
    captain = state["teams"][team]["captain"]
    new_captain = None  # told when the captain moves or leaves
    for move in moves_:
        if move.to is None:
            continue
        person = dict(move.person)
        if players[move.to]["role"] == "seeker":
            person["xp"] = 0  # §3.2: a seeker has no experience points
        players[move.to] = {**players[move.to], **person}
    for move in moves_:
        if move.source == captain:  # he stays captain where he plays now; if he leaves,
            # whoever takes his nick is captain, else the first of the team who plays
            new_captain = move.to or (captain if captain in targets else None)
            if new_captain is None:
                new_captain = next(n for n in playing(state, team) if n not in vacant)
    used = {m.substitute for m in moves_ if m.substitute is not None}
    teams = match.edit("teams")
    teams[team] = {
        **teams[team],
        "substitutes": [
            s for i, s in enumerate(teams[team].get("substitutes", [])) if i not in used
        ],
        "captain": new_captain or captain,
    }
    if vacant:
        _empty(match, team, vacant)
    match.say(
        "substitution_made",
        team=team,
        moves=_told(state, moves_),
        vacant=vacant,
        captain=new_captain,
    )


def _empty(match: Match, team: int, vacant: list[str]) -> None:
    """Nobody plays these nicks any more (chasers' or beaters'): off the pitch, and what they
    held goes (a caught bludger is spent; the quaffle passes to a team-mate, §5.2)."""
    state = match.state
    gone = set(vacant)
    lineup = match.edit("lineup")
    for role in OUTFIELD:
        nicks = lineup[role]
        if any(n in gone for n in nicks[team]):
            pair = [list(nicks[0]), list(nicks[1])]
            pair[team] = [n for n in pair[team] if n not in gone]
            lineup[role] = pair
    state["thirds"] = {n: t for n, t in state["thirds"].items() if n not in gone}
    for key in ("out", "flew", "threw", "searched", "found", "grabbed", "fouled"):
        if any(n in gone for n in state[key]):
            state[key] = [n for n in state[key] if n not in gone]
    if any(b["by"] in gone and b["status"] in ("held", "kept") for b in state["bludgers"]):
        state["bludgers"] = [
            {**b, "status": "used"} if b["by"] in gone and b["status"] in ("held", "kept") else b
            for b in state["bludgers"]
        ]
    if state["last_carriers"][team] in gone:
        match.edit("last_carriers")[team] = None
    if state["flight"] and state["flight"]["player"] in gone:
        state["flight"] = None
    if state["unguarded"] in gone:
        state["unguarded"] = None
    if state["carrier"] in gone:
        _pass_on_the_quaffle(state)


def _pass_on_the_quaffle(state: State) -> None:
    """The quaffle's chaser is gone: a team-mate chaser has it, else the other team (§5.2)."""
    lineup = state["lineup"]["chaser"]
    for team in (state["possession"], 1 - state["possession"]):
        if lineup[team]:
            state["possession"], state["carrier"] = team, lineup[team][0]
            return
    state["carrier"] = None
