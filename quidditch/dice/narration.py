"""The log as the players would say it, in French, German and English (``texts``): the
transcript and the ending the game's words (``words.DiceWords``) say as their own."""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import fill

from .texts import LANGUAGES, SIDES, TEXTS, die_name, die_object

LINES = {
    "roll_off_tied": _("Roll-off: %(red)s to %(blue)s, a tie: both roll again."),
    "roll_off": _("Roll-off: Red %(red)s, Blue %(blue)s. %(attack)s attacks first."),
    "round_started": _("Round %(round)s: %(attack)s attacks, %(defence)s defends."),
    "rolled": _("%(side)s rolls: %(dice)s."),
    "placed": _("%(side)s puts %(die)s on row %(row)s."),
    "set_aside": _("%(side)s sets %(die)s aside: row %(row)s is full."),
    "turn_ended": _("%(side)s ends the turn."),
    "round_scored": _(
        "%(side)s scores goal points +%(goal_points)s, snitch points +%(snitch_points)s; "
        "in all, goal points %(goals)s, snitch points %(snitch)s."
    ),
    "snitch_caught": _("%(side)s catches the snitch: %(bonus)s more goal points."),
    "game_over": _("Game over: Red %(red)s, Blue %(blue)s. %(outcome)s"),
}
OUTCOMES = {"win": _("%(winner)s wins!"), "draw": _("A draw.")}
ROLLED_DIE = _("%(name)s = %(face)s (row %(row)s)")


def _line(event: dict, language: str) -> str:
    fields = dict(event)
    for name in ("side", "attack", "defence", "winner"):
        if event.get(name) in SIDES:
            fields[name] = TEXTS.say(language, SIDES[event[name]])
    if "die" in event:
        fields["die"] = die_object(event["die"], language)
    if event["type"] == "rolled":
        fields["dice"] = ", ".join(
            TEXTS.say(language, ROLLED_DIE, **rolled, name=die_name(rolled["die"], language))
            for rolled in event["dice"]
        )
    if event["type"] == "game_over":
        outcome = OUTCOMES["win" if event["winner"] else "draw"]
        fields["outcome"] = TEXTS.say(language, outcome, winner=fields["winner"])
    return TEXTS.say(language, LINES[event["type"]], **fields)


#: Who won and why (LA VICTOIRE): the most goal points win, the catch's bonus counted
#: in them; catching the snitch ends the game but does not decide it by itself. Each
#: sentence in the form for the catcher's snitch points ("1 snitch point").
ENDINGS = {
    "catcher_wins": lambda n, language: TEXTS.ngettext(
        "%(winner)s wins on goal points, %(goals)s to %(other_goals)s, the catch's bonus "
        "included: %(catcher)s caught the snitch in round %(round)s, with %(snitch)s snitch "
        "point to %(other_snitch)s.",
        "%(winner)s wins on goal points, %(goals)s to %(other_goals)s, the catch's bonus "
        "included: %(catcher)s caught the snitch in round %(round)s, with %(snitch)s snitch "
        "points to %(other_snitch)s.",
        n,
        language,
    ),
    "catcher_loses": lambda n, language: TEXTS.ngettext(
        "%(winner)s wins on goal points, %(goals)s to %(other_goals)s, although %(catcher)s caught "
        "the snitch in round %(round)s, with %(snitch)s snitch point to %(other_snitch)s, and "
        "took the catch's bonus.",
        "%(winner)s wins on goal points, %(goals)s to %(other_goals)s, although %(catcher)s caught "
        "the snitch in round %(round)s, with %(snitch)s snitch points to %(other_snitch)s, and "
        "took the catch's bonus.",
        n,
        language,
    ),
    "draw": lambda n, language: TEXTS.ngettext(
        "A draw, %(goals)s goal points each, the catch's bonus included: %(catcher)s caught "
        "the snitch in round %(round)s, with %(snitch)s snitch point to %(other_snitch)s.",
        "A draw, %(goals)s goal points each, the catch's bonus included: %(catcher)s caught "
        "the snitch in round %(round)s, with %(snitch)s snitch points to %(other_snitch)s.",
        n,
        language,
    ),
}


class DiceNarration:
    """The transcript: each event as a line in every language, and the ending."""

    def narrate(self, event: dict) -> dict[str, str]:
        return {language: _line(event, language) for language in LANGUAGES}

    def ending(self, result: dict, language: str) -> str:
        """The game's end in one sentence: the winner, both sides' goal points, who caught
        the snitch and when, and both sides' snitch points. Only the catcher can have
        reached the snitch points that end the game (each round ends with the attack's
        total checked), so the side with more of them is the catcher."""
        goals, snitch, winner = result["goals"], result["snitch"], result["winner"]
        catcher = max(snitch, key=snitch.get)
        other = next(side for side in snitch if side != catcher)
        leader = winner or catcher
        trailer = next(side for side in goals if side != leader)
        case = (
            "draw" if winner is None else "catcher_wins" if winner == catcher else "catcher_loses"
        )
        return fill(
            ENDINGS[case](snitch[catcher], language),
            {
                "winner": winner and TEXTS.say(language, SIDES[winner]),
                "catcher": TEXTS.say(language, SIDES[catcher]),
                "goals": goals[leader],
                "other_goals": goals[trailer],
                "snitch": snitch[catcher],
                "other_snitch": snitch[other],
                "round": result["rounds"],
            },
        )
