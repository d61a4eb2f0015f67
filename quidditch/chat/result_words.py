"""A match's end in one sentence: who won and why, with the score's parts (§7, issue 39).

The points are counted as the rules count them: 10 a goal (a free throw after
a foul is a goal like any other, §5.5.3, §5.5.6.2: a foul costs no points of
its own), 50 for the snitch (§5.7.2), 100 for the winner (§7; in a final a
draw goes to the snitch's team, and the bonus with it, §8.2). The sentence
reads ``ending.result`` (the API's ``result``): "Gryffindor wins 160 to 10,
the snitch was caught in round 7: 1 × 10 for goals, 50 for the snitch and 100
for the win (§7); Slytherin: 1 × 10 for goals."
"""

from __future__ import annotations

from core.errors import gettext_noop as _

from .rules.seekers import SNITCH_POINTS
from .rules.shots import GOAL_POINTS
from .words import TEXTS

ENDINGS = {
    "snitch": _("the snitch was caught in round {round}"),
    "rounds": _("after round {round}, the last"),
    "agreement": _("ended by agreement in round {round}"),
}
WINS = _("{house} wins {points} to {other}, {ending}: {parts}; {loser}: {loser_parts}.")
DRAW = _(
    "A draw, {points} to {other}, {ending}: {house}: {parts}; {other_house}: {other_parts}; "
    "a draw gives no bonus (§7)."
)
GOALS = _("{count} × {each} for goals")
SNITCH = _("{points} for the snitch")
BONUS = _("{points} for the win (§7)")
FINAL_BONUS = _("{points} for the win, as a final's draw goes to the snitch's team (§8.2)")
NO_POINTS = _("no points")
AND = _("{items} and {last}")


def sentence(result: dict, language: str) -> str:
    """Who won and why, in ``language``, from a finished match's ``result``."""
    teams = result["teams"]
    ending = TEXTS.say(language, ENDINGS[result["ended_by"]], round=result["rounds_played"])
    won = result["winner"]
    if won is None:
        first, second = teams
        return TEXTS.say(
            language,
            DRAW,
            points=first["points"],
            other=second["points"],
            ending=ending,
            house=first["house"],
            parts=_parts(first, teams, language),
            other_house=second["house"],
            other_parts=_parts(second, teams, language),
        )
    winner, loser = teams[won], teams[1 - won]
    return TEXTS.say(
        language,
        WINS,
        house=winner["house"],
        points=winner["points"],
        other=loser["points"],
        ending=ending,
        parts=_parts(winner, teams, language),
        loser=loser["house"],
        loser_parts=_parts(loser, teams, language),
    )


def _parts(team: dict, teams: list[dict], language: str) -> str:
    """A team's points, part by part: "1 × 10 for goals, 50 for the snitch and 100 ..."."""
    parts = []
    if team["goals"]:
        parts.append(TEXTS.say(language, GOALS, count=team["goals"], each=GOAL_POINTS))
    if team["snitch"]:
        parts.append(TEXTS.say(language, SNITCH, points=SNITCH_POINTS))
    if team["bonus"]:
        drawn = len({t["points"] - t["bonus"] for t in teams}) == 1  # won on the snitch, §8.2
        parts.append(TEXTS.say(language, FINAL_BONUS if drawn else BONUS, points=team["bonus"]))
    if not parts:
        return TEXTS.say(language, NO_POINTS)
    if len(parts) == 1:
        return parts[0]
    return TEXTS.say(language, AND, items=", ".join(parts[:-1]), last=parts[-1])
