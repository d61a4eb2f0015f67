"""Chat-Quidditch as the platform reads it (games.manifest): its rules and contract, its
words, table and bots, the setups a game master starts a match from, its moments, how it
casts the campaign's houses and characters, and how random players try it."""

from core.errors import gettext_noop as _
from games.manifest import Manifest, Playtest, Preset

from .bots import Sensible
from .cast import ChatCast
from .rules import ChatQuidditch
from .rules.contract import CONTRACT
from .table import ChatTable
from .words import ChatWords

MANIFEST = Manifest(
    rules=ChatQuidditch(),
    contract=CONTRACT,
    words=ChatWords(),
    table=ChatTable(),
    bots={"sensible": Sensible()},
    presets=(
        Preset(
            "full",
            _("A full match: ten rounds, half-time after the fifth"),
            {"rounds": 10, "half_time_after": 5, "answer_seconds": 10, "final": False},
        ),
        Preset(
            "short",
            _("A short match: four rounds, half-time after the second"),
            {"rounds": 4, "half_time_after": 2, "answer_seconds": 10, "final": False},
        ),
        Preset(
            "first",
            _("A first match: six rounds, a minute to answer"),
            {"rounds": 6, "half_time_after": 3, "answer_seconds": 60, "final": False},
        ),
        Preset(
            "final",
            _("A cup final: a draw goes to the snitch's team, else two more rounds"),
            {"rounds": 10, "half_time_after": 5, "answer_seconds": 10, "final": True},
        ),
    ),
    # A goal, the score after each round (§5.1), the snitch caught, a final drawn into
    # extra rounds (§8.2), the end (§7).
    moments=frozenset({"goal", "score", "snitch_catch", "extension", "game_over"}),
    cast=ChatCast(),
    playtest=Playtest(
        max_commands=20_000,
        # A referee ends a sub-round early now and then; bots never agree to end (§7).
        rare_actions={"end_subround": 0.02, "end_game": 0.0, "substitution": 0.01},
    ),
)
