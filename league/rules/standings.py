"""The cup table (§8.1) and the order that sends teams to the finals (§8.2).

Teams are ordered by points: each game's final result, the winner's 100
bonus included (§7), less 100 for every fraud of the team in that game
(§8.7, §8.9). §8.2 breaks a tie between the teams on places 2 and 3, the
line between the cup final and the game for third place: more snitch
catches, then fewer goals conceded, then a decider game; more than two level
teams draw lots.

How we read it (``docs/rules/league.md``):

- snitch catches and goals conceded order level teams everywhere in the
  table, because a reader expects one consistent table; still level, teams
  share a place;
- a decider or lots are needed only when the second half is over and level
  teams straddle a line the finals draw: after place 2 and, with more than
  four houses, after place 4 (who plays for third place);
- lots come after snitch catches and goals conceded, never instead of them,
  and order only the teams still level.

Every row says why it is ahead of the next one, so a page can show it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from games.dice import Dice

from .fraud import POINTS_LOST, Fraud
from .lots import Lot, draw_lots
from .results import GameResult, Side

POINTS = "points"
SNITCH_CATCHES = "snitch_catches"
GOALS_CONCEDED = "goals_conceded"
DECIDER = "decider"
LOTS = "lots"
LEVEL = "level"
DECIDER_NEEDED = "decider_needed"
LOTS_NEEDED = "lots_needed"

REASONS = {
    POINTS: "ahead on points",
    SNITCH_CATCHES: "ahead on snitch catches",
    GOALS_CONCEDED: "fewer goals conceded",
    DECIDER: "won the decider",
    LOTS: "drawn by lot",
    LEVEL: "level on points, snitch catches and goals conceded",
    DECIDER_NEEDED: "level: a decider game is needed",
    LOTS_NEEDED: "level: lots are to be drawn",
}
"""Why a row is ahead of the next one, by the code rows carry."""

SHARED_PLACE = frozenset({LEVEL, DECIDER_NEEDED, LOTS_NEEDED})
"""Reasons that leave a row on the same place as the next one."""

FINAL_LINES = (2, 4)
"""The finals split the table after place 2 (cup final) and place 4 (game for third)."""

SPAN = 1 << 20
"""Room for each of the lower counts in a key: a season's snitch catches and goals
conceded stay far below it, so they never spill into the count above."""


def key(points: int, snitch_catches: int, goals_conceded: int) -> int:
    """A house's counts as one number: a greater key is ahead (§8.1, §8.2), equal keys
    are level. Keys add: the key of a season is the sum of its games' keys."""
    return (points * SPAN + snitch_catches) * SPAN - goals_conceded


def points_of(house_key: int) -> int:
    """The points a key was made from (snitch catches and goals conceded below ``SPAN``)."""
    return (house_key + SPAN) // (SPAN * SPAN)


@dataclass(frozen=True)
class Row:
    """One house's line; ``reason`` says why it is ahead of the next row (None on the last)."""

    place: int
    house: str
    played: int
    won: int
    drawn: int
    lost: int
    points: int
    goals_for: int
    goals_against: int
    snitch_catches: int
    points_deducted: int
    reason: str | None

    def to_json(self) -> dict:
        return {**asdict(self), "why": REASONS.get(self.reason, "")}


@dataclass(frozen=True)
class Standings:
    """The table; ``lots`` are the draws its order relies on, for the service to store."""

    rows: tuple[Row, ...]
    season_over: bool
    deciders_needed: tuple[tuple[str, str], ...]
    lots_needed: tuple[tuple[str, ...], ...]
    lots: tuple[Lot, ...]

    @property
    def settled(self) -> bool:
        """The second half is over and nothing is left to decide for the finals."""
        return self.season_over and not self.deciders_needed and not self.lots_needed

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(row.house for row in self.rows)

    def to_json(self) -> dict:
        return {
            "rows": [row.to_json() for row in self.rows],
            "season_over": self.season_over,
            "settled": self.settled,
            "deciders_needed": [list(pair) for pair in self.deciders_needed],
            "lots_needed": [list(group) for group in self.lots_needed],
            "lots": [lot.to_json() for lot in self.lots],
        }


class _Tally:
    __slots__ = (
        "drawn",
        "goals_against",
        "goals_for",
        "house",
        "lost",
        "played",
        "points",
        "points_deducted",
        "snitch_catches",
        "won",
    )

    def __init__(self, house: str) -> None:
        self.house = house
        self.played = self.won = self.drawn = self.lost = 0
        self.points = self.goals_for = self.goals_against = 0
        self.snitch_catches = self.points_deducted = 0

    def add(self, side: Side, outcome: int | None) -> None:
        """Count a game; ``outcome`` is 1 won, 0 drawn, -1 lost."""
        self.played += 1
        if outcome == 1:
            self.won += 1
        elif outcome == -1:
            self.lost += 1
        else:
            self.drawn += 1
        self.points += side.points
        self.goals_for += side.goals
        self.goals_against += side.goals_conceded
        self.snitch_catches += side.snitch

    @property
    def level_key(self) -> int:
        """Best first when sorted; equal keys are level after every criterion a result can
        settle."""
        return -key(self.points, self.snitch_catches, self.goals_against)

    def row(self, place: int, reason: str | None) -> Row:
        return Row(
            place=place,
            house=self.house,
            played=self.played,
            won=self.won,
            drawn=self.drawn,
            lost=self.lost,
            points=self.points,
            goals_for=self.goals_for,
            goals_against=self.goals_against,
            snitch_catches=self.snitch_catches,
            points_deducted=self.points_deducted,
            reason=reason,
        )


def standings(
    houses: Sequence[str],
    results: Iterable[GameResult],
    *,
    frauds: Iterable[Fraud] = (),
    deciders: Iterable[GameResult] = (),
    lots: Iterable[Lot] = (),
    dice: Dice | None = None,
) -> Standings:
    """The table of the halves' ``results`` (finals and deciders not among them).

    ``deciders`` are the results of decider games played so far; ``lots`` the
    draws stored so far. A tie that needs lots and has none stored is drawn
    with ``dice`` when given (and returned in ``lots`` to be stored), else it
    is reported in ``lots_needed``: recomputing the table never draws again.
    """
    tallies = _tally(houses, results, frauds)
    season_over = all(t.played == 2 * (len(houses) - 1) for t in tallies)
    tallies.sort(key=lambda t: (t.level_key, t.house))
    lines = [line for line in FINAL_LINES if line < len(houses)] if season_over else []
    tiebreak = _Tiebreak(deciders, lots, dice)

    ordered: list[_Tally] = []
    reasons: list[str | None] = []
    for group in _level_groups(tallies):
        start = len(ordered)
        straddles = any(start < line < start + len(group) for line in lines)
        inside = tiebreak.settle(group) if straddles else LEVEL
        if ordered:
            reasons.append(_ahead(ordered[-1], group[0]))
        ordered.extend(group)
        reasons.extend([inside] * (len(group) - 1))
    reasons.append(None)

    rows: list[Row] = []
    for index, (tally, reason) in enumerate(zip(ordered, reasons, strict=True)):
        shares = index and reasons[index - 1] in SHARED_PLACE
        rows.append(tally.row(rows[-1].place if shares else index + 1, reason))
    return Standings(
        rows=tuple(rows),
        season_over=season_over,
        deciders_needed=tuple(tiebreak.deciders_needed),
        lots_needed=tuple(tiebreak.lots_needed),
        lots=tuple(tiebreak.lots),
    )


class _Tiebreak:
    """Orders teams level on every count across a line of the finals (§8.2).

    Two teams play a decider; more draw lots, a stored draw first, else a new
    one with the dice if there are any. What is still open is collected.
    """

    def __init__(self, deciders: Iterable[GameResult], lots: Iterable[Lot], dice: Dice | None):
        self.winners = {frozenset(d.houses): d.decided_winner() for d in deciders}
        self.stored = {frozenset(lot.houses): lot for lot in lots}
        self.dice = dice
        self.deciders_needed: list[tuple[str, str]] = []
        self.lots_needed: list[tuple[str, ...]] = []
        self.lots: list[Lot] = []

    def settle(self, group: list[_Tally]) -> str:
        """Sort ``group`` in place if it can be; the reason inside it."""
        houses = frozenset(t.house for t in group)
        if len(group) == 2:
            winner = self.winners.get(houses)
            if winner is None:
                self.deciders_needed.append((group[0].house, group[1].house))
                return DECIDER_NEEDED
            group.sort(key=lambda t: t.house != winner)
            return DECIDER
        lot = self.stored.get(houses) or (draw_lots(houses, self.dice) if self.dice else None)
        if lot is None:
            self.lots_needed.append(tuple(t.house for t in group))
            return LOTS_NEEDED
        group.sort(key=lambda t: lot.order.index(t.house))
        self.lots.append(lot)
        return LOTS


def _tally(
    houses: Sequence[str], results: Iterable[GameResult], frauds: Iterable[Fraud]
) -> list[_Tally]:
    tallies = {house: _Tally(house) for house in houses}
    if len(tallies) != len(houses):
        raise ValueError("every house takes part once")
    played: dict[str, GameResult] = {}
    for result in results:
        if result.game in played:
            raise ValueError(f"{result.game} has two results")
        played[result.game] = result
        for index, side in enumerate(result.sides):
            if side.house not in tallies:
                raise ValueError(f"{side.house} ({result.game}) does not play in this cup")
            outcome = 0 if result.winner is None else (1 if result.winner == index else -1)
            tallies[side.house].add(side, outcome)
    for fraud in frauds:
        result = played.get(fraud.game)
        if result is None:
            continue  # the points come off once the game has its result
        if fraud.house not in result.houses:
            raise ValueError(f"{fraud.house} did not play {fraud.game}")
        tally = tallies[fraud.house]
        tally.points -= POINTS_LOST
        tally.points_deducted += POINTS_LOST
    return list(tallies.values())


def _level_groups(ranked: list[_Tally]) -> list[list[_Tally]]:
    groups: list[list[_Tally]] = []
    for tally in ranked:
        if groups and groups[-1][0].level_key == tally.level_key:
            groups[-1].append(tally)
        else:
            groups.append([tally])
    return groups


def _ahead(above: _Tally, below: _Tally) -> str:
    """Which criterion puts ``above`` ahead of ``below``, which is not level with it."""
    if above.points != below.points:
        return POINTS
    if above.snitch_catches != below.snitch_catches:
        return SNITCH_CATCHES
    return GOALS_CONCEDED
