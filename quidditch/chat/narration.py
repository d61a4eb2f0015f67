"""The log as the referee's transcript, and a match's end in one sentence, in German,
English and French: a part of the game's words (:class:`.words.ChatWords` inherits
:class:`ChatNarration`), not a module they forward to.

Each event type has a line; a few read differently by outcome
(``pass:success``, ``pass:failed``) or by what was chosen (``goal_third:T``).
Dice are written as the chat shows them, the thirds' letters as the chat
names them (§4.2), nicks as each language spells them (§4.1.1: ``GJäger1``,
``GChaser1``, ``GPoursuiveur1``). The lines are English keys of the package's
gettext catalogues (``locale/``, read through :mod:`.texts`).

The ending's points are counted as the rules count them (issue 39): 10 a goal
(a free throw after a foul is a goal like any other, §5.5.3, §5.5.6.2: a foul
costs no points of its own), 50 for the snitch (§5.7.2), 100 for the winner
(§7; in a final a draw goes to the snitch's team, and the bonus with it,
§8.2). The sentence reads ``ending.result`` (the API's ``result``):
"Gryffindor wins 160 to 10, the snitch was caught in round 7: 1 × 10 for
goals, 50 for the snitch and 100 for the win (§7); Slytherin: 1 × 10 for goals."
"""

from __future__ import annotations

from core.errors import gettext_noop as _

from .rules.seekers import SNITCH_POINTS
from .rules.shots import GOAL_POINTS
from .rules.vocabulary import nick_in
from .texts import LANGUAGES, REASONS, TEXTS, WHEN, moves_text

LINES: dict[str, str] = {
    "experience": _("%(house)s: experience points %(points)s"),
    "quaffle_roll": _("The captains roll for the quaffle: %(rolls)s. Quaffle to %(house)s."),
    "goal_third:T": _("%(house)s puts its goal in the low third. Pitch, low to high: %(pitch)s"),
    "goal_third:H": _("%(house)s puts its goal in the high third. Pitch, low to high: %(pitch)s"),
    "round": _("Round %(round)s, %(house)s has the quaffle (%(carrier)s)"),
    "round:nobody": _("Round %(round)s: no chaser to carry the quaffle"),
    "position": _("%(player)s: %(third)s"),
    "bludgers_placed": _("Bludgers: %(dice)s – thirds %(thirds)s"),
    "release:bludgers": _("Bludgers released"),
    "release:quaffle": _("Quaffle released"),
    "release:snitch": _("Snitch released"),
    "bludger_throw:hit": _("%(player)s throws a bludger at %(target)s (%(dice)s) – hit"),
    "bludger_throw:missed": _("%(player)s throws a bludger at %(target)s (%(dice)s) – missed"),
    "bludger_rethrow:hit": _("%(player)s hurls the caught bludger at %(target)s (%(dice)s) – hit"),
    "bludger_rethrow:missed": _(
        "%(player)s hurls the caught bludger at %(target)s (%(dice)s) – missed"
    ),
    "bludger_catch:caught": _("%(player)s catches the second bludger (%(dice)s)"),
    "bludger_catch:missed": _("%(player)s misses the second bludger (%(dice)s)"),
    "bludger_kept": _("%(player)s keeps the bludger"),
    "block:blocked": _("%(player)s blocks (%(rolls)s) – blocked"),
    "block:failed": _("%(player)s tries to block (%(rolls)s) – failed"),
    "player_out": _("%(player)s is hit and out for this round"),
    "carrier_placed": _("%(player)s with the quaffle: %(dice)s – third %(third)s"),
    "fly": _("%(player)s flies from %(origin)s to %(to)s"),
    "attack": _("%(player)s attacks %(target)s (%(rolls)s) – %(winner)s has the quaffle"),
    "keeper_attack": _(
        "%(player)s attacks the carrier %(target)s (%(rolls)s) – %(winner)s has the quaffle"
    ),
    "foul:unseen": _("%(player)s fouls %(target)s (%(dice)s) – nothing happens"),
    "foul:seen": _("%(player)s fouls %(target)s (%(dice)s) – the referee saw it"),
    "foul:success": _("%(player)s fouls %(target)s (%(dice)s) – it works"),
    "pass:success": _("%(player)s passes to %(target)s (%(dice)s)"),
    "pass:failed": _("%(player)s passes to %(target)s (%(dice)s) – failed"),
    "catch:success": _("%(player)s catches the pass (%(dice)s)"),
    "catch:failed": _("%(player)s fails to catch the pass (%(dice)s)"),
    "intercept:success": _("%(player)s intercepts (%(dice)s)"),
    "intercept:failed": _("%(player)s fails to intercept (%(dice)s)"),
    "quaffle_dropped": _("The quaffle falls to the ground; the chasers' sub-round ends"),
    "free_throw_awarded": _("Free throw for %(house)s"),
    "free_throw_lapses": _("%(house)s has no chaser for the free throw"),
    "shot": _("%(player)s shoots (%(dice)s)"),
    "save:saved": _("%(player)s saves (%(rolls)s)"),
    "save:failed": _("%(player)s fails to save (%(rolls)s)"),
    "goal": _("Goal for %(house)s! Goals: %(goals)s"),
    "snitch_placed": _("Snitch: %(dice)s – third %(third)s"),
    "find:success": _("%(player)s finds the snitch (%(dice)s)"),
    "find:failed": _("%(player)s does not find the snitch (%(dice)s)"),
    "snitch_catch:success": _("%(player)s catches the snitch (%(dice)s)!"),
    "snitch_catch:failed": _("%(player)s misses the snitch (%(dice)s)"),
    "snitch_gone": _("The snitch is gone"),
    "subround_ended": _("The referee ends the sub-round"),
    "score": _("Score after round %(round)s: %(score)s"),
    "chat": _("Chat"),
    "chat:half_time": _("Chat – half-time break (10 minutes)"),
    "extension": _("Drawn: after a %(pause_minutes)s-minute break, %(rounds)s more rounds"),
    "end_vote": _("%(voter)s agrees to end the game"),
    "end_vote:referee": _("The referee agrees to end the game"),
    "game_over:snitch": _("Game over: the snitch is caught. Final result: %(points)s"),
    "game_over:rounds": _("Game over after the last round. Final result: %(points)s"),
    "game_over:agreement": _("Game over by agreement. Final result: %(points)s"),
    "substitution_asked": _(
        "%(house)s: the captain %(player)s asks the referee for a substitution "
        "(%(reason)s): %(moves)s"
    ),
    "substitution_accepted": _("The referee allows %(house)s's substitution %(when)s"),
    "substitution_refused": _("The referee refuses %(house)s's substitution"),
    "substitution_made": _("Substitution for %(house)s: %(moves)s"),
    "answer_missing": _("Time is up"),
    "answer_too_late": _("%(player)s: too late"),
}


def _dice(faces: list[int]) -> str:
    return ", ".join(str(f) for f in faces)


def _rolls(exchanges: list[list[list[int]]]) -> str:
    return " / ".join(f"{_dice(a)} : {_dice(b)}" for a, b in exchanges)


def _variant(event: dict) -> str | None:
    """Which of an event's lines it reads as: by outcome, ball, choice or reason."""
    kind = event["type"]
    if kind == "chat" and event.get("half_time"):
        return "half_time"
    if kind == "end_vote" and event["voter"] == "referee":
        return "referee"
    if kind == "round" and event["carrier"] is None:
        return "nobody"
    return event.get("outcome") or event.get("ball") or event.get("choice") or event.get("reason")


def _fields(event: dict, language: str) -> dict:
    """The event's values as a line in ``language`` writes them, nicks spelled in it."""
    fields = {"pitch": ""}
    for name, value in event.items():
        if name == "dice":
            fields[name] = _dice(value)
        elif name == "rolls":
            fields[name] = _rolls(value)
        elif isinstance(value, list):
            fields[name] = " – ".join(nick_in(str(v), language) for v in value)
        elif isinstance(value, dict):  # given per player (experience points)
            given = [f"{nick_in(key, language)} {amount}" for key, amount in value.items()]
            fields[name] = ", ".join(given) or TEXTS.say(language, NOBODY)
        else:
            fields[name] = nick_in(value, language) if isinstance(value, str) else value
    return fields


NOBODY = _("none")

NOTE = _("%(line)s – “%(note)s”")
VACANT = _("%(line)s. %(nicks)s stays empty")
VACANT_MANY = _("%(line)s. %(nicks)s stay empty")
CAPTAIN = _("%(line)s. %(nick)s is captain now")


def _substitution(event: dict, language: str) -> str:
    """A line of §8.6: the request, the answer, the change made."""
    kind, house = event["type"], event["house"]
    player = nick_in(event.get("player") or "", language)
    moves = moves_text(event["moves"], language) if "moves" in event else ""
    if kind == "substitution_asked":
        reason = TEXTS.say(language, REASONS[event["reason"]])
        line = TEXTS.say(
            language, LINES[kind], house=house, player=player, reason=reason, moves=moves
        )
        return TEXTS.say(language, NOTE, line=line, note=event["note"]) if event["note"] else line
    if kind == "substitution_accepted":
        return TEXTS.say(
            language, LINES[kind], house=house, when=TEXTS.say(language, WHEN[event["when"]])
        )
    if kind == "substitution_refused":
        return TEXTS.say(language, LINES[kind], house=house)
    line = TEXTS.say(language, LINES[kind], house=house, moves=moves)
    if event["vacant"]:
        many = VACANT_MANY if len(event["vacant"]) > 1 else VACANT
        nicks = ", ".join(nick_in(nick, language) for nick in event["vacant"])
        line = TEXTS.say(language, many, line=line, nicks=nicks)
    if event["captain"]:
        line = TEXTS.say(language, CAPTAIN, line=line, nick=nick_in(event["captain"], language))
    return line


# --- the match's end in one sentence (§7, §8.2) ------------------------------------------

ENDINGS = {
    "snitch": _("the snitch was caught in round %(round)s"),
    "rounds": _("after round %(round)s, the last"),
    "agreement": _("ended by agreement in round %(round)s"),
}
WINS = _(
    "%(house)s wins %(points)s to %(other)s, %(ending)s: %(parts)s; %(loser)s: %(loser_parts)s."
)
DRAW = _(
    "A draw, %(points)s to %(other)s, %(ending)s: %(house)s: %(parts)s; "
    "%(other_house)s: %(other_parts)s; a draw gives no bonus (§7)."
)
GOALS = _("%(count)s × %(each)s for goals")
SNITCH = _("%(points)s for the snitch")
BONUS = _("%(points)s for the win (§7)")
FINAL_BONUS = _("%(points)s for the win, as a final's draw goes to the snitch's team (§8.2)")
NO_POINTS = _("no points")
AND = _("%(items)s and %(last)s")


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


class ChatNarration:
    """The transcript: each event as a line in every language, and the ending."""

    def narrate(self, event: dict) -> dict[str, str]:
        kind = event["type"]
        if kind.startswith("substitution_"):
            return {language: _substitution(event, language) for language in LANGUAGES}
        line = LINES.get(f"{kind}:{_variant(event)}") or LINES.get(kind)
        if line is None:
            return dict.fromkeys(LANGUAGES, kind)
        return {
            language: TEXTS.say(language, line, **_fields(event, language))
            for language in LANGUAGES
        }

    def ending(self, result: dict, language: str) -> str:
        """Who won and why, in ``language``, from a finished match's ``result``: goals,
        snitch and bonus (§7, §8.2)."""
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
