"""The log as the players would say it, in French, German and English (``words``)."""

from __future__ import annotations

from core.errors import gettext_noop as _

from . import words
from .words import LANGUAGES, say

LINES = {
    "roll_off_tied": _("Roll-off: {red} to {blue}, a tie: both roll again."),
    "roll_off": _("Roll-off: Red {red}, Blue {blue}. {attack} attacks first."),
    "round_started": _("Round {round}: {attack} attacks, {defence} defends."),
    "rolled": _("{side} rolls: {dice}."),
    "placed": _("{side} puts {die} on row {row}."),
    "set_aside": _("{side} sets {die} aside: row {row} is full."),
    "turn_ended": _("{side} ends the turn."),
    "round_scored": _(
        "{side} scores goal points +{goal_points}, snitch points +{snitch_points}; "
        "in all, goal points {goals}, snitch points {snitch}."
    ),
    "snitch_caught": _("{side} catches the snitch: {bonus} more goal points."),
    "game_over": _("Game over: Red {red}, Blue {blue}. {outcome}"),
}
OUTCOMES = {"win": _("{winner} wins!"), "draw": _("A draw.")}
ROLLED_DIE = _("{name} = {face} (row {row})")


def narrate(event: dict) -> dict[str, str]:
    return {language: _line(event, language) for language in LANGUAGES}


def _line(event: dict, language: str) -> str:
    fields = dict(event)
    for name in ("side", "attack", "defence", "winner"):
        if event.get(name) in words.SIDES:
            fields[name] = words.side(event[name], language)
    if "die" in event:
        fields["die"] = words.die_object(event["die"], language)
    if event["type"] == "rolled":
        fields["dice"] = ", ".join(
            say(language, ROLLED_DIE, **rolled, name=words.die_name(rolled["die"], language))
            for rolled in event["dice"]
        )
    if event["type"] == "game_over":
        outcome = OUTCOMES["win" if event["winner"] else "draw"]
        fields["outcome"] = say(language, outcome, winner=fields["winner"])
    return say(language, LINES[event["type"]], **fields)
