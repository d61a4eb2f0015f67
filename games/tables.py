"""A game as a person sees it: each ruleset's table, and the commands offered on it in words.

The platform frames every game's page the same way (its title, whose move,
the commands, the transcript, the verify link, the live updates); inside the
frame, a ruleset's :class:`Table` draws where the game stands, from the
state as the reader may see it (``view``) and nothing more: a hand as cards,
the dice on their rows, the board, the sheets. The table places the commands
that belong on it (a card's button on the card, a die's on its row); the
frame draws the rest as buttons and forms, in words (:func:`offer_forms`).

Everything here is pure: a table's context is plain data, its template a
path the page renders (in the reader's language, so a template translates its
own words with ``{% translate %}``, from the package's catalogue).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from games.manifest import manifest_for

if TYPE_CHECKING:
    from games.manifest import Manifest
    from games.ruleset import Actor, Command, Ruleset, State
    from games.words import Words


@dataclass(frozen=True)
class Offer:
    """One command the reader may give now: its words, and the JSON the page sends."""

    command: Command
    text: str

    @property
    def json(self) -> str:
        return json.dumps(self.command, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Choice:
    """One field of a command form: its label, and each legal value with its words."""

    field: str
    label: str
    options: list[tuple[str, str]]  # (the value as JSON, its words)


@dataclass(frozen=True)
class CommandForm:
    """Commands of one action that differ in some fields: a form with a choice per field.

    ``offers`` are the complete commands it may send; the page lets the reader
    choose only combinations among them (``storyguide/table.js``).
    """

    action: str
    heading: str
    choices: list[Choice]
    offers: list[Offer]

    @property
    def json(self) -> str:
        return json.dumps([offer.command for offer in self.offers], ensure_ascii=False)


@dataclass
class Seen:
    """What a table is given: the reader's view of the game, and what they may do now."""

    rules: Ruleset
    view: State
    actor: Actor
    language: str
    offers: list[Offer] = field(default_factory=list)
    #: Query parameters the table asked for (a piece chosen, waiting for a square).
    asked: dict[str, str] = field(default_factory=dict)

    @property
    def words(self) -> Words:
        """The game's words (:mod:`games.words`), for the reader's language."""
        return manifest_for(self.rules).words

    def say(self, message: str, **fields) -> str:
        """``message`` (an English key of the game's catalogue) in the reader's language."""
        return self.words.say(self.language, message, **fields)

    def ending(self) -> str:
        """Who won and why, in a sentence in the reader's language, once the game is over
        (the game's :meth:`~games.words.Words.ending`, the sentence its API's result
        carries too); ``""`` while it runs or where the game words none. The game's page
        ends on it."""
        result = self.rules.result(self.view)
        return self.words.ending(result, self.language) if result is not None else ""

    def offers_of(self, action: str, **fields: Any) -> list[Offer]:
        """The offers of ``action`` whose fields have the given values (a card's plays)."""
        return [
            offer
            for offer in self.offers
            if offer.command.get("action") == action
            and all(offer.command.get(name) == value for name, value in fields.items())
        ]


class Table:
    """How a game looks to a person; a game names one in its manifest
    (:attr:`games.manifest.Manifest.table`).

    ``template`` is rendered with ``table`` (what :meth:`context` returns) and
    ``seen`` (a :class:`Seen`) in the page's context, in the reader's language.
    """

    template: ClassVar[str]
    #: The actions the table draws itself (as buttons on its cards, rows or squares);
    #: the frame draws every other offered action as a button or a form.
    draws: ClassVar[frozenset[str]] = frozenset()

    def context(self, seen: Seen) -> dict:
        return {}

    def result_text(self, seen: Seen) -> str | None:
        """How the game ended, in a sentence, as the table says it once the game is over
        ("Slytherin wins 160 to 10: ..."); ``None`` where it says none. By default the
        ruleset's ending (:meth:`Seen.ending`), else the ``result`` of its context, where
        that is a sentence."""
        said = seen.ending() or self.context(seen).get("result")
        return said if isinstance(said, str) and said else None


def in_words(words: Words, view: State, commands: list[Command], language: str) -> list[Offer]:
    """The offered commands in the reader's words."""
    return [Offer(command, words.command(command, view, language)) for command in commands]


def offer_forms(
    words: Words, view: State, offered: list[Offer], language: str, *, skip=frozenset()
) -> list[Offer | CommandForm]:
    """The offers the frame draws, in the order they come: an action offered once is a
    button; offered several times, it is a form whose choices are the fields that differ,
    each with the values the offers take (in the order they come), in words.

    Actions in ``skip`` are the table's own (:attr:`Table.draws`).
    """
    by_action: dict[str, list[Offer]] = {}
    for offer in offered:
        action = offer.command.get("action", "")
        if action not in skip:
            by_action.setdefault(action, []).append(offer)
    drawn: list[Offer | CommandForm] = []
    for action, group in by_action.items():
        if len(group) == 1:
            drawn.append(group[0])
            continue
        fields = [name for name in _fields(group) if name != "action"]
        differ = [name for name in fields if len({_key(o.command.get(name)) for o in group}) > 1]
        choices = [
            Choice(
                name,
                words.field(action, name, language),
                _options(words, action, name, group, view, language),
            )
            for name in differ
        ]
        drawn.append(CommandForm(action, words.action(action, language), choices, group))
    return drawn


def _fields(group: list[Offer]) -> list[str]:
    names: dict[str, None] = {}
    for offer in group:
        names.update(dict.fromkeys(offer.command))
    return list(names)


def _key(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _options(words, action, name, group, view, language) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for offer in group:
        value = offer.command.get(name)
        key = _key(value)
        if key not in seen:
            seen[key] = words.choice(action, name, value, view, language)
    return list(seen.items())


@dataclass(frozen=True)
class Turn:
    """Whose move it is, for one reader, in words (the seats as the players call them).

    ``mine``: the reader's own seats are awaited. ``relayed``: seats nobody holds are
    awaited, which this reader gives as the referee (``Ruleset.referee_relays``).
    ``others``: seats someone else (a person or a bot) holds are awaited. ``referee``:
    the referee's own commands may be given, by this reader (``"mine"``) or by someone
    else, a bot at the referee's seat among them (``"other"``); ``""`` when not.
    """

    mine: bool
    relayed: list[str]
    others: list[str]
    referee: str
    spectator: bool

    @property
    def as_referee(self) -> bool:
        """Whether it is the reader's move as the referee, for the game or for a seat."""
        return not self.mine and bool(self.relayed or self.referee == "mine")


def whose_move(
    rules: Ruleset,
    words: Words,
    view: State,
    actor: Actor,
    language: str,
    *,
    awaited: list[str],
    referee_awaited: bool,
    held: frozenset[str],
    referee_bot: bool,
) -> Turn:
    """Whose move it is, as ``actor`` reads it: ``awaited`` are the seats that may act
    now, ``held`` the seats someone holds (a person or a bot), ``referee_bot`` whether a
    bot holds the referee's seat. A referee is never told to wait for the referee: the
    referee's own commands, and the seats nobody holds, are their move."""
    relays = actor.is_referee and rules.referee_relays and not referee_bot
    mine = [seat for seat in awaited if seat in actor.controls]
    relayed = [seat for seat in awaited if relays and seat not in held]
    others = [seat for seat in awaited if seat not in mine and seat not in relayed]
    referee = ""
    if referee_awaited:
        referee = "mine" if actor.is_referee and not referee_bot else "other"
    return Turn(
        mine=bool(mine),
        relayed=[words.seat(seat, view, language) for seat in relayed],
        others=[words.seat(seat, view, language) for seat in others],
        referee=referee,
        spectator=not (actor.is_referee or actor.controls),
    )


def result_text(game: Manifest, seen: Seen, last_move: list[dict]) -> str:
    """How a finished game ended, in words, as its page says it: the table's own sentence
    where it words one (the game's ending, by default), else the game's ending, else the
    last line of its transcript, the narration of the last move's events (``last_move``:
    "Game over: Red 425, Blue 300. Red wins!")."""
    said = game.table.result_text(seen) if game.table is not None else seen.ending()
    if said:
        return said
    lines = [game.words.narrate(event).get(seen.language, "") for event in last_move]
    return next((line for line in reversed(lines) if line), "")
