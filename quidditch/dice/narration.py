"""The log as the players would say it, in French (the text's language) and in English.

The lines are English keys of the package's gettext catalogue (``locale/fr/``,
read through ``games.texts``); ``./dev messages`` refreshes it.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue

LANGUAGES = ("fr", "en")
TEXTS = Catalogue(__file__, LANGUAGES)

SIDE_NAMES = {"red": _("Red"), "blue": _("Blue")}
DIE_NAMES = {
    "snitch": _("snitch"),
    "quaffle": _("quaffle"),
    "keeper": _("keeper"),
    **dict.fromkeys((f"goal{n}" for n in range(1, 5)), _("goal die {number}")),
    **dict.fromkeys((f"bludger{n}" for n in range(1, 3)), _("bludger {number}")),
}
LINES = {
    "roll_off_tied": _("Roll-off: {red} to {blue}, a tie, roll again."),
    "roll_off": _("Roll-off: Red {red}, Blue {blue}. {attack} attacks first."),
    "round_started": _("Round {round}: {attack} attacks, {defence} defends."),
    "rolled": _("{side} rolls: {dice}."),
    "placed": _("{side} puts {die} on row {row}."),
    "set_aside": _("{side} sets {die} aside: row {row} is full."),
    "turn_ended": _("{side} ends the turn."),
    "round_scored": _(
        "{side} scores {goal_points} goal points and {snitch_points} snitch point(s) "
        "(in all: {goals} and {snitch})."
    ),
    "snitch_caught": _("{side} catches the snitch: {bonus} more goal points."),
    "game_over": _("Game over: Red {red}, Blue {blue}. {outcome}"),
}
OUTCOMES = {"win": _("{winner} wins!"), "draw": _("A draw.")}
ROLLED_DIE = _("{die} {face} (row {row})")


def narrate(event: dict) -> dict[str, str]:
    return {language: _line(event, language) for language in LANGUAGES}


def _line(event: dict, language: str) -> str:
    def say(message: str, **fields) -> str:
        return TEXTS.text(language, message).format_map(fields)

    def die(name: str) -> str:
        return say(DIE_NAMES[name], number=name[-1])

    fields = dict(event)
    for name in ("side", "attack", "defence", "winner"):
        if event.get(name) in SIDE_NAMES:
            fields[name] = say(SIDE_NAMES[event[name]])
    if "die" in event:
        fields["die"] = die(event["die"])
    if event["type"] == "rolled":
        fields["dice"] = ", ".join(
            say(ROLLED_DIE, die=die(name), face=face, row=row) for name, face, row in event["dice"]
        )
    if event["type"] == "game_over":
        fields["outcome"] = say(
            OUTCOMES["win" if event["winner"] else "draw"], winner=fields["winner"]
        )
    return say(LINES[event["type"]], **fields)
