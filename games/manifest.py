"""A game as the platform reads it: its rules, its words, its table, its bots, declared
once in the game's package (``manifest.py``) and nowhere else.

The parts are apart so that each stays what it is: the rules (:class:`Ruleset`) are the
game itself, pure, and import none of the others; the words say it to a person in
their language (:class:`games.words.Words`); the table draws it on a page
(:class:`games.tables.Table`); the bots play it (each a :class:`games.ruleset.Bot`);
the board, where a game has one, is its picture as an SVG. A game's ``manifest.py``
puts them together::

    MANIFEST = Manifest(rules=DiceQuidditch(), words=DiceWords(), table=DiceTable(),
                        bots={"sensible": SensiblePlayer()})

and its app (:class:`games.packages.GameConfig`) registers it when Django starts, which
registers its rules too. A ruleset registered on its own (a test's toy, with
``@register``) is read with the defaults: English words by its keys, no table, no bots.

Pure: no Django.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from games.contracts import Contract
from games.ruleset import Bot, Roster, Ruleset, State, find_ruleset, register_rules, ruleset_names
from games.words import Words

if TYPE_CHECKING:
    from games.tables import Table


class Preset(NamedTuple):
    """A setup a game master starts a game from on the New game page ("a short match").

    ``name`` names it in the page's address, ``title`` says it to the reader (marked for
    the package's catalogues), and ``settings`` are the top-level settings it lays over
    the campaign's config (:meth:`Cast.starting_config`), as a client would send them.
    The settings a game's presets name are its common ones: the page shows them
    unfolded, and folds the rest under "More settings".
    """

    name: str
    title: str
    settings: dict


class Cast:
    """How a game meets its campaign: the houses and characters it casts in its seats.

    The default casts nobody: a game of teams by name. A game whose teams are the
    campaign's houses and characters overrides the three methods (in its package's
    ``cast.py``), so that a game started with the defaults counts: its result credits
    the houses and moves the characters' Popularity.
    """

    def prepare(self, config: dict, roster: Roster) -> dict:
        """The config as stored, from the config a client sent.

        ``roster`` is the campaign's characters as plain data; a game whose teams are
        characters fills in their names and attributes here, so that the stored config
        alone sets the game up (a replay never reads the campaign). Raises
        ``RuleViolation("invalid_config", ...)``.
        """
        return config

    def starting_config(self, example: dict, roster: Roster) -> dict:
        """The config a game of this campaign starts from on the New game page: the
        contract's ``example``, with the campaign's houses and characters where the
        rules field them."""
        return copy.deepcopy(example)

    def characters(self, state: State) -> dict[str, int]:
        """Seat -> the campaign character playing it, whose player then holds the seat."""
        return {}

    @property
    def reads_the_roster(self) -> bool:
        """Whether a game's setup needs the campaign's characters (``prepare`` is
        overridden): the platform reads them only then."""
        return type(self).prepare is not Cast.prepare


@dataclass(frozen=True)
class Playtest:
    """How the platform's random players try a game: the conformance suite
    (:mod:`games.conformance`), which plays it to its end from setup, and the ``random``
    bot, which a table may seat."""

    #: Random legal play from setup ends within this many commands.
    max_commands: int = 10_000
    #: Seconds a clock moves per command when the suite plays (time windows).
    seconds_per_command: float = 1.0
    #: Actions a table takes rarely (ending by agreement, conceding, a captain's re-roll),
    #: with how often the random bot considers one: a game left to random players is then
    #: played rather than called off.
    rare_actions: Mapping[str, float] = field(default_factory=dict)
    #: Seat -> values only that seat may see in a state (its cards' ids): the suite
    #: checks that no other actor ever sees one, in the state, an event or a die.
    secrets: Callable[[State], dict[str, set[str]]] = lambda state: {}


@dataclass(frozen=True)
class Manifest:
    """One game's parts; ``rules.name`` names the game."""

    rules: Ruleset
    #: Every shape a client meets, and an example config (written in the game's
    #: ``rules/contract.py``); none: loose as the defaults.
    contract: Contract = field(default_factory=Contract)
    words: Words = field(default_factory=Words)
    table: Table | None = None
    bots: Mapping[str, Bot] = field(default_factory=dict)
    #: The board as a standalone SVG document, drawn from the state as an actor may see
    #: it (the API serves it at any point of the log); ``None``: a game with no board.
    board: Callable[[State], str] | None = None
    #: Which resource serves its games: ``match`` (/api/matches/), ``skirmish`` or
    #: ``log`` (the campaign's table log, which the services write: nobody plays it).
    kind: str = "match"
    #: The setups a game master chooses among on the New game page, the first the one it
    #: opens with; none: the campaign's config alone.
    presets: tuple[Preset, ...] = ()
    #: The event types that are the game's moments: what a channel or a chat is told of a
    #: game (a goal, a round's summary, the end), rather than every event. The event that
    #: ends the game is always among them, and is told with the game's ending sentence
    #: (:mod:`games.moments`). The game's own word: no list outside its package names them.
    moments: frozenset[str] = frozenset()
    #: How it casts the campaign's houses and characters; the default casts nobody.
    cast: Cast = field(default_factory=Cast)
    playtest: Playtest = field(default_factory=Playtest)

    @property
    def name(self) -> str:
        return self.rules.name

    def starting_config(self, roster: Roster) -> dict:
        """The config a game of the campaign of ``roster`` starts from on the New game page:
        the contract's example as the cast reads it (with the campaign's houses and
        characters, where the rules field them)."""
        return self.cast.starting_config(self.contract.example, roster)

    @property
    def played_by_commands(self) -> bool:
        """Whether clients play it by commands: all but a log the services write, which
        no random player can bring to an end."""
        return self.kind != "log"


_MANIFESTS: dict[str, Manifest] = {}


def register_manifest(manifest: Manifest) -> Manifest:
    """Make ``manifest``'s game, and its rules, findable by the game's name."""
    register_rules(manifest.rules)
    _MANIFESTS[manifest.name] = manifest
    return manifest


def manifest_of(name: str) -> Manifest:
    """The parts of the registered game ``name``; ``KeyError`` if there is none."""
    return manifest_for(find_ruleset(name))


def manifest_for(rules: Ruleset) -> Manifest:
    """The parts of the game ``rules`` are the rules of (a manifest registered with rules
    of their class); rules no manifest holds (a test's toy) are read with the defaults."""
    manifest = _MANIFESTS.get(rules.name)
    if manifest is None or type(manifest.rules) is not type(rules):
        return Manifest(rules=rules)
    return manifest


def played_kinds() -> list[str]:
    """The kinds of the games people play by commands, each of which has a page."""
    manifests = map(manifest_of, ruleset_names())
    return sorted({game.kind for game in manifests if game.played_by_commands})
