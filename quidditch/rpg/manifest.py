"""Draco Dormiens quidditch as the platform reads it: its rules, words, table and bots
(games.manifest)."""

from games.manifest import Manifest

from .bots import SensiblePlayer
from .rules import RpgQuidditch
from .table import RpgTable
from .words import RpgWords

MANIFEST = Manifest(
    rules=RpgQuidditch(),
    words=RpgWords(),
    table=RpgTable(),
    bots={"sensible": SensiblePlayer()},
)
