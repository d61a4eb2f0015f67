"""The dice game's vocabulary, in French (the text's own), German and English.

Everything a person reads of a game, the transcript, the commands, the table
and the refusals, names the sides, the dice and the rows with these words, so
that one page is in one language. They are English keys of the package's
gettext catalogues (``locale/de/``, ``locale/fr/``), read through
:class:`games.texts.Catalogue` (``TEXTS.say``); ``./dev messages`` refreshes them.
The game's words (``words``), its transcript (``narration``) and its table
(``table``) all say them from here.

A die has two forms: its *name*, as a label or in a list ("Souafle",
"Torwürfel 2"), and the die with its article, as the object of a sentence
("le Souafle", "den Torwürfel 2"): ``%(name)s`` and ``%(die)s`` in the messages.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue

from .rules.dice import ATTACK, DEFENCE

LANGUAGES = ("fr", "de", "en")
"""The text's language first: a game's page is in French unless its reader asks."""

TEXTS = Catalogue(__file__, LANGUAGES)

SIDES = {"red": _("Red"), "blue": _("Blue")}
ROLES = {ATTACK: _("attack"), DEFENCE: _("defence")}

NAMES = {
    "snitch": _("Snitch"),
    "quaffle": _("Quaffle"),
    "keeper": _("Keeper"),
    **dict.fromkeys((f"goal{n}" for n in range(1, 5)), _("Goal die %(number)s")),
    **dict.fromkeys((f"bludger{n}" for n in range(1, 3)), _("Bludger %(number)s")),
}
"""A die as a label: a button on its row, an entry of a list."""

DICE = {
    "snitch": _("the snitch"),
    "quaffle": _("the quaffle"),
    "keeper": _("the keeper"),
    **dict.fromkeys((f"goal{n}" for n in range(1, 5)), _("goal die %(number)s")),
    **dict.fromkeys((f"bludger{n}" for n in range(1, 3)), _("bludger %(number)s")),
}
"""A die as the object of a sentence, with its article where the language has one."""


def die_name(die: str, language: str) -> str:
    return TEXTS.say(language, NAMES[die], number=die[-1])


def die_object(die: str, language: str) -> str:
    """The die as the object of a sentence: "the quaffle", "le Souafle", "den Quaffel"."""
    return TEXTS.say(language, DICE[die], number=die[-1])
