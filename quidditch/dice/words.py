"""The dice game's words as the platform reads them (:class:`games.words.Words`), in
French (the text's own), German and English: its commands, its seats, what its dice are
rolled for, its transcript and its ending, said with the game's vocabulary (``texts``)."""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.words import Words

from .narration import DiceNarration
from .rules.rounds import ROLL_OFF, target_row
from .texts import LANGUAGES, SIDES, TEXTS, die_name, die_object

COMMANDS = {
    "roll_off": _("Roll off for the first attack"),
    "place": _("Place %(die)s on row %(row)s"),
    "set_aside": _("Set %(die)s aside: row %(row)s is full"),
    "end_turn": _("End the turn"),
}
"""A command as its giver would say it, its die and the row it goes to filled in."""


class DiceWords(DiceNarration, Words):
    """The platform reads the transcript and the ending on the words themselves, so they are
    inherited (:class:`narration.DiceNarration`), not forwarded to."""

    languages = LANGUAGES
    catalogue = TEXTS
    actions = {
        "roll_off": _("Roll off for the first attack"),
        "place": _("Place a die"),
        "set_aside": _("Set a die aside"),
        "end_turn": _("End the turn"),
    }
    fields = {"player": _("Player"), "die": _("Die")}
    seats = SIDES
    #: What a die that is not one of the nine is rolled for (each of the nine is rolled as
    #: itself).
    purposes = {ROLL_OFF: _("the roll-off for the first attack")}

    def command(self, command: dict, view: dict, language: str) -> str:
        """A command in words: its die with its article, and the row the die's face sends
        it to in ``view``."""
        die = die_object(command["die"], language) if "die" in command else None
        row = target_row(view, command["die"]) if "die" in command else None
        return self.say(language, COMMANDS[command["action"]], die=die, row=row)

    def choice(self, action: str, field: str, value, view: dict, language: str) -> str:
        """One value of a command's field: a side, or a die by its name."""
        if field == "player":
            return self.seat(value, view, language)
        return die_name(value, language)

    def game_title(self, state: dict) -> str:
        """The two sides by their colours, which every game of it has (a title is a
        name, the same for every reader: untranslated)."""
        return "Red v Blue"

    def purpose(self, purpose: str, language: str) -> str:
        """What a die is rolled for: the roll-off, or the die itself (``goal2``: goal die 2)."""
        if purpose in self.purposes:
            return super().purpose(purpose, language)
        return die_name(purpose, language)
