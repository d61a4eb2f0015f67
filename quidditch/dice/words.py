"""The dice game's words, in French (the text's own), German and English.

Everything a person reads of a game, the transcript, the commands, the table
and the refusals, names the sides, the dice and the rows with these words, so
that one page is in one language. They are English keys of the package's
gettext catalogues (``locale/de/``, ``locale/fr/``), read through
:class:`games.texts.Catalogue`; ``./dev messages`` refreshes them.

A die has two forms: its *name*, as a label or in a list ("Souafle",
"Torwürfel 2"), and the die with its article, as the object of a sentence
("le Souafle", "den Torwürfel 2"): ``{name}`` and ``{die}`` in the messages.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue

from .rules.dice import ATTACK, DEFENCE
from .rules.rounds import ROLL_OFF

LANGUAGES = ("fr", "de", "en")
"""The text's language first: a game's page is in French unless its reader asks."""

TEXTS = Catalogue(__file__, LANGUAGES)

SIDES = {"red": _("Red"), "blue": _("Blue")}
ROLES = {ATTACK: _("attack"), DEFENCE: _("defence")}

NAMES = {
    "snitch": _("Snitch"),
    "quaffle": _("Quaffle"),
    "keeper": _("Keeper"),
    **dict.fromkeys((f"goal{n}" for n in range(1, 5)), _("Goal die {number}")),
    **dict.fromkeys((f"bludger{n}" for n in range(1, 3)), _("Bludger {number}")),
}
"""A die as a label: a button on its row, an entry of a list."""

DICE = {
    "snitch": _("the snitch"),
    "quaffle": _("the quaffle"),
    "keeper": _("the keeper"),
    **dict.fromkeys((f"goal{n}" for n in range(1, 5)), _("goal die {number}")),
    **dict.fromkeys((f"bludger{n}" for n in range(1, 3)), _("bludger {number}")),
}
"""A die as the object of a sentence, with its article where the language has one."""

PURPOSES = {ROLL_OFF: _("the roll-off for the first attack")}
"""What a die that is not one of the nine is rolled for (each of the nine is rolled as itself)."""


def say(language: str, message: str, **fields) -> str:
    """``message`` in ``language``, its ``{fields}`` filled in."""
    return TEXTS.text(language, message).format_map(fields)


def side(name: str, language: str) -> str:
    return say(language, SIDES[name])


def role(name: str, language: str) -> str:
    return say(language, ROLES[name])


def die_name(die: str, language: str) -> str:
    return say(language, NAMES[die], number=die[-1])


def die_object(die: str, language: str) -> str:
    """The die as the object of a sentence: "the quaffle", "le Souafle", "den Quaffel"."""
    return say(language, DICE[die], number=die[-1])


def purpose(purpose: str, language: str) -> str:
    """What a die is rolled for: the roll-off, or the die itself (``goal2``: goal die 2)."""
    if purpose in PURPOSES:
        return say(language, PURPOSES[purpose])
    return die_name(purpose, language)


# --- commands, as their giver would say them -------------------------------------

COMMANDS = {
    "roll_off": _("Roll off for the first attack"),
    "place": _("Place {die} on row {row}"),
    "set_aside": _("Set {die} aside: row {row} is full"),
    "end_turn": _("End the turn"),
}
ACTIONS = {
    "roll_off": _("Roll off for the first attack"),
    "place": _("Place a die"),
    "set_aside": _("Set a die aside"),
    "end_turn": _("End the turn"),
}
FIELDS = {"player": _("Player"), "die": _("Die")}


def command(command: dict, row: int | None, language: str) -> str:
    """A command in words; ``row`` is the row its die goes to (``None`` without a die)."""
    die = die_object(command["die"], language) if "die" in command else None
    return say(language, COMMANDS[command["action"]], die=die, row=row)


def action(name: str, language: str) -> str:
    return say(language, ACTIONS[name])


def field(name: str, language: str) -> str:
    return say(language, FIELDS[name])


def choice(name: str, value: str, language: str) -> str:
    """One value of a command's field: a side, or a die by its name."""
    return side(value, language) if name == "player" else die_name(value, language)
