"""The quidditch dice game as the platform reads it: its rules, contract, words, table,
bots, presets, moments, cast and playtest (:mod:`games.manifest`)."""

from core.errors import gettext_noop as _
from games.manifest import Manifest, Playtest, Preset

from .bots import SensiblePlayer
from .cast import DiceCast
from .rules import DiceQuidditch
from .rules.contract import CONTRACT
from .table import DiceTable
from .words import DiceWords

MANIFEST = Manifest(
    rules=DiceQuidditch(),
    contract=CONTRACT,
    words=DiceWords(),
    table=DiceTable(),
    bots={"sensible": SensiblePlayer()},
    presets=(
        Preset(
            "printed",
            _("The game as printed: five snitch points end it"),
            {"snitch_to_catch": 5, "one_row_a_turn": True},
        ),
        Preset(
            "short",
            _("A short game: three snitch points end it"),
            {"snitch_to_catch": 3, "one_row_a_turn": True},
        ),
        Preset(
            "beginners",
            _("Beginners: the attack may spread its dice over several rows"),
            {"snitch_to_catch": 5, "one_row_a_turn": False},
        ),
    ),
    # A round's points, the snitch caught, the end.
    moments=frozenset({"round_scored", "snitch_caught", "game_over"}),
    cast=DiceCast(),
    playtest=Playtest(max_commands=3_000),
)
