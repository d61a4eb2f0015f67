"""What one cup game can give: its possible results, and a house's place as one number.

A ruleset that plays cups states the bounds of a game's score
(``cup_score_bounds``, see :mod:`league.cups`): how a team's points follow
from its goals and the snitch, and how many goals both teams together score
at most in one game, without and with a catch. A Chat-Quidditch game has at
most two goals a round over ten rounds, one fewer when the snitch is caught
(``docs/rules/league.md`` derives it from the text), so every result of a
game of the halves is among :meth:`ScoreBounds.outcomes`.

What a game adds to a house's place in the table is a key
(:func:`league.rules.standings.key`): the proofs of :mod:`league.rules.clinch`
and the seasons of :mod:`league.rules.simulation` add and compare integers,
in the table's own order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import cached_property

from .standings import key


@dataclass(frozen=True)
class Outcome:
    """One possible result of a game: each side's goals, who caught the snitch (a side's
    index or None), each side's points, and the winner (a side's index or None)."""

    goals: tuple[int, int]
    catcher: int | None
    points: tuple[int, int]
    winner: int | None

    def gain(self, side: int) -> int:
        """What the game adds to the key of ``side`` (0 home, 1 away)."""
        return key(self.points[side], int(self.catcher == side), self.goals[1 - side])

    def decided_winner(self) -> int | None:
        """Who wins it as a final or a decider (§8.2): a draw goes to the snitch catcher;
        a draw without a catch is extended, so it decides nothing yet."""
        return self.winner if self.winner is not None else self.catcher


@dataclass(frozen=True)
class ScoreBounds:
    """How a cup game's points are made, and the most goals a game can have.

    ``most_goals`` and ``most_goals_with_snitch`` count both teams' goals together;
    ``None`` means the rules set no bound (the game runs until the snitch is caught).
    """

    goal_points: int
    snitch_points: int
    win_bonus: int
    most_goals: int | None
    most_goals_with_snitch: int | None

    @classmethod
    def from_json(cls, data: dict) -> ScoreBounds:
        return cls(
            goal_points=data["goal_points"],
            snitch_points=data["snitch_points"],
            win_bonus=data["win_bonus"],
            most_goals=data["most_goals"],
            most_goals_with_snitch=data["most_goals_with_snitch"],
        )

    def to_json(self) -> dict:
        return asdict(self)

    @property
    def bounded(self) -> bool:
        return self.most_goals is not None and self.most_goals_with_snitch is not None

    def outcome(self, goals: Sequence[int], catcher: int | None) -> Outcome:
        """The result of a game with these goals and this catch, points as the rules give them."""
        score = [
            g * self.goal_points + self.snitch_points * (catcher == i) for i, g in enumerate(goals)
        ]
        winner = None if score[0] == score[1] else int(score[1] > score[0])
        points = tuple(s + self.win_bonus * (winner == i) for i, s in enumerate(score))
        return Outcome((goals[0], goals[1]), catcher, points, winner)

    def outcomes(self, *, unbounded: int = 0) -> Iterator[Outcome]:
        """Every result a game can have. Where the rules set no bound, each side scores at
        most ``unbounded`` goals: the caller chooses a number past every gap that matters."""
        for catcher in (None, 0, 1):
            most = self.most_goals if catcher is None else self.most_goals_with_snitch
            for home in range((unbounded if most is None else most) + 1):
                for away in range((unbounded if most is None else most - home) + 1):
                    yield self.outcome((home, away), catcher)


@dataclass(frozen=True)
class Extremes:
    """The results of one game that matter to the proofs, as pairs of key gains
    ``(gain of one side, gain of the other)``; games are alike whoever is at home."""

    bounds: ScoreBounds
    unbounded: int

    @cached_property
    def _gains(self) -> list[tuple[int, int]]:
        pairs = {(o.gain(0), o.gain(1)) for o in self.bounds.outcomes(unbounded=self.unbounded)}
        return sorted(pairs | {(b, a) for a, b in pairs})

    @cached_property
    def most(self) -> int:
        """The most one side can gain."""
        return max(a for a, _ in self._gains)

    @cached_property
    def least(self) -> int:
        """The least one side can gain (nothing scored, the most conceded)."""
        return min(a for a, _ in self._gains)

    @cached_property
    def opponent_of_most(self) -> int:
        """What the other side gains when one side gains the most."""
        return min(b for a, b in self._gains if a == self.most)

    @cached_property
    def both_up(self) -> tuple[tuple[int, int], ...]:
        """The results no other beats for both sides at once (both want to climb)."""
        return pareto(self._gains, (1, 1))

    @cached_property
    def both_down(self) -> tuple[tuple[int, int], ...]:
        """The results no other beats for both sides at once (both want to stay down)."""
        return pareto(self._gains, (-1, -1))

    @cached_property
    def one_up_one_down(self) -> tuple[tuple[int, int], ...]:
        """The first side wants to climb, the other to stay down."""
        return pareto(self._gains, (1, -1))


def pareto(points: Iterable[tuple[int, ...]], senses: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The points no other point beats: better or equal in every coordinate (``senses``:
    1 where more is better, -1 where less is) and better in one. Duplicates go."""
    oriented = sorted(
        {tuple(s * v for s, v in zip(senses, p, strict=True)) for p in points}, reverse=True
    )
    kept: list[tuple[int, ...]] = []
    if len(senses) == 2:  # sorted by the first, a point stays if it beats all kept on the second
        for candidate in oriented:
            if not kept or candidate[1] > kept[-1][1]:
                kept.append(candidate)
    else:
        for candidate in oriented:
            if not any(all(k >= c for k, c in zip(o, candidate, strict=True)) for o in kept):
                kept.append(candidate)
    return tuple(tuple(s * v for s, v in zip(senses, p, strict=True)) for p in kept)
