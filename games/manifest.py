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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.ruleset import Bot, Ruleset, State, find_ruleset, register_rules
from games.words import Words

if TYPE_CHECKING:
    from games.tables import Table


@dataclass(frozen=True)
class Manifest:
    """One game's parts; ``rules.name`` names the game."""

    rules: Ruleset
    words: Words = field(default_factory=Words)
    table: Table | None = None
    bots: Mapping[str, Bot] = field(default_factory=dict)
    #: The board as a standalone SVG document, drawn from the state as an actor may see
    #: it (the API serves it at any point of the log); ``None``: a game with no board.
    board: Callable[[State], str] | None = None

    @property
    def name(self) -> str:
        return self.rules.name


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
