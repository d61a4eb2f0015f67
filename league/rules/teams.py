"""Team sizes at the start of a cup game (§8.5) and changes during it (§8.6, §8.7).

A team may play with fewer than seven, but the keeper and the seeker are
filled first; each team needs three players at the start or the game is
postponed; the teams may differ by two players at most, so the bigger team
sits players out. During the game a team may make one substitution, in
which at most three people change position (leaving the pitch and coming on
count as changes). A player who is gone for five minutes when no
substitution is left, or who is barred for fraud, is not replaced, but a
missing keeper or seeker must be taken over by a chaser or beater still
playing.

Rosters are sequences of :class:`Player`; the functions return the new
roster or a :class:`LineUp`, or raise ``RuleViolation`` naming the section.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass

from core.errors import gettext_noop
from games.ruleset import RuleViolation
from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER

MINIMUM_PLAYERS = 3
TOO_FEW = gettext_noop(
    "too few players: each team needs at least 3 at the start, so the game is postponed"
)
"""Why a game with too few players is postponed, as stored with the fixture: one text
(``MINIMUM_PLAYERS`` written out), so that a page can translate it."""
MAXIMUM_DIFFERENCE = 2
MAXIMUM_CHANGES = 3
SUBSTITUTIONS_PER_GAME = 1
FILLED_FIRST = (KEEPER, SEEKER)
OUTFIELD = (CHASER, BEATER)
LIMITS = {KEEPER: (1, 1), SEEKER: (1, 1), CHASER: (0, 3), BEATER: (0, 2)}
"""A team's positions, least and most (§2), which a cup line-up must keep (§8.5)."""


@dataclass(frozen=True)
class Player:
    name: str
    position: str

    def to_json(self) -> dict:
        return asdict(self)


Roster = tuple[Player, ...]


@dataclass(frozen=True)
class LineUp:
    """Who plays, who sits out (§8.5), or why the game is postponed instead."""

    teams: tuple[Roster, Roster]
    sitting_out: tuple[Roster, Roster]
    postponed: bool
    reason: str

    def to_json(self) -> dict:
        return {
            "teams": [[p.to_json() for p in team] for team in self.teams],
            "sitting_out": [[p.to_json() for p in team] for team in self.sitting_out],
            "postponed": self.postponed,
            "reason": self.reason,
        }


def line_up(
    teams: tuple[Sequence[Player], Sequence[Player]],
    *,
    sitting_out: Collection[str] = (),
    barred: Collection[str] = (),
) -> LineUp:
    """Check the two teams that turned up and even out their sizes (§8.5).

    ``sitting_out`` is the bigger team's choice of who leaves the pitch; when
    not given, see :func:`default_sitting_out`. ``barred`` players (§8.7) are
    refused.
    """
    first, second = (tuple(team) for team in teams)
    _check_names(first + second, barred)
    if any(len(team) < MINIMUM_PLAYERS for team in (first, second)):
        return LineUp((first, second), ((), ()), postponed=True, reason=TOO_FEW)
    for team in (first, second):
        _check_positions(team)
    bigger = 0 if len(first) > len(second) else 1
    excess = abs(len(first) - len(second)) - MAXIMUM_DIFFERENCE
    if excess <= 0:
        if sitting_out:
            raise RuleViolation(
                "invalid_line_up",
                gettext_noop("The teams differ by two players at most already: nobody sits out."),
                "§8.5",
            )
        return LineUp((first, second), ((), ()), postponed=False, reason="")
    team = (first, second)[bigger]
    if sitting_out:
        leaving = _chosen(team, sitting_out, excess)
    else:
        leaving = default_sitting_out(team, excess)
    staying = tuple(p for p in team if p not in leaving)
    lined_up = (staying, second) if bigger == 0 else (first, staying)
    out = (leaving, ()) if bigger == 0 else ((), leaving)
    return LineUp(lined_up, out, postponed=False, reason="")


def default_sitting_out(team: Sequence[Player], count: int) -> Roster:
    """Who sits out when the captain does not say: never the keeper or the seeker.

    One at a time from the bigger of chasers and beaters (beaters on a tie,
    since chasers score), the last listed of that position first, so the
    team keeps both kinds of outfield player as long as it can.
    """
    outfield = {position: [p for p in team if p.position == position] for position in OUTFIELD}
    leaving = []
    for _ in range(count):
        position = max(reversed(OUTFIELD), key=lambda pos: len(outfield[pos]))
        leaving.append(outfield[position].pop())
    return tuple(leaving)


def _chosen(team: Roster, names: Collection[str], count: int) -> Roster:
    chosen = tuple(p for p in team if p.name in names)
    if len(chosen) != len(set(names)) or len(chosen) != count:
        raise RuleViolation(
            "invalid_line_up",
            gettext_noop("The bigger team must sit out exactly %(count)s of its players."),
            "§8.5",
            params={"count": count},
        )
    if any(p.position in FILLED_FIRST for p in chosen):
        raise RuleViolation(
            "keeper_and_seeker_first",
            gettext_noop("The keeper and the seeker cannot sit out."),
            "§8.5",
        )
    return chosen


def check_team(team: Sequence[Player], *, barred: Collection[str] = ()) -> Roster:
    """One house's line-up as its captain chooses it before the game (§8.5), alone.

    Refused: a player listed twice (§2), a barred player (§8.7), more of a position
    than a team has (§2, ``LIMITS``), and, in a team of three or more, no keeper or
    no seeker (§8.5: they are filled first). A team of fewer than three is not
    refused here: the game is then postponed when it is due to start (``line_up``).
    What depends on the other team (who sits out) is ``line_up``'s, at the start.
    """
    team = tuple(team)
    _check_names(team, barred)
    _check_limits(team)
    if len(team) >= MINIMUM_PLAYERS:
        _check_filled_first(team)
    return team


def _check_names(players: Roster, barred: Collection[str]) -> None:
    names = Counter(p.name for p in players)
    if twice := sorted(name for name, count in names.items() if count > 1):
        raise RuleViolation(
            "invalid_line_up",
            gettext_noop("Listed twice: %(names)s. A player plays one position."),
            "§2",
            params={"names": ", ".join(twice)},
        )
    if banned := sorted(set(names) & set(barred)):
        raise RuleViolation(
            "player_barred",
            gettext_noop("Barred from this game for fraud: %(names)s."),
            "§8.7",
            params={"names": ", ".join(banned)},
        )


TOO_MANY = {
    KEEPER: gettext_noop("%(count)s keepers: a team has one keeper."),
    SEEKER: gettext_noop("%(count)s seekers: a team has one seeker."),
    CHASER: gettext_noop("%(count)s chasers: a team has at most %(most)s."),
    BEATER: gettext_noop("%(count)s beaters: a team has at most %(most)s."),
}
"""The refusal of too many of a position (§2), one sentence a position, so that a
catalogue can say the position in its own words."""
NOT_FILLED_FIRST = {
    (KEEPER,): gettext_noop(
        "No keeper: the keeper and the seeker are filled before chasers and beaters."
    ),
    (SEEKER,): gettext_noop(
        "No seeker: the keeper and the seeker are filled before chasers and beaters."
    ),
    (KEEPER, SEEKER): gettext_noop(
        "No keeper and no seeker: they are filled before chasers and beaters."
    ),
}


def _check_positions(team: Roster) -> None:
    _check_limits(team)
    _check_filled_first(team)


def _check_limits(team: Roster) -> None:
    counts = Counter(p.position for p in team)
    for position, count in counts.items():
        if position not in LIMITS:
            raise RuleViolation(
                "invalid_line_up",
                gettext_noop("%(position)s is not a position."),
                "§2",
                params={"position": position},
            )
        if count > LIMITS[position][1]:
            raise RuleViolation(
                "invalid_line_up",
                TOO_MANY[position],
                "§2",
                params={"count": count, "most": LIMITS[position][1]},
            )


def _check_filled_first(team: Roster) -> None:
    counts = Counter(p.position for p in team)
    missing = tuple(position for position in FILLED_FIRST if not counts[position])
    if missing:
        raise RuleViolation("keeper_and_seeker_first", NOT_FILLED_FIRST[missing], "§8.5")


NOT_PLAYING = gettext_noop("%(name)s is not playing")
ALREADY_PLAYS = {
    KEEPER: gettext_noop("%(name)s already plays keeper"),
    SEEKER: gettext_noop("%(name)s already plays seeker"),
    CHASER: gettext_noop("%(name)s already plays chaser"),
    BEATER: gettext_noop("%(name)s already plays beater"),
}
"""A substitution's refusals that name a position (§8.6, these and the two below), one
sentence a position as ``TOO_MANY``, so that a catalogue says the position in its own words."""
NOBODY_STANDS_IN = {
    KEEPER: gettext_noop("nobody stands in for a keeper"),
    SEEKER: gettext_noop("nobody stands in for a seeker"),
    CHASER: gettext_noop("nobody stands in for a chaser"),
    BEATER: gettext_noop("nobody stands in for a beater"),
}
STAND_IN_NEEDED = {
    KEEPER: gettext_noop(
        "the keeper must be replaced by a chaser or beater still playing: one of %(players)s"
    ),
    SEEKER: gettext_noop(
        "the seeker must be replaced by a chaser or beater still playing: one of %(players)s"
    ),
}
"""Who must take over a keeper or seeker who left unreplaced (§8.6), by the position left."""


@dataclass(frozen=True)
class Change:
    """One person's change in a substitution: to a new position, or off (``position`` None)."""

    player: str
    position: str | None


def substitute(
    team: Sequence[Player],
    changes: Sequence[Change],
    *,
    substitutions_made: int,
    barred: Collection[str] = (),
) -> Roster:
    """The team after its one substitution of the game (§8.6).

    Players not on the team come on; a substitution never makes the team
    bigger, so a player who left without replacement, or was barred for
    fraud (§8.7), stays unreplaced.
    """
    if substitutions_made >= SUBSTITUTIONS_PER_GAME:
        raise RuleViolation(
            "no_substitution_left", gettext_noop("one substitution per team and game"), "§8.6"
        )
    if not changes or len(changes) > MAXIMUM_CHANGES:
        raise RuleViolation(
            "too_many_changes",
            gettext_noop("a substitution changes one to %(most)s people's positions"),
            "§8.6",
            params={"most": MAXIMUM_CHANGES},
        )
    moving = {change.player: change.position for change in changes}
    if len(moving) != len(changes):
        raise RuleViolation("invalid_substitution", gettext_noop("a person changes once"), "§8.6")
    playing = {p.name: p for p in team}
    for name, position in moving.items():
        if name in playing and playing[name].position == position:
            raise RuleViolation(
                "invalid_substitution", ALREADY_PLAYS[position], "§8.6", params={"name": name}
            )
        if name not in playing and position is None:
            raise RuleViolation("invalid_substitution", NOT_PLAYING, "§8.6", params={"name": name})
        if name not in playing and name in barred:
            raise RuleViolation(
                "player_barred",
                gettext_noop("%(name)s is barred for fraud"),
                "§8.7",
                params={"name": name},
            )
    after = [
        Player(p.name, moving.get(p.name, p.position))
        for p in team
        if not (p.name in moving and moving[p.name] is None)
    ]
    after += [Player(name, position) for name, position in moving.items() if name not in playing]
    if len(after) > len(team):
        raise RuleViolation(
            "invalid_substitution",
            gettext_noop("a substitution replaces players, it adds none"),
            "§8.6",
        )
    _check_positions(tuple(after))
    return tuple(after)


def play_without(team: Sequence[Player], player: str, *, stand_in: str | None = None) -> Roster:
    """The team after ``player`` leaves unreplaced (§8.6 with no substitution left, §8.7).

    A missing keeper or seeker must be taken over by a chaser or beater still
    playing, ``stand_in``, whenever there is one; this is no substitution.
    """
    gone = next((p for p in team if p.name == player), None)
    if gone is None:
        raise RuleViolation("invalid_substitution", NOT_PLAYING, "§8.6", params={"name": player})
    rest = [p for p in team if p is not gone]
    outfield = [p.name for p in rest if p.position in OUTFIELD]
    if gone.position not in FILLED_FIRST or not outfield:
        if stand_in is not None:
            raise RuleViolation("invalid_substitution", NOBODY_STANDS_IN[gone.position], "§8.6")
        return tuple(rest)
    if stand_in not in outfield:
        raise RuleViolation(
            "stand_in_needed",
            STAND_IN_NEEDED[gone.position],
            "§8.6",
            params={"players": ", ".join(outfield)},
        )
    return tuple(Player(p.name, gone.position) if p.name == stand_in else p for p in rest)
