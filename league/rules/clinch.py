"""Clinched and eliminated: what the remaining games still allow, as proofs (§8.1, §8.2).

For every house and every line the finals draw (after place 2 the cup final,
after place 4, with more than four houses, the finals at all), four
questions about the table at the end of the second half, over every result
the remaining games can have (:mod:`league.rules.bounds`):

- at most, how many houses can finish ahead of it, and how many ahead or level;
- at least, how many must finish ahead of it, and how many ahead or level.

A house is *in* whatever happens when even at most fewer than ``line`` houses
finish ahead or level; *in unless a tiebreak goes against it* when fewer are
ahead but enough can be level across the line (a decider or lots, §8.2);
*out* when at least ``line`` must finish ahead; *in only through a tiebreak*
when it can get no better than level across the line. The houses are ordered
as :func:`league.rules.standings.standings` orders them (points, snitch
catches, goals conceded, one number per house: :func:`league.rules.standings.key`).

How the questions are answered, and why it is exact (``docs/rules/league.md``):

- *At most ahead*: some set of houses ``S`` can all finish ahead at once.
  Games of ``S`` against the others give each house of ``S`` its best, the
  house's games against the others its worst; what is left are the games
  inside ``S`` and against the house, searched for every result that no
  other beats for all of them at once.
- *At least ahead*: the house wins every game with the most it can, which is
  best against everybody at once. Every other game is goalless, which keeps
  both teams lowest on points and snitch catches; only a house level with it
  on both still needs goals conceded, which its opponents can give it by
  scoring (and climbing). Those few houses and their opponents are searched,
  and the fewest houses given up.

Only the results of the remaining games are varied: a fraud recorded later
(§8.7) changes the table, and the marks are computed again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from core.errors import gettext_noop as _

from .bounds import Extremes, ScoreBounds, pareto
from .standings import DECIDER as DECIDED
from .standings import LOTS as DRAWN
from .standings import SHARED_PLACE, Standings, key

CUP_FINAL = "cup_final"
FINALS = "finals"
THIRD_PLACE_FINAL = "third_place_final"

CLINCHED = "clinched"
CLINCHED_UNLESS_TIEBREAK = "clinched_unless_tiebreak"
OPEN = "open"
TIEBREAK_ONLY = "tiebreak_only"
ELIMINATED = "eliminated"

DECIDER = "decider"
LOTS = "lots"
DECIDER_OR_LOTS = "decider_or_lots"

LINES = {CUP_FINAL: 2, FINALS: 4}
"""The place after which each line falls (§8.2)."""

SENTENCES = {
    (CUP_FINAL, CLINCHED): _("%(house)s are in the cup final whatever happens."),
    (CUP_FINAL, CLINCHED_UNLESS_TIEBREAK): _(
        "%(house)s are in the cup final unless %(unless)s (§8.2)."
    ),
    (CUP_FINAL, TIEBREAK_ONLY): _(
        "%(house)s can still reach the cup final, but only %(only)s (§8.2)."
    ),
    (CUP_FINAL, ELIMINATED): _("%(house)s can no longer finish in the top two."),
    (FINALS, CLINCHED): _("%(house)s are in a final whatever happens."),
    (FINALS, CLINCHED_UNLESS_TIEBREAK): _("%(house)s are in a final unless %(unless)s (§8.2)."),
    (FINALS, TIEBREAK_ONLY): _("%(house)s can still reach a final, but only %(only)s (§8.2)."),
    (FINALS, ELIMINATED): _("%(house)s can no longer finish in the top four."),
    (THIRD_PLACE_FINAL, CLINCHED): _("%(house)s play the third-place final whatever happens."),
    (THIRD_PLACE_FINAL, CLINCHED_UNLESS_TIEBREAK): _(
        "%(house)s play the third-place final unless %(unless)s (§8.2)."
    ),
    (THIRD_PLACE_FINAL, TIEBREAK_ONLY): _(
        "%(house)s can still reach the third-place final, but only %(only)s (§8.2)."
    ),
    (THIRD_PLACE_FINAL, ELIMINATED): _("%(house)s can no longer reach the third-place final."),
}
"""A mark in words, by target and status; English keys of the league's catalogues
(``league/locale``), as are the tiebreaks' words below."""
UNLESS = {
    DECIDER: _("a decider goes the other way"),
    LOTS: _("the lots go the other way"),
    DECIDER_OR_LOTS: _("a decider or the lots go the other way"),
}
ONLY = {
    DECIDER: _("through a decider"),
    LOTS: _("by lots"),
    DECIDER_OR_LOTS: _("through a decider or by lots"),
}
THIRD_PLACE = {
    CLINCHED: ELIMINATED,
    CLINCHED_UNLESS_TIEBREAK: TIEBREAK_ONLY,
    OPEN: OPEN,
    TIEBREAK_ONLY: CLINCHED_UNLESS_TIEBREAK,
    ELIMINATED: CLINCHED,
}
"""With four houses the third-place final is the cup final's other side."""


@dataclass(frozen=True)
class Mark:
    """Where a house stands towards one ``target``: ``status``, and the tiebreak it hangs
    on (``decider``, ``lots``, ``decider_or_lots``, or None)."""

    target: str
    status: str
    tiebreak: str | None = None

    def sentence(self, house: str, translate: Callable[[str], str] = str) -> str:
        """The mark in words for a reader, in the language of ``translate`` (a catalogue's
        ``gettext``; English without); empty while it is open."""
        template = SENTENCES.get((self.target, self.status))
        if template is None:
            return ""
        tiebreak = {
            name: translate(words[self.tiebreak]) if self.tiebreak in words else ""
            for name, words in (("unless", UNLESS), ("only", ONLY))
        }
        return translate(template) % {"house": house, **tiebreak}

    def to_json(self) -> dict:
        return {"target": self.target, "status": self.status, "tiebreak": self.tiebreak}

    @classmethod
    def from_json(cls, data: dict) -> Mark:
        return cls(data["target"], data["status"], data["tiebreak"])


def marks(
    table: Standings, remaining: Sequence[tuple[str, str]], bounds: ScoreBounds
) -> dict[str, tuple[Mark, ...]]:
    """Every house's marks, from the table now and the games of the halves still to play
    (home, away); the targets are the cup final, with more than four houses a final at
    all, and with four or more houses the third-place final."""
    houses = [row.house for row in table.rows]
    lines = {target: line for target, line in LINES.items() if line < len(houses)}
    if remaining:
        race = _Race(table, remaining, bounds)
        statuses = {house: race.statuses(house, lines) for house in houses}
    else:
        statuses = {house: _settled(table, house, lines) for house in houses}
    return {house: _marks(statuses[house], len(houses)) for house in houses}


Status = tuple[str, str | None]


def _marks(by_line: dict[str, Status], houses: int) -> tuple[Mark, ...]:
    statuses = {CUP_FINAL: by_line.get(CUP_FINAL, (CLINCHED, None))}
    if FINALS in by_line:
        statuses[FINALS] = by_line[FINALS]
        statuses[THIRD_PLACE_FINAL] = _between(statuses[CUP_FINAL], statuses[FINALS])
    elif houses == 4:
        status, tiebreak = statuses[CUP_FINAL]
        statuses[THIRD_PLACE_FINAL] = (THIRD_PLACE[status], tiebreak)
    return tuple(Mark(target, status, tiebreak) for target, (status, tiebreak) in statuses.items())


def _between(top_two: Status, top_four: Status) -> Status:
    """The third-place final, places 3 and 4: out of the top two and in the top four.

    Clinched when both are proven; out when the house is in the cup final or out of
    the top four whatever happens. A house that can finish in the top two and can
    finish below fourth is reported open (docs/rules/league.md: with more than four
    houses it could, in a table of many level houses, skip places 3 and 4)."""
    (above, above_tie), (inside, inside_tie) = top_two, top_four
    if above == CLINCHED or inside == ELIMINATED:
        return ELIMINATED, None
    out_of_top_two = above in (ELIMINATED, TIEBREAK_ONLY)
    in_top_four = inside in (CLINCHED, CLINCHED_UNLESS_TIEBREAK)
    if above == ELIMINATED and inside == CLINCHED:
        return CLINCHED, None
    if out_of_top_two and in_top_four:
        return CLINCHED_UNLESS_TIEBREAK, _either(above_tie, inside_tie)
    if above == CLINCHED_UNLESS_TIEBREAK:
        return TIEBREAK_ONLY, above_tie
    if inside == TIEBREAK_ONLY:
        return TIEBREAK_ONLY, inside_tie
    return OPEN, None


def _either(*tiebreaks: str | None) -> str | None:
    kinds = {tiebreak for tiebreak in tiebreaks if tiebreak}
    return kinds.pop() if len(kinds) == 1 else (DECIDER_OR_LOTS if kinds else None)


def _settled(table: Standings, house: str, lines: dict[str, int]) -> dict[str, Status]:
    """Marks once the halves are over: the table's own order, with the deciders and lots
    it has (§8.2); a tie across a line still to be broken is named."""
    rows = list(table.rows)
    index = next(i for i, row in enumerate(rows) if row.house == house)
    start = index
    while start and rows[start - 1].reason in (*SHARED_PLACE, DECIDED, DRAWN):
        start -= 1
    end = index
    while rows[end].reason in (*SHARED_PLACE, DECIDED, DRAWN):
        end += 1
    group = rows[start : end + 1]
    open_tie = any(row.reason in SHARED_PLACE for row in group[:-1])
    statuses = {}
    for target, line in lines.items():
        straddles = start < line <= end
        if not straddles or not open_tie:
            statuses[target] = (CLINCHED if index < line else ELIMINATED, None)
            continue
        statuses[target] = (TIEBREAK_ONLY, DECIDER if len(group) == 2 else LOTS)
    return statuses


class _Race:
    """The table now, the remaining games, and what one game can give."""

    def __init__(self, table: Standings, remaining: Sequence[tuple[str, str]], bounds: ScoreBounds):
        self.keys = {
            row.house: key(row.points, row.snitch_catches, row.goals_against) for row in table.rows
        }
        self.games = list(remaining)
        self.opponents: dict[str, list[str]] = {house: [] for house in self.keys}
        for home, away in self.games:
            self.opponents[home].append(away)
            self.opponents[away].append(home)
        self.game = Extremes(bounds, _unbounded(table, bounds))

    def statuses(self, house: str, lines: dict[str, int]) -> dict[str, Status]:
        strictly_ahead = self.fewest_ahead(house, level_counts=False)
        ahead_or_level = self.fewest_ahead(house, level_counts=True)
        statuses = {}
        for target, line in lines.items():
            if not self.can_finish_ahead(house, line, level_counts=True):
                statuses[target] = (CLINCHED, None)
            elif strictly_ahead >= line:
                statuses[target] = (ELIMINATED, None)
            elif ahead_or_level >= line:
                # Never in outright; in when level across the line, with two or more level
                # houses whenever at least line + 1 are always ahead or level.
                lots = ahead_or_level >= line + 1
                statuses[target] = (TIEBREAK_ONLY, LOTS if lots else DECIDER_OR_LOTS)
            elif not self.can_finish_ahead(house, line, level_counts=False):
                # Fewer than ``line`` ever ahead, but level across the line can happen:
                # with two or more level houses whenever at most line - 2 can be ahead.
                lots = not self.can_finish_ahead(house, line - 1, level_counts=False)
                statuses[target] = (CLINCHED_UNLESS_TIEBREAK, LOTS if lots else DECIDER_OR_LOTS)
            else:
                statuses[target] = (OPEN, None)
        return statuses

    # -- at most: can ``count`` houses finish ahead of ``house`` at once? --------------

    def can_finish_ahead(self, house: str, count: int, *, level_counts: bool) -> bool:
        if count <= 0:
            return True
        ahead = _ahead(level_counts)
        game, keys = self.game, self.keys
        lowest = keys[house] + len(self.opponents[house]) * game.least
        highest = keys[house] + len(self.opponents[house]) * game.most
        sure, candidates = 0, []
        for other, games in self.opponents.items():
            if other == house:
                continue
            if ahead(keys[other] + len(games) * game.least, highest):
                sure += 1
            elif ahead(keys[other] + len(games) * game.most, lowest):
                candidates.append(other)
        wanted = count - sure
        if wanted <= 0:
            return True
        candidates.sort(key=lambda other: -keys[other] - len(self.opponents[other]) * game.most)
        return any(
            self._all_ahead(house, group, ahead) for group in combinations(candidates, wanted)
        )

    def _all_ahead(self, house: str, group: tuple[str, ...], ahead) -> bool:
        """Can every house of ``group`` finish ahead of ``house`` at once?"""
        game, members = self.game, set(group)
        start = [
            self.keys[other]
            + sum(game.most for o in self.opponents[other] if o not in members and o != house)
            for other in group
        ]
        start.append(
            -self.keys[house] - sum(game.least for o in self.opponents[house] if o not in members)
        )
        dim = {other: i for i, other in enumerate(group)} | {house: len(group)}
        games = []
        for home, away in self.games:
            if home in members and away in members:
                games.append((dim[home], dim[away], game.both_up))
            elif {home, away} <= members | {house} and house in (home, away):
                other = away if home == house else home
                games.append(
                    (dim[other], dim[house], tuple((a, -b) for a, b in game.one_up_one_down))
                )
        x, past = len(group), 0 if ahead(0, 0) else 1
        house_gains = [[-b for _, b in options] for _, j, options in games if j == x]
        lowest = -start[x] + sum(min(gains) for gains in house_gains)
        highest = -start[x] + sum(max(gains) for gains in house_gains)
        return _search(
            start,
            games,
            [lowest + past] * len(group) + [None],
            [highest + past] * len(group) + [None],
            lambda state: all(ahead(k, -state[x]) for k in state[:x]),
        )

    # -- at least: how few houses must finish ahead of ``house``? ----------------------

    def fewest_ahead(self, house: str, *, level_counts: bool) -> int:
        ahead = _ahead(level_counts)
        game, keys = self.game, self.keys
        best = keys[house] + len(self.opponents[house]) * game.most
        given_up, free, candidates = set(), set(), []
        at_least = {}
        for other, games in self.opponents.items():
            if other == house:
                continue
            against = games.count(house)
            from_house = against * game.opponent_of_most
            rest = len(games) - against
            if ahead(keys[other] + from_house + rest * game.least, best):
                given_up.add(other)
            elif not ahead(keys[other] + from_house + rest * game.most, best):
                free.add(other)
            else:
                candidates.append(other)
                at_least[other] = keys[other] + from_house
        outside = given_up | free

        def goalless(other: str) -> int:
            """Goalless against the other candidates, the most conceded to the rest."""
            return at_least[other] + sum(game.least for o in self.opponents[other] if o in outside)

        needy = [other for other in candidates if ahead(goalless(other), best)]
        if not needy:
            return len(given_up)
        component = _reachable(needy, self.opponents, set(candidates))
        for size in range(len(needy)):
            for dropped in combinations(sorted(component), size):
                if self._all_kept(house, best, component - set(dropped), set(dropped), ahead):
                    return len(given_up) + size
        return len(given_up) + len(needy)

    def _all_kept(self, house, best, kept: set[str], dropped: set[str], ahead) -> bool:
        """Can every house of ``kept`` stay off ``house``'s place or behind it, the
        ``dropped`` ones scoring as they like?"""
        game, group = self.game, sorted(kept)
        dim = {other: i for i, other in enumerate(group)}
        start = []
        for other in group:
            against = self.opponents[other].count(house)
            conceded = [o for o in self.opponents[other] if o != house and o not in kept]
            start.append(
                -(self.keys[other] + against * game.opponent_of_most + len(conceded) * game.least)
            )
        down = tuple((-a, -b) for a, b in game.both_down)
        games = [(dim[h], dim[a], down) for h, a in self.games if h in kept and a in kept]
        need = [-best + (1 if ahead(0, 0) else 0)] * len(group)
        return _search(
            start, games, need, need, lambda state: all(not ahead(-k, best) for k in state)
        )


def _ahead(level_counts: bool) -> Callable[[int, int], bool]:
    """Whether a key is counted against another: ahead, or ahead or level."""
    return (lambda k, of: k >= of) if level_counts else (lambda k, of: k > of)


def _reachable(start: Sequence[str], opponents: dict[str, list[str]], within: set[str]) -> set[str]:
    """The houses of ``within`` linked to ``start`` by remaining games inside ``within``."""
    seen, queue = set(start), list(start)
    while queue:
        for other in opponents[queue.pop()]:
            if other in within and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def _search(
    start: list[int],
    games: list[tuple[int, int, tuple[tuple[int, int], ...]]],
    need: list[int | None],
    enough: list[int | None],
    accept: Callable[[tuple[int, ...]], bool],
) -> bool:
    """Whether some results of ``games`` lead from ``start`` to a state ``accept`` takes.

    A state holds one number per house, each oriented so that more is better for the
    question; a game ``(i, j, options)`` adds one of its ``options`` to houses ``i`` and
    ``j``. A house's number must end at ``need`` or more to be accepted, and is
    accepted at ``enough`` or more (None: no such bound). After each game only the
    states no other beats for every house are kept; a state whose remaining games
    cannot bring a house to its need is dropped, and a number that stays past enough
    whatever the remaining games take away is held there, so that states differing only
    beyond it merge.
    """
    games = sorted(games, key=lambda g: (min(g[0], g[1]), max(g[0], g[1])))
    dims = len(start)
    least_after = [[0] * dims for _ in range(len(games) + 1)]
    most_after = [[0] * dims for _ in range(len(games) + 1)]
    for step in range(len(games) - 1, -1, -1):
        least_after[step] = list(least_after[step + 1])
        most_after[step] = list(most_after[step + 1])
        i, j, options = games[step]
        for dim, gains in ((i, [pair[0] for pair in options]), (j, [pair[1] for pair in options])):
            least_after[step][dim] += min(gains)
            most_after[step][dim] += max(gains)

    def held(state: tuple[int, ...], step: int) -> tuple[int, ...] | None:
        kept = []
        for value, wanted, plenty, least, most in zip(
            state, need, enough, least_after[step], most_after[step], strict=True
        ):
            if wanted is not None and value + most < wanted:
                return None
            kept.append(value if plenty is None else min(value, plenty - least))
        return tuple(kept)

    first = held(tuple(start), 0)
    states = {first} if first is not None else set()
    for step, (i, j, options) in enumerate(games):
        grown = set()
        for state in states:
            for a, b in options:
                moved = list(state)
                moved[i] += a
                moved[j] += b
                kept = held(tuple(moved), step + 1)
                if kept is not None:
                    grown.add(kept)
        states = set(pareto(grown, (1,) * dims))
    return any(accept(state) for state in states)


def _unbounded(table: Standings, bounds: ScoreBounds) -> int:
    """Goals a side may score where the rules set no bound: past every gap on the table,
    so that one game can carry any house past any other (docs/rules/league.md)."""
    if bounds.bounded:
        return 0
    points = [row.points for row in table.rows]
    conceded = [row.goals_against for row in table.rows]
    gap = (max(points) - min(points)) // max(bounds.goal_points, 1) + max(conceded) + 2
    return 2 * gap
