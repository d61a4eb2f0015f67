"""A game's moments, told once: what a channel or a chat hears of one write to a game.

A write (a command and the bots' moves after it) appends events; a reader following the
game elsewhere (a Discord channel, a webhook's chat) wants its moments, not every event:
the event types the game's package names in ``Manifest.moments`` (a goal, a round's
summary, the end). Each is narrated as a spectator sees it (hidden information stays
hidden while the game runs), and the write that ends the game ends with the game's
ending sentence, all in one language. Both the Discord bridge and the webhooks'
``discord`` format tell a game through :func:`moments_of`, so a channel hears the same
lines either way.
"""

from __future__ import annotations

from typing import NamedTuple

from games.manifest import manifest_for, manifest_of
from games.models import Game, GameStatus
from games.ruleset import SPECTATOR, Actor, find_ruleset
from games.selectors import event_as_seen, result_as_served, words_language

SPECTATOR_VIEW = Actor(SPECTATOR)


class Moments(NamedTuple):
    """One write's moments: the narrated ``lines``, and the game's ending sentence when
    the write ended it (``""`` otherwise)."""

    lines: list[str]
    ending: str

    def in_markdown(self) -> list[str]:
        """The lines as a chat that reads Markdown shows them, the ending in bold."""
        return [*self.lines, f"**{self.ending}**"] if self.ending else list(self.lines)


def moments_of(game: Game, records: list[dict], language: str) -> Moments:
    """The moments of one write to ``game``: ``records`` are its stored events, in order
    (``games.selectors.EVENT_FIELDS``), read after the write (``game`` as it left it).

    ``language`` is the reader's; where the ruleset does not write it, the game's own
    (:func:`games.selectors.words_language`), so every line is in one language."""
    rules = find_ruleset(game.ruleset)
    language = words_language(manifest_of(game.ruleset).words, lambda: language)
    lines = []
    for record in records:
        seen = event_as_seen(game, record, SPECTATOR_VIEW)
        for item, narration in zip(seen["events"], seen["narration"], strict=True):
            if item.get("type") in manifest_for(rules).moments and (
                line := narration.get(language)
            ):
                lines.append(line)
    return Moments(lines, _ending(game, records, language))


def _ending(game: Game, records: list[dict], language: str) -> str:
    """The ending sentence, where these records end the game (its last one among them)."""
    if game.status != GameStatus.FINISHED or not records or records[-1]["seq"] != game.version:
        return ""
    served = result_as_served(find_ruleset(game.ruleset), game.state, lambda: language)
    return served["sentence"] if served else ""
