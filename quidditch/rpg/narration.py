"""The log as the storyguide would narrate the match, in English, German and French.

Every event names its players and houses, so that a line reads without the state. The
transcript is a part of the game's words: :class:`RpgNarration` is a mixin of
:class:`.words.RpgWords`, saying each line from the words' catalogue in their languages,
so that this module need not import the one that imports it.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import fill

from .rules.turn import GOAL, SNITCH

ROLL = _("(%(first)s and %(second)s, total %(total)s against %(difficulty)s)")
OPEN_ROLL = _("(%(first)s and %(second)s, total %(total)s)")
"""A seeker's roll, which has no difficulty of its own."""
SCORE = "%(home_house)s %(home)s, %(away_house)s %(away)s"
"""The score, no text of the catalogue: houses' names and points read the same in every language."""

LINES = {
    "chose": _("%(name)s has chosen."),
    "referee_distracted": _("Madam Hooch looks elsewhere in turn %(turn)s."),
    "shot": (
        _("%(name)s shoots %(roll)s: past the keeper."),
        _("%(name)s shoots %(roll)s: saved."),
    ),
    "penalty_shot": (
        _("%(name)s takes the penalty shot %(roll)s: it goes in."),
        _("%(name)s takes the penalty shot %(roll)s: saved."),
    ),
    "goal": _("Goal by %(name)s! %(score)s."),
    "penalty_goal": _("Penalty goal by %(name)s! %(score)s."),
    "foul_unseen": _("Madam Hooch misses the foul on %(house)s: no penalty shot."),
    "left_the_match": _("%(name)s has no Health left and leaves the match."),
    "snitch_caught": _("%(name)s catches the snitch for %(house)s! %(score)s."),
    "snitch_escaped": _("The snitch escapes."),
    "turn_started": _("Turn %(turn)s."),
}
BLUDGER = {
    False: _("%(name)s sends a bludger at %(target)s %(roll)s: %(outcome)s."),
    True: _("%(name)s sends a bludger at %(target)s %(roll)s: %(outcome)s, and a foul."),
}
"""A bludger, without and with a foul."""
BLUDGER_OUTCOMES = {
    "hit": _("a hit"),
    "blocked": _("a hit, and the goal is blocked"),
    "miss": _("a miss"),
}
SEEKER = {
    "catch": _("%(name)s dives for the snitch %(roll)s."),
    "interfere": _("%(name)s gets in the other seeker's way %(roll)s."),
}
GAME_OVER = {
    "win": _("Game over: %(score)s. %(house)s wins."),
    "draw": _("Game over: %(score)s. A draw."),
}

#: Who won and why, in two parts: the score and the house points the winner earns (the
#: difference of the scores), then how the score was made: the snitch's 150 points, and
#: the goals, 10 points each (penalty goals among them).
OUTCOMES = {
    "win": _(
        "%(winner)s wins %(score)s to %(other_score)s and earns %(house_points)s house points"
    ),
    "draw": _("A draw, %(score)s points each, and no house points"),
}
WHY = {
    "caught_by_winner": _(
        "%(catcher)s caught the snitch for 150 points, with goals at %(goals)s to %(other_goals)s "
        "(10 points each)"
    ),
    "caught_by_loser": _(
        "goals at %(goals)s to %(other_goals)s (10 points each), although %(catcher)s caught the "
        "snitch for 150 points"
    ),
}
ENDING = _("%(outcome)s: %(why)s.")


class RpgNarration:
    """The transcript: each event as a line in every language, and the ending, said by the
    game's words (:class:`games.words.Words`: their ``say`` and ``languages``)."""

    def narrate(self, event: dict) -> dict[str, str]:
        return {language: self._line(event, language) for language in self.languages}

    def _line(self, event: dict, language: str) -> str:
        fields = dict(event)
        if "faces" in event:
            first, second = event["faces"]
            roll = ROLL if event["difficulty"] is not None else OPEN_ROLL
            fields["roll"] = self.say(language, roll, first=first, second=second, **event)
        if "score" in event:
            fields["score"] = fill(
                SCORE,
                {
                    **{f"{side}_house": house for side, house in event["houses"].items()},
                    **event["score"],
                },
            )
        kind = event["type"]
        if kind == "snitch_caught":
            fields["house"] = event["houses"][event["side"]]
        if kind in ("shot", "penalty_shot"):
            success, failure = LINES[kind]
            return self.say(language, success if event["success"] else failure, **fields)
        if kind == "bludger":
            outcome = "blocked" if event["blocked"] else ("hit" if event["success"] else "miss")
            fields["outcome"] = self.say(language, BLUDGER_OUTCOMES[outcome])
            fields["target"] = event["target_name"]
            return self.say(language, BLUDGER[event["foul"]], **fields)
        if kind == "seeker":
            return self.say(language, SEEKER[event["play"]], **fields)
        if kind == "game_over":
            if event["winner"] is None:
                return self.say(language, GAME_OVER["draw"], **fields)
            return self.say(
                language, GAME_OVER["win"], house=event["houses"][event["winner"]], **fields
            )
        return self.say(language, LINES[kind], **fields)

    def ending(self, result: dict, language: str) -> str:
        """The match's end in one sentence: the winner, the score and the house points, then
        who caught the snitch and each side's goals, the winner's (the catcher's, in a draw)
        first."""
        score, catcher = result["score"], result["caught_by"]
        houses = {team["side"]: team["house"] for team in result["teams"]}
        leader = result["winner"] or catcher
        trailer = next(side for side in score if side != leader)
        goals = {
            side: (points - SNITCH * (side == catcher)) // GOAL for side, points in score.items()
        }
        outcome = self.say(
            language,
            OUTCOMES["win" if result["winner"] else "draw"],
            winner=houses[leader],
            score=score[leader],
            other_score=score[trailer],
            house_points=result["house_points"],
        )
        why = self.say(
            language,
            WHY["caught_by_winner" if catcher == leader else "caught_by_loser"],
            catcher=houses[catcher],
            goals=goals[leader],
            other_goals=goals[trailer],
        )
        return self.say(language, ENDING, outcome=outcome, why=why)
