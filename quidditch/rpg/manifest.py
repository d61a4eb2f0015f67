"""Draco Dormiens quidditch as the platform reads it: its rules, contract, words, table,
bots and cast, the setups a game master starts from, its moments and how random players
try it (games.manifest)."""

from core.errors import gettext_noop as _
from games.manifest import Manifest, Playtest, Preset

from .bots import SensiblePlayer
from .cast import RpgCast
from .rules import RpgQuidditch
from .rules.contract import CONTRACT
from .table import RpgTable
from .words import RpgWords

MANIFEST = Manifest(
    rules=RpgQuidditch(),
    contract=CONTRACT,
    words=RpgWords(),
    table=RpgTable(),
    bots={"sensible": SensiblePlayer()},
    presets=(
        Preset(
            "book",
            _("By the book: Madam Hooch sees every foul"),
            {"defended_difficulty_base": 10, "referee_distracted_percent": 0},
        ),
        Preset(
            "rough",
            _("A rough match: Madam Hooch misses one foul in four"),
            {"defended_difficulty_base": 10, "referee_distracted_percent": 25},
        ),
        Preset(
            "open",
            _("An open match: keepers are easier to beat, more goals"),
            {"defended_difficulty_base": 6, "referee_distracted_percent": 0},
        ),
    ),
    #: A goal or a penalty goal, a player leaving with no Health, the snitch caught, the end.
    moments=frozenset({"goal", "penalty_goal", "left_the_match", "snitch_caught", "game_over"}),
    cast=RpgCast(),
    playtest=Playtest(max_commands=4_000, rare_actions={"distract_referee": 0.02}),
)
