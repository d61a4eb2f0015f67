"""The card game's setups on the New game page (:attr:`games.manifest.Manifest.presets`):
the box's decks, a beginners' match without special cards, a quick and a long one."""

from core.errors import gettext_noop as _
from games.manifest import Preset

from .rules.cards import BLUDGER, GOAL, PITCH_DECK, PLAYER_FACES, QUAFFLE, SNITCH, TEAM_DECK

PRESETS = (
    Preset(
        "box",
        _("The box's decks: 40 team cards each, 28 pitch cards"),
        {"team_deck": dict(TEAM_DECK), "pitch_deck": dict(PITCH_DECK)},
    ),
    Preset(
        "beginners",
        _("Beginners: players' cards only, no spells, jinxes or fouls"),
        {
            "team_deck": {face: n for face, n in TEAM_DECK.items() if face in PLAYER_FACES},
            "pitch_deck": dict(PITCH_DECK),
        },
    ),
    Preset(
        "quick",
        _("A quick match: half the pitch deck"),
        {
            "team_deck": dict(TEAM_DECK),
            "pitch_deck": {QUAFFLE: 7, BLUDGER: 5, GOAL: 2, SNITCH: 1},
        },
    ),
    Preset(
        "long",
        _("A long match: two boxes' cards"),
        {
            "team_deck": {face: 2 * n for face, n in TEAM_DECK.items()},
            "pitch_deck": {QUAFFLE: 28, BLUDGER: 18, GOAL: 8, SNITCH: 1},
        },
    ),
)
