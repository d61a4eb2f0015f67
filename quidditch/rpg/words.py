"""Draco Dormiens quidditch in words: English (the text's own), German and French.

Everything a person reads of a match, the transcript, the commands, the
table and the refusals, names the positions, the attributes, the balls and
the phases with these words, so that one page is in one language. They are
English keys of the package's gettext catalogues (``locale/de/``,
``locale/fr/``), read through :class:`games.texts.Catalogue`; ``./dev
messages`` refreshes them. The players are named by their own names (a
character's, or the one a config gives), never by their key in the state.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.texts import Catalogue
from games.words import Words

from .narration import RpgNarration
from .rules.teams import BEATER, CHASER, KEEPER, SEEKER
from .rules.turn import REFEREE_LOOKING

LANGUAGES = ("en", "de", "fr")
"""The text's language first: a match's page is in English unless its reader asks."""

TEXTS = Catalogue(__file__, LANGUAGES)

POSITIONS = {CHASER: _("chaser"), BEATER: _("beater"), KEEPER: _("keeper"), SEEKER: _("seeker")}
ATTRIBUTES = {"Strength": _("Strength"), "Toughness": _("Toughness"), "Dexterity": _("Dexterity")}
HEALTH = _("Health")


def player(key: str, view: dict) -> str:
    """A player by name."""
    return view["players"][key]["name"]


def player_at(key: str, view: dict, language: str) -> str:
    """A player by name and position, where the position matters (a beater's target)."""
    return TEXTS.say(
        language,
        _("%(name)s (%(position)s)"),
        name=player(key, view),
        position=TEXTS.say(language, POSITIONS[view["players"][key]["position"]]),
    )


PLAYS = {"catch": _("Try to catch the snitch"), "interfere": _("Interfere with the other seeker")}
COMMANDS = {
    "aim": _("%(player)s: the bludger at %(target)s"),
    "catch": _("%(player)s: try to catch the snitch"),
    "interfere": _("%(player)s: interfere with the other seeker"),
    "distract_referee": _("Madam Hooch looks elsewhere this turn"),
}
ROLLS = {
    "shot": _("%(name)s's shot"),
    "bludger": _("%(name)s's bludger"),
    "penalty_shot": _("%(name)s's penalty shot"),
    "catch": _("%(name)s's try for the snitch"),
    "interfere": _("%(name)s's interference"),
}
"""A player's roll, by its kind (:func:`.rules.turn.purpose_of`)."""


class RpgWords(RpgNarration, Words):
    """The match in words: the players by their own names, the rest from ``TEXTS``; the
    transcript and the ending from :class:`.narration.RpgNarration`."""

    languages = LANGUAGES
    catalogue = TEXTS
    actions = {
        "aim": _("Aim a bludger"),
        "seek": _("Chase the snitch"),
        "distract_referee": _("Madam Hooch looks elsewhere this turn"),
    }
    fields = {"player": _("Player"), "target": _("Target"), "play": _("Play")}
    purposes = {REFEREE_LOOKING: _("whether Madam Hooch sees the foul")}

    def command(self, command: dict, view: dict, language: str) -> str:
        """The beater's target or the seeker's play, by the players' names."""
        action = command["action"]
        if action == "seek":
            action = command["play"]
        fields = {}
        if "player" in command:
            fields["player"] = player(command["player"], view)
        if "target" in command:
            fields["target"] = player_at(command["target"], view, language)
        return self.say(language, COMMANDS[action], **fields)

    def choice(self, action: str, field: str, value, view: dict, language: str) -> str:
        """A player by name, a target with its position, a play."""
        if field == "play":
            return self.say(language, PLAYS[value])
        if field == "target":
            return player_at(value, view, language)
        return player(value, view)

    def seat(self, seat: str, view: dict, language: str) -> str:
        return player(seat, view)

    def purpose(self, purpose: str, language: str) -> str:
        """The referee's d100 (``purposes``), or a player's roll: ``shot:Katie Bell``."""
        if purpose in self.purposes:
            return super().purpose(purpose, language)
        kind, _colon, name = purpose.partition(":")
        return self.say(language, ROLLS[kind], name=name)

    def game_title(self, state: dict) -> str:
        """The houses, home first: "Gryffindor v Slytherin"."""
        return " v ".join(team["house"] for team in state["teams"])
