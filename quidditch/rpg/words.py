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

from .rules.teams import BEATER, CHASER, KEEPER, SEEKER
from .rules.turn import REFEREE_LOOKING

LANGUAGES = ("en", "de", "fr")
"""The text's language first: a match's page is in English unless its reader asks."""

TEXTS = Catalogue(__file__, LANGUAGES)

POSITIONS = {CHASER: _("chaser"), BEATER: _("beater"), KEEPER: _("keeper"), SEEKER: _("seeker")}
ATTRIBUTES = {"Strength": _("Strength"), "Toughness": _("Toughness"), "Dexterity": _("Dexterity")}
HEALTH = _("Health")


def say(language: str, message: str, **fields) -> str:
    """``message`` in ``language``, its ``{fields}`` filled in."""
    return TEXTS.text(language, message).format_map(fields)


def position(name: str, language: str) -> str:
    return say(language, POSITIONS[name])


def attribute(name: str, language: str) -> str:
    return say(language, ATTRIBUTES[name])


def player(key: str, view: dict) -> str:
    """A player by name."""
    return view["players"][key]["name"]


def player_at(key: str, view: dict, language: str) -> str:
    """A player by name and position, where the position matters (a beater's target)."""
    return say(
        language,
        _("{name} ({position})"),
        name=player(key, view),
        position=position(view["players"][key]["position"], language),
    )


# --- commands, as their giver would say them -------------------------------------

PLAYS = {"catch": _("Try to catch the snitch"), "interfere": _("Interfere with the other seeker")}
COMMANDS = {
    "aim": _("{player}: the bludger at {target}"),
    "catch": _("{player}: try to catch the snitch"),
    "interfere": _("{player}: interfere with the other seeker"),
    "distract_referee": _("Madam Hooch looks elsewhere this turn"),
}
ACTIONS = {
    "aim": _("Aim a bludger"),
    "seek": _("Chase the snitch"),
    "distract_referee": _("Madam Hooch looks elsewhere this turn"),
}
FIELDS = {"player": _("Player"), "target": _("Target"), "play": _("Play")}


def command(command: dict, view: dict, language: str) -> str:
    """A command in words: the beater's target or the seeker's play, by the players' names."""
    action = command["action"]
    if action == "seek":
        action = command["play"]
    fields = {}
    if "player" in command:
        fields["player"] = player(command["player"], view)
    if "target" in command:
        fields["target"] = player_at(command["target"], view, language)
    return say(language, COMMANDS[action], **fields)


def action(name: str, language: str) -> str:
    return say(language, ACTIONS[name])


def field(name: str, language: str) -> str:
    return say(language, FIELDS[name])


def choice(name: str, value: str, view: dict, language: str) -> str:
    """One value of a command's field: a player by name, a target with its position, a play."""
    if name == "play":
        return say(language, PLAYS[value])
    if name == "target":
        return player_at(value, view, language)
    return player(value, view)


# --- what the dice are rolled for ---------------------------------------------------

PURPOSES = {
    "shot": _("{name}'s shot"),
    "bludger": _("{name}'s bludger"),
    "penalty_shot": _("{name}'s penalty shot"),
    "catch": _("{name}'s try for the snitch"),
    "interfere": _("{name}'s interference"),
}
LOOKING = _("whether Madam Hooch sees the foul")


def purpose(purpose: str, language: str) -> str:
    """What a die is rolled for: a player's roll (``shot:Katie Bell``, see
    :func:`.rules.turn.purpose_of`) or the referee's d100."""
    if purpose == REFEREE_LOOKING:
        return say(language, LOOKING)
    kind, _colon, name = purpose.partition(":")
    return say(language, PURPOSES[kind], name=name)
