"""The finals and the final placing (§8.2).

After the second half the two teams with the most points play for the cup
and the next two for third place. A final drawn at the end goes to the team
that caught the snitch; with no snitch the match engine extends it (its
``final`` setting), so this module only reads the finals' results.

With more than four houses the teams below place 4 keep their place in the
table; with three houses there is no game for third place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from .results import GameResult
from .standings import Standings

CUP_FINAL = "cup-final"
THIRD_PLACE_FINAL = "third-place-final"


@dataclass(frozen=True)
class Final:
    """A final: ``key`` names its game, ``places`` the two places it decides."""

    key: str
    teams: tuple[str, str]
    places: tuple[int, int]

    def to_json(self) -> dict:
        return {"key": self.key, "teams": list(self.teams), "places": list(self.places)}


@dataclass(frozen=True)
class Placing:
    """The cup year's final order, house by house from place 1."""

    order: tuple[str, ...]

    def to_json(self) -> list[dict]:
        return [{"place": place, "house": house} for place, house in enumerate(self.order, 1)]


def finals(table: Standings) -> tuple[Final, ...]:
    """Who plays which final; refused while the table still needs a game, a decider or lots."""
    if not table.settled:
        raise RuleViolation(
            "finals_not_ready",
            _(
                "the finals follow the second half once the places 2 and 3 are decided "
                "(snitch catches, goals conceded, a decider game or lots)"
            ),
            "§8.2",
        )
    order = table.order
    planned = [Final(CUP_FINAL, (order[0], order[1]), (1, 2))]
    if len(order) >= 4:
        planned.append(Final(THIRD_PLACE_FINAL, (order[2], order[3]), (3, 4)))
    return tuple(planned)


def final_placing(table: Standings, results: Mapping[str, GameResult]) -> Placing:
    """Places 1 to 4 from the finals' ``results`` (by final key), the rest from the table."""
    order = list(table.order)
    for final in finals(table):
        result = results.get(final.key)
        if result is None:
            raise RuleViolation(
                "final_not_played",
                _("%(final)s has no result yet"),
                "§8.2",
                params={"final": final.key},
            )
        if set(result.houses) != set(final.teams):
            raise ValueError(f"{final.key} is {' v '.join(final.teams)}, not {result.houses}")
        winner = result.decided_winner()
        loser = final.teams[1] if winner == final.teams[0] else final.teams[0]
        order[final.places[0] - 1 : final.places[1]] = [winner, loser]
    return Placing(tuple(order))
