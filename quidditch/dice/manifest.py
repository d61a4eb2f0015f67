"""The quidditch dice game as the platform reads it: its rules, words, table and bots
(:mod:`games.manifest`)."""

from games.manifest import Manifest

from .bots import SensiblePlayer
from .rules import DiceQuidditch
from .table import DiceTable
from .words import DiceWords

MANIFEST = Manifest(
    rules=DiceQuidditch(),
    words=DiceWords(),
    table=DiceTable(),
    bots={"sensible": SensiblePlayer()},
)
