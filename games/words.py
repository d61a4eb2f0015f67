"""What a person reads of a game, in their language: one protocol for every game.

A page, a chat bot, a webhook and an error never show a command, a seat or a die by its
id: the platform asks the game's :class:`Words` for them in the reader's language. A
game gives its catalogue (:class:`games.texts.Catalogue`, the package's ``locale/``)
and its names (its actions, its commands' fields, its seats, what its dice are rolled
for) as data, and writes a method only where its words depend on more than a name:
a command that names its target by the view, a transcript line, the ending's sentence.
Nothing forwards: the platform calls these methods on the game's words directly
(``games.manifest.Game.words``).

Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from core.errors import RuleViolation
from core.errors import gettext_noop as _
from games.texts import Catalogue, fill

if TYPE_CHECKING:
    from games.ruleset import Actor

Command = dict
State = dict
Event = dict


class Words:
    """A game's words. The defaults say a name by its key (``end_turn``: "end turn"),
    in English only: a game with no words of its own is still readable."""

    #: The languages the game is written in, its text's own first (a page is in it
    #: unless its reader asks for another).
    languages: ClassVar[tuple[str, ...]] = ("en",)
    #: The package's translations (``Catalogue(__file__, languages)``), or ``None``: English only.
    catalogue: ClassVar[Catalogue | None] = None
    #: Action -> what a kind of command does, as the heading of its form ("Play a card").
    actions: ClassVar[Mapping[str, str]] = {}
    #: Field of a command -> its label ("Card", "Target").
    fields: ClassVar[Mapping[str, str]] = {}
    #: Seat -> its name where it does not depend on the game ("Red", "Blue").
    seats: ClassVar[Mapping[str, str]] = {}
    #: Purpose of a die -> what it is rolled for ("the roll-off for the first attack").
    purposes: ClassVar[Mapping[str, str]] = {}

    def say(self, language: str, message: str, **fields) -> str:
        """``message`` (an English key of the catalogue) in ``language``, its ``%(fields)s``
        filled in."""
        if self.catalogue is None:
            return fill(message, fields)
        return self.catalogue.say(language, message, **fields)

    def command(self, command: Command, view: State, language: str) -> str:
        """The command as its giver would say it: a button's words ("Play Chaser 5 on the
        Quaffle", "Dodge with Quickness"). ``view`` is the state as the reader sees it."""
        return self.action(str(command.get("action", "")), language)

    def action(self, action: str, language: str) -> str:
        """What a kind of command does, as the heading of its form ("Play a card")."""
        return self._named(self.actions, action, language)

    def field(self, action: str, field: str, language: str) -> str:
        """The name of a field of a command, as the label of its choice ("Card", "Target")."""
        return self._named(self.fields, field, language)

    def choice(self, action: str, field: str, value, view: State, language: str) -> str:
        """One value of one field of a command, as an option of a form ("Chaser 5")."""
        return str(value)

    def seat(self, seat: str, view: State, language: str) -> str:
        """A seat as the players call it ("Slytherin", "Harry Potter", "GJäger1")."""
        return self.say(language, self.seats[seat]) if seat in self.seats else seat

    def purpose(self, purpose: str, language: str) -> str:
        """What a die is rolled for, as the table would say it ("the pass", "initiative")."""
        return self._named(self.purposes, purpose, language)

    def narrate(self, event: Event) -> dict[str, str]:
        """The event as a line of the transcript, in each of ``languages``."""
        return {language: str(event.get("type", "")) for language in self.languages}

    def ending(self, result: dict, language: str) -> str:
        """Who won and why in one sentence, with the score's parts as the rules count
        them: the sentence a game's page ends on and the API's ``result`` carries as
        ``sentence``. ``""``: a game without one (a log nobody wins), whose end the
        platform says in its own words."""
        return ""

    def game_title(self, state: State) -> str:
        """The title a game gets when its creator gives none, from its setup ("Gryffindor
        v Slytherin"): stored with the game, it is the same for every reader (names, not
        sentences). ``""``: none."""
        return ""

    def parse(self, text: str, *, state: State, actor: Actor) -> Command:
        """The command a line typed in the game's words gives (a chat line: "Pass
        GJäger2"), sent by ``actor``; a game played by buttons takes none."""
        raise RuleViolation("text_not_supported", _("This game takes commands as JSON only."))

    def _named(self, names: Mapping[str, str], key: str, language: str) -> str:
        return self.say(language, names[key]) if key in names else key.replace("_", " ")
