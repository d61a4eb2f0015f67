"""The log as a referee would call it, in German, English and French.

Every event that names a player or a side carries the teams' names (``teams``),
so a line needs nothing but the event. Players are called as the board numbers
them ("Gryffindor chaser 3"), squares by their coordinates ("(12, 7)"), and
bludgers 1 and 2 as the board labels them. The lines are English keys of the
package's catalogues, read as :mod:`.texts` reads them. The transcript is part of
the game's words, which inherit it (:class:`TabletopNarration`); this module imports
nothing of theirs, so that they import it and not the other way round.
"""

from __future__ import annotations

from core.errors import gettext_noop as _

from .rules.ending import SNITCH
from .rules.teams import SIDES, other, side_of
from .texts import HOOPS, LANGUAGES, PURPOSES, TEXTS, capital, direction, player, square, team

REASONS = {
    "choice": _("by choice"),
    "done": _("every player has had their go"),
    "foul": _("a foul"),
    "goal": _("a goal"),
    "dropped": _("the quaffle is dropped"),
    "lost_possession": _("possession is lost"),
    "intercepted": _("an interception"),
    "saved": _("the shot is saved"),
    "knocked_off": _("a player is knocked off the broom"),
}
FOULS = {
    "tackle": _("a foul tackle"),
    "snitch": _("touching the snitch"),
    "quaffle": _("touching the quaffle"),
}
INJURIES = {
    1: _("knocked off the broom"),
    2: _("injured, one square slower"),
    3: _("injured, one less on every roll"),
    4: _("dazed"),
    5: _("knocked off course"),
    6: _("to be moved by the other side"),
}
ENDINGS = {
    "snitch": _("the snitch is caught"),
    "concession": _("a concession"),
    "no_seekers": _("no seeker is left to catch the snitch"),
}
LINES = {
    "first_phase_roll": _("First-phase roll: %(home)s %(home_roll)s, %(away)s %(away_roll)s."),
    "balls_released": _("The balls are released; %(team)s plays the first phase."),
    "phase_begins": _("Phase %(number)s: %(team)s to play."),
    "next_phase": _("%(team)s plays the next phase."),
    "phase_ends": _("The phase of %(team)s ends: %(reason)s."),
    "moves": _("%(who)s flies %(squares)s squares to %(to)s."),
    "moves:one": _("%(who)s flies one square to %(to)s."),
    "star_sets": _("%(who)s, the star player, sets a die of %(purpose)s to %(result)s."),
    "knocked": _("%(who)s is knocked %(squares)s squares %(direction)s, to %(to)s."),
    "knocked:one": _("%(who)s is knocked one square %(direction)s, to %(to)s."),
    "knocked:boundary": _(
        "%(who)s is knocked %(squares)s squares %(direction)s against the boundary, to %(to)s."
    ),
    "knocked:boundary:one": _("%(who)s is knocked %(direction)s against the boundary, at %(to)s."),
    "dazed": _("%(who)s is dazed."),
    "knocked_off": _("%(who)s is knocked off the broom and out of the match."),
    "gains_quaffle": _("%(who)s gains the quaffle."),
    "quaffle_loose": _("The quaffle goes loose at %(at)s and drifts %(drift)s: it lies at %(to)s."),
    "quaffle_loose:stays": _("The quaffle goes loose at %(at)s and stays there."),
    "catch:success": _("%(who)s catches the quaffle: %(result)s against %(needed)s."),
    "catch:failure": _("%(who)s fails to catch the quaffle: %(result)s against %(needed)s."),
    "pass:success": _(
        "%(who)s passes %(squares)s squares to %(whom)s: %(result)s against %(needed)s."
    ),
    "pass:failure": _(
        "%(who)s passes %(squares)s squares to %(whom)s and misses: %(result)s against %(needed)s."
    ),
    "pass:success:one": _("%(who)s passes to %(whom)s beside them: %(result)s against %(needed)s."),
    "pass:failure:one": _(
        "%(who)s passes to %(whom)s beside them and misses: %(result)s against %(needed)s."
    ),
    "interception:success": _("%(who)s intercepts the pass: %(result)s against %(needed)s."),
    "interception:failure": _("%(who)s fails to intercept: %(result)s against %(needed)s."),
    "shot": _("%(who)s shoots at %(hoop)s from the shooting zone, %(squares)s squares away."),
    "shot:success": _(
        "%(who)s shoots at %(hoop)s from %(squares)s squares: %(result)s against %(needed)s."
    ),
    "shot:failure": _(
        "%(who)s shoots at %(hoop)s from %(squares)s squares and misses: "
        "%(result)s against %(needed)s."
    ),
    "roll_off": _("%(who)s rolls %(chaser)s, %(whom)s rolls %(keeper)s."),
    "save:success": _("%(who)s saves and holds the quaffle: %(result)s against %(needed)s."),
    "save:failure": _("%(who)s saves but cannot hold the quaffle: %(result)s against %(needed)s."),
    "repelled": _("%(who)s repels the quaffle %(squares)s squares %(direction)s, to %(to)s."),
    "repelled:one": _("%(who)s repels the quaffle one square %(direction)s, to %(to)s."),
    "goal": _("Goal by %(who)s! %(home)s %(home_score)s, %(away)s %(away_score)s."),
    "free_moves": _("Every player may take a free move before the restart."),
    "free_moves_done": _("%(team)s has taken its free moves."),
    "foul": _("Foul by %(who)s: %(kind)s. A penalty shot follows."),
    "no_penalty": _("%(team)s has no chaser left to take the penalty."),
    "penalty": _("%(who)s takes the penalty from the centre circle and reaches %(to)s."),
    "tackle": _("%(who)s tackles %(whom)s: %(result)s."),
    "bad_tackle": _("A bad tackle: %(who)s gains the advantage against %(whom)s."),
    "bludger_flies": _("Bludger %(bludger)s flies at %(whom)s."),
    "bludger_lands": _("Bludger %(bludger)s comes to rest at %(to)s."),
    "bludger_contact": _("Bludger %(bludger)s reaches %(who)s."),
    "dodge:success": _("%(who)s dodges the bludger: %(result)s against %(needed)s."),
    "dodge:failure": _("%(who)s fails to dodge the bludger: %(result)s against %(needed)s."),
    "injury": _("%(who)s is hit (%(result)s): %(injury)s."),
    "bludger_hit:success": _("%(who)s hits bludger %(bludger)s: %(result)s."),
    "bludger_hit:failure": _("%(who)s swings at bludger %(bludger)s and misses: %(result)s."),
    "bludger_sent": _("Bludger %(bludger)s flies %(squares)s squares %(direction)s."),
    "bludger_sent:one": _("Bludger %(bludger)s flies one square %(direction)s."),
    "seeker_looks": _("%(who)s looks for the snitch: %(faces)s, %(total)s in all."),
    "seeker_spots:success": _("%(who)s sees the snitch: %(result)s against %(needed)s."),
    "seeker_spots:failure": _("%(who)s does not see the snitch: %(result)s against %(needed)s."),
    "snitch_appears": _("The snitch appears at %(to)s."),
    "snitch_flies": _("The snitch flies %(squares)s squares %(direction)s, to %(to)s."),
    "snitch_flies:hovers": _("The snitch hovers at %(to)s."),
    "snitch_caught": _("%(who)s catches the snitch: %(points)s points!"),
    "concedes": _("%(team)s concedes: %(points)s points go to the other side."),
    "end_proposed": _("%(team)s proposes to end the match."),
    "end_answered:success": _("%(team)s agrees to end the match: the snitch is released."),
    "end_answered:failure": _("%(team)s wants to play on."),
    "dice_stand": _("%(team)s lets the dice stand."),
    "reroll": _("The captain of %(team)s re-rolls a die that showed %(face)s."),
    "match_over": _(
        "The match is over, %(how)s: %(home)s %(home_score)s, %(away)s %(away_score)s. %(outcome)s"
    ),
}
OUTCOME = {
    "catch": "caught",
    "pass": "passed",
    "interception": "caught",
    "save": "clean",
    "dodge": "dodged",
    "bludger_hit": "struck",
    "seeker_spots": "seen",
    "end_answered": "accepted",
}
"""The field of an event that says whether the roll succeeded (``:success``, ``:failure``)."""
WINS, DRAW = _("%(winner)s wins!"), _("A draw.")


def _line(event: dict, language: str) -> str:
    fields = dict(event)
    teams = event.get("teams")
    for key, name in (("player", "who"), ("target", "whom")):
        if event.get(key):
            fields[name] = player(teams, event[key], language)
    if "side" in event:
        fields["team"] = team(teams, event["side"], language)
    for key in ("to", "at"):
        if key in event:
            fields[key] = square(event[key])
    if "direction" in event:
        fields["direction"] = direction(event["direction"], language)
    if "bludger" in event:
        fields["bludger"] = event["bludger"] + 1
    key = _variant(event)
    if event.get("squares") == 1 and f"{key}:one" in LINES:
        key += ":one"
    fields.update(_details(event, teams, language))
    return TEXTS.say(language, LINES[key], **fields)


def _variant(event: dict) -> str:
    """The line's key: some read differently by outcome."""
    kind = event["type"]
    if kind == "shot":
        return (
            kind if not event["tested"] else f"shot:{_outcome(event['result'] >= event['needed'])}"
        )
    if kind in OUTCOME:
        return f"{kind}:{_outcome(event[OUTCOME[kind]])}"
    if kind == "knocked" and event["boundary"]:
        return "knocked:boundary"
    if kind == "quaffle_loose" and event["at"] == event["to"]:
        return "quaffle_loose:stays"
    if kind == "snitch_flies" and event["direction"] == "hit":
        return "snitch_flies:hovers"
    return kind


def _outcome(succeeded: bool) -> str:
    return "success" if succeeded else "failure"


def _details(event: dict, teams: dict | None, language: str) -> dict:
    """What a line says beyond the event's own fields."""
    kind = event["type"]
    if kind == "phase_ends":
        return {"reason": TEXTS.say(language, REASONS[event["reason"]])}
    if kind == "foul":
        return {"kind": TEXTS.say(language, FOULS[event["kind"]])}
    if kind == "injury":
        return {"injury": TEXTS.say(language, INJURIES[event["result"]])}
    if kind == "shot":
        return {"hoop": TEXTS.say(language, HOOPS[event["hoop"]])}
    if kind == "star_sets":
        return {"purpose": TEXTS.say(language, PURPOSES[event["purpose"]])}
    if kind == "quaffle_loose":
        return {"drift": direction(event["drift"], language)}
    if kind == "seeker_looks":
        return {"faces": ", ".join(str(face) for face in event["faces"])}
    if kind == "first_phase_roll":
        return {**_sides(teams, language), "home_roll": event["home"], "away_roll": event["away"]}
    if kind == "goal":
        score = event["score"]
        return {
            **_sides(teams, language),
            "home_score": score["home"],
            "away_score": score["away"],
        }
    if kind == "match_over":
        winner = event["winner"]
        outcome = (
            TEXTS.say(language, WINS, winner=team(teams, winner, language))
            if winner
            else TEXTS.say(language, DRAW)
        )
        return {
            **_sides(teams, language),
            "home_score": event["home"],
            "away_score": event["away"],
            "how": TEXTS.say(language, ENDINGS[event["how"]]),
            "outcome": outcome,
        }
    return {}


def _sides(teams: dict, language: str) -> dict:
    return {side: team(teams, side, language) for side in ("home", "away")}


#: Who won and why, in two parts: the score, then how the match ended with the score's
#: parts (a goal is 10 points; the snitch 150, caught or given by a concession).
OUTCOMES = {
    "win": _("%(winner)s wins %(score)s to %(other_score)s"),
    "draw": _("A draw, %(score)s points each"),
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
    "concession": _(
        "the match was conceded, which gives the snitch's 150 points to the side that did "
        "not concede, with goals at %(goals)s to %(other_goals)s (10 points each)"
    ),
    "no_seekers": _(
        "no seeker was left to catch the snitch, with goals at %(goals)s to %(other_goals)s "
        "(10 points each)"
    ),
}
ENDING = _("%(outcome)s: %(why)s.")


class TabletopNarration:
    """The transcript, as the game's words (:class:`.words.TabletopWords`) say it: each
    event as a line in every language, and the match's end in one sentence."""

    def narrate(self, event: dict) -> dict[str, str]:
        return {language: capital(_line(event, language)) for language in LANGUAGES}

    def ending(self, result: dict, language: str) -> str:
        """The match's end in one sentence: the winner and the score, then why: who caught
        the snitch, a concession or no seeker left, with each side's goals. The winner's side
        (the catcher's, in a draw caught; home's otherwise) is named first throughout."""
        score, goals, winner = result["score"], result["goals"], result["winner"]
        catcher = result["snitch"]
        leader = winner or (catcher and side_of(catcher)) or SIDES[0]
        trailer = other(leader)
        teams = result["teams"]
        why = result["ended_by"]
        if why == SNITCH:
            why = "caught_by_winner" if side_of(catcher) == leader else "caught_by_loser"
        outcome = TEXTS.say(
            language,
            OUTCOMES["win" if winner else "draw"],
            winner=team(teams, leader, language),
            score=score[leader],
            other_score=score[trailer],
        )
        reason = TEXTS.say(
            language,
            WHY[why],
            catcher=catcher and player(teams, catcher, language),
            goals=goals[leader],
            other_goals=goals[trailer],
        )
        return TEXTS.say(language, ENDING, outcome=outcome, why=reason)
