"""The log as a referee would call it, in English (the text's language).

Every event names its players for the transcript already (``who``, ``whom``),
so a line needs nothing but the event. Squares are told as (x, y), x along the
pitch from the home end.
"""

from __future__ import annotations

from core.errors import gettext_noop as _

LANGUAGES = ("en",)

SIDE_NAMES = {"home": _("Home"), "away": _("Away")}
REASONS = {
    "choice": _("by choice"),
    "done": _("every player has had their go"),
    "foul": _("a foul"),
    "goal": _("a goal"),
    "dropped": _("the quaffle is dropped"),
    "lost_possession": _("possession is lost"),
    "intercepted": _("an interception"),
    "saved": _("the shot is saved"),
    "knocked_off": _("a player knocked off the broom"),
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
}
LINES = {
    "first_phase_roll": _("First-phase roll: home {home}, away {away}."),
    "balls_released": _("The balls are released; {first} plays the first phase."),
    "phase_begins": _("Phase {number}: {side} to play."),
    "next_phase": _("{side} plays the next phase."),
    "phase_ends": _("The phase of {side} ends: {reason}."),
    "moves": _("{who} flies {squares} squares to {to}."),
    "star_sets": _("{who}, the star player, sets the {purpose} roll to {result}."),
    "knocked": _("{who} is knocked {squares} squares {direction}, to {to}{boundary}."),
    "dazed": _("{who} is dazed."),
    "knocked_off": _("{who} is knocked off the broom and out of the match."),
    "gains_quaffle": _("{who} gains the quaffle."),
    "quaffle_loose": _("The quaffle goes loose at {at} and drifts {drift}: it lies at {to}."),
    "catch": _("{who} tries a catch: {result} against {needed}, {outcome}."),
    "pass": _("{who} passes {squares} squares to {whom}: {result} against {needed}, {outcome}."),
    "interception": _("{who} tries to intercept: {result} against {needed}, {outcome}."),
    "shot": _("{who} shoots at hoop {hoop} from {squares} squares{test}."),
    "roll_off": _("{who} rolls {chaser}, {whom} rolls {keeper}."),
    "save": _("{who} saves: {result} against {needed}, {outcome}."),
    "repelled": _("{who} repels the quaffle {squares} squares {direction}, to {to}."),
    "goal": _("Goal by {who}! Home {home}, away {away}."),
    "free_moves": _("Every player may take a free move before the restart."),
    "free_moves_done": _("{side} has taken its free moves."),
    "foul": _("Foul by {who}: {kind}. A penalty shot follows."),
    "no_penalty": _("{side} has no chaser left to take the penalty."),
    "penalty": _("{who} takes the penalty from the centre circle and reaches {to}."),
    "tackle": _("{who} tackles {whom}: {result}."),
    "bad_tackle": _("A bad tackle: {who} gains the advantage against {whom}."),
    "bludger_flies": _("Bludger {bludger} flies at {whom}."),
    "bludger_lands": _("Bludger {bludger} comes to rest at {to}."),
    "bludger_contact": _("Bludger {bludger} reaches {who}."),
    "dodge": _("{who} dodges: {result} against {needed}, {outcome}."),
    "injury": _("{who} is hit ({result}): {injury}."),
    "bludger_hit": _("{who} swings at bludger {bludger}: {result}, {outcome}."),
    "bludger_sent": _("Bludger {bludger} flies {squares} squares {direction}."),
    "seeker_looks": _("{who} looks for the snitch: {total}."),
    "seeker_spots": _("{who} looks for the snitch: {result} against {needed}, {outcome}."),
    "snitch_appears": _("The snitch appears at {to} (across {across}, along {along})."),
    "snitch_flies": _("The snitch flies {squares} squares {direction} to {to}."),
    "snitch_caught": _("{who} catches the snitch: {points} points!"),
    "concedes": _("{side} concedes: {points} points go to the other side."),
    "end_proposed": _("{side} proposes to end the match."),
    "end_answered": _("{side} {answer}."),
    "dice_stand": _("{side} lets the dice stand."),
    "reroll": _("{side}'s captain re-rolls die {die} (it showed {face})."),
    "match_over": _("The match is over by {how}: home {home}, away {away}. {outcome}"),
}
SUCCESS = {True: _("success"), False: _("failure")}
OUTCOME = {
    "catch": "caught",
    "pass": "passed",
    "interception": "caught",
    "save": "clean",
    "dodge": "dodged",
    "bludger_hit": "struck",
    "seeker_spots": "seen",
}
"""The field of a tested event that says whether the roll succeeded."""
AGAINST_THE_BOUNDARY = _(" against the boundary")
ANSWERS = {True: _("agrees: the snitch is released"), False: _("declines")}
TESTED = _(": {result} against {needed}")
UNTESTED = _(", no test")
WINS, DRAW = _("{winner} wins!"), _("A draw.")

DETAILS = {
    "phase_ends": lambda e: {"reason": REASONS[e["reason"]]},
    "foul": lambda e: {"kind": FOULS[e["kind"]]},
    "injury": lambda e: {"injury": INJURIES[e["result"]]},
    "knocked": lambda e: {"boundary": AGAINST_THE_BOUNDARY if e["boundary"] else ""},
    "end_answered": lambda e: {"answer": ANSWERS[e["accepted"]]},
    "shot": lambda e: {"test": TESTED.format_map(e) if e["tested"] else UNTESTED},
    "goal": lambda e: e["score"],
    "match_over": lambda e: {
        "how": ENDINGS[e["how"]],
        "outcome": WINS.format(winner=SIDE_NAMES[e["winner"]]) if e["winner"] else DRAW,
    },
}
"""What a line says beyond the event's own fields, by kind of event."""


def narrate(event: dict) -> dict[str, str]:
    return {"en": _line(event)}


def _line(event: dict) -> str:
    kind = event["type"]
    fields = {key: _said(key, value) for key, value in event.items()}
    if kind in OUTCOME:
        fields["outcome"] = SUCCESS[event[OUTCOME[kind]]]
    if kind in DETAILS:
        fields.update(DETAILS[kind](event))
    return LINES[kind].format_map(fields)


def _said(key: str, value):
    """A field as the transcript says it: a square as (x, y), a side by its name."""
    if isinstance(value, list) and len(value) == 2 and all(type(n) is int for n in value):
        return f"({value[0]}, {value[1]})"
    if key in ("side", "first") and value in SIDE_NAMES:
        return SIDE_NAMES[value]
    return value
