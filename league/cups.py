"""What a ruleset gives the house cup: the league's protocol, which a ruleset takes part in.

The platform's :class:`games.ruleset.Ruleset` knows nothing of cups. A ruleset
whose games a house cup may be played by implements the three methods of
:class:`CupRules`; the league finds those rulesets in the registry by this
protocol (``isinstance``), so adding a game that plays cups touches neither
the platform nor the league.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from django.conf import settings

from games.ruleset import find_ruleset, package_of, ruleset_names
from league.rules.bounds import ScoreBounds


@runtime_checkable
class CupRules(Protocol):
    """A ruleset a house cup may be played by (docs/rules/league.md)."""

    name: str

    def cup_config(self, config: dict, *, final: bool) -> dict:
        """The config of a cup game: what a game of the halves, or a final or a
        decider (``final``), is played by."""
        ...

    def cup_result(self, state: dict[str, Any]) -> dict | None:
        """The finished game's result in the cup's terms: ``teams``, home first, each with
        ``goals``, ``goals_conceded``, ``snitch`` (caught) and ``points``, and ``winner``,
        the winning team's index or ``None`` for a draw; ``None`` while it runs."""
        ...

    def cup_score_bounds(self) -> dict:
        """The most and the least a game of the halves can give, for the cup's proofs of
        clinched and eliminated places: ``goal_points``, ``snitch_points`` and
        ``win_bonus`` (how a team's points follow from its goals and the snitch), and
        ``most_goals`` and ``most_goals_with_snitch``, the goals both teams together
        score at most in one game without and with a snitch catch (``None``: no bound).
        Read by :meth:`league.rules.bounds.ScoreBounds.from_json`."""
        ...


def cup_rulesets() -> list[str]:
    """The names of the registered rulesets a house cup may be played by."""
    return [name for name in ruleset_names() if isinstance(find_ruleset(name), CupRules)]


def default_cup_ruleset() -> str:
    """The ruleset of a cup year that names none: the first game of the project's list of
    games (``settings.GAMES``) that plays cups, or ``""`` if none does.

    No game is named here: the list decides, so that a storyguide who leaves the choice
    out gets the cup of the project's first cup game (today Chat-Quidditch, whose §8 is
    the house cup), and a project without it still gets one of its own cup games.
    """
    order = {package: place for place, package in enumerate(settings.GAMES)}
    names = sorted(cup_rulesets(), key=lambda name: (order.get(package_of(name), len(order)), name))
    return names[0] if names else ""


def cup_rules(name: str) -> CupRules:
    """The ruleset a cup year names; ``KeyError`` if it plays no cups."""
    rules = find_ruleset(name)
    if not isinstance(rules, CupRules):
        raise KeyError(name)
    return rules


def score_bounds(name: str) -> ScoreBounds:
    """The bounds of a game's score under the ruleset a cup year names."""
    return ScoreBounds.from_json(cup_rules(name).cup_score_bounds())
