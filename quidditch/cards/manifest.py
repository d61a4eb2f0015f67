"""The quidditch card game as the platform reads it: its rules, words, table and bots
(games.manifest)."""

from games.manifest import Manifest

from .bots import SimplePlayer
from .rules import CardQuidditch
from .table import CardTable
from .words import CardWords

MANIFEST = Manifest(
    rules=CardQuidditch(),
    words=CardWords(),
    table=CardTable(),
    bots={"simple": SimplePlayer()},
)
