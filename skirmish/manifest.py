"""The skirmish as the platform reads it: its rules, words, table and bots (games.manifest)."""

from games.manifest import Manifest

from .bots import Fighter
from .rules import Skirmish
from .table import SkirmishTable
from .words import SkirmishWords

MANIFEST = Manifest(
    rules=Skirmish(),
    words=SkirmishWords(),
    table=SkirmishTable(),
    bots={"fighter": Fighter()},
)
