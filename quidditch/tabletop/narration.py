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
    "first_phase_roll": _("First-phase roll: {home} {home_roll}, {away} {away_roll}."),
    "balls_released": _("The balls are released; {team} plays the first phase."),
    "phase_begins": _("Phase {number}: {team} to play."),
    "next_phase": _("{team} plays the next phase."),
    "phase_ends": _("The phase of {team} ends: {reason}."),
    "moves": _("{who} flies {squares} squares to {to}."),
    "moves:one": _("{who} flies one square to {to}."),
    "star_sets": _("{who}, the star player, sets a die of {purpose} to {result}."),
    "knocked": _("{who} is knocked {squares} squares {direction}, to {to}."),
    "knocked:one": _("{who} is knocked one square {direction}, to {to}."),
    "knocked:boundary": _(
        "{who} is knocked {squares} squares {direction} against the boundary, to {to}."
    ),
    "knocked:boundary:one": _("{who} is knocked {direction} against the boundary, at {to}."),
    "dazed": _("{who} is dazed."),
    "knocked_off": _("{who} is knocked off the broom and out of the match."),
    "gains_quaffle": _("{who} gains the quaffle."),
    "quaffle_loose": _("The quaffle goes loose at {at} and drifts {drift}: it lies at {to}."),
    "quaffle_loose:stays": _("The quaffle goes loose at {at} and stays there."),
    "catch:success": _("{who} catches the quaffle: {result} against {needed}."),
    "catch:failure": _("{who} fails to catch the quaffle: {result} against {needed}."),
    "pass:success": _("{who} passes {squares} squares to {whom}: {result} against {needed}."),
    "pass:failure": _(
        "{who} passes {squares} squares to {whom} and misses: {result} against {needed}."
    ),
    "pass:success:one": _("{who} passes to {whom} beside them: {result} against {needed}."),
    "pass:failure:one": _(
        "{who} passes to {whom} beside them and misses: {result} against {needed}."
    ),
    "interception:success": _("{who} intercepts the pass: {result} against {needed}."),
    "interception:failure": _("{who} fails to intercept: {result} against {needed}."),
    "shot": _("{who} shoots at {hoop} from the shooting zone, {squares} squares away."),
    "shot:success": _("{who} shoots at {hoop} from {squares} squares: {result} against {needed}."),
    "shot:failure": _(
        "{who} shoots at {hoop} from {squares} squares and misses: {result} against {needed}."
    ),
    "roll_off": _("{who} rolls {chaser}, {whom} rolls {keeper}."),
    "save:success": _("{who} saves and holds the quaffle: {result} against {needed}."),
    "save:failure": _("{who} saves but cannot hold the quaffle: {result} against {needed}."),
    "repelled": _("{who} repels the quaffle {squares} squares {direction}, to {to}."),
    "repelled:one": _("{who} repels the quaffle one square {direction}, to {to}."),
    "goal": _("Goal by {who}! {home} {home_score}, {away} {away_score}."),
    "free_moves": _("Every player may take a free move before the restart."),
    "free_moves_done": _("{team} has taken its free moves."),
    "foul": _("Foul by {who}: {kind}. A penalty shot follows."),
    "no_penalty": _("{team} has no chaser left to take the penalty."),
    "penalty": _("{who} takes the penalty from the centre circle and reaches {to}."),
    "tackle": _("{who} tackles {whom}: {result}."),
    "bad_tackle": _("A bad tackle: {who} gains the advantage against {whom}."),
    "bludger_flies": _("Bludger {bludger} flies at {whom}."),
    "bludger_lands": _("Bludger {bludger} comes to rest at {to}."),
    "bludger_contact": _("Bludger {bludger} reaches {who}."),
    "dodge:success": _("{who} dodges the bludger: {result} against {needed}."),
    "dodge:failure": _("{who} fails to dodge the bludger: {result} against {needed}."),
    "injury": _("{who} is hit ({result}): {injury}."),
    "bludger_hit:success": _("{who} hits bludger {bludger}: {result}."),
    "bludger_hit:failure": _("{who} swings at bludger {bludger} and misses: {result}."),
    "bludger_sent": _("Bludger {bludger} flies {squares} squares {direction}."),
    "bludger_sent:one": _("Bludger {bludger} flies one square {direction}."),
    "seeker_looks": _("{who} looks for the snitch: {faces}, {total} in all."),
    "seeker_spots:success": _("{who} sees the snitch: {result} against {needed}."),
    "seeker_spots:failure": _("{who} does not see the snitch: {result} against {needed}."),
    "snitch_appears": _("The snitch appears at {to}."),
    "snitch_flies": _("The snitch flies {squares} squares {direction}, to {to}."),
    "snitch_flies:hovers": _("The snitch hovers at {to}."),
    "snitch_caught": _("{who} catches the snitch: {points} points!"),
    "concedes": _("{team} concedes: {points} points go to the other side."),
    "end_proposed": _("{team} proposes to end the match."),
    "end_answered:success": _("{team} agrees to end the match: the snitch is released."),
    "end_answered:failure": _("{team} wants to play on."),
    "dice_stand": _("{team} lets the dice stand."),
    "reroll": _("The captain of {team} re-rolls a die that showed {face}."),
    "match_over": _(
        "The match is over, {how}: {home} {home_score}, {away} {away_score}. {outcome}"
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
WINS, DRAW = _("{winner} wins!"), _("A draw.")


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
    "win": _("{winner} wins {score} to {other_score}"),
    "draw": _("A draw, {score} points each"),
}
WHY = {
    "caught_by_winner": _(
        "{catcher} caught the snitch for 150 points, with goals at {goals} to {other_goals} "
        "(10 points each)"
    ),
    "caught_by_loser": _(
        "goals at {goals} to {other_goals} (10 points each), although {catcher} caught the "
        "snitch for 150 points"
    ),
    "concession": _(
        "the match was conceded, which gives the snitch's 150 points to the side that did "
        "not concede, with goals at {goals} to {other_goals} (10 points each)"
    ),
    "no_seekers": _(
        "no seeker was left to catch the snitch, with goals at {goals} to {other_goals} "
        "(10 points each)"
    ),
}
ENDING = _("{outcome}: {why}.")


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
