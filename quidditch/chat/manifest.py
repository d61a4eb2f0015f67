"""Chat-Quidditch as the platform reads it: its rules, words, table and bots (games.manifest)."""

from games.manifest import Manifest

from .bots import Sensible
from .rules import ChatQuidditch
from .table import ChatTable
from .words import ChatWords

MANIFEST = Manifest(
    rules=ChatQuidditch(),
    words=ChatWords(),
    table=ChatTable(),
    bots={"sensible": Sensible()},
)
