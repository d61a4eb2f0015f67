"""Table Top Quidditch as the platform reads it: its rules, words, table, bot and board
(games.manifest)."""

from games.manifest import Manifest

from .board import svg
from .bots import Chaser
from .rules.ruleset import TabletopQuidditch
from .table import BoardTable
from .words import TabletopWords

MANIFEST = Manifest(
    rules=TabletopQuidditch(),
    words=TabletopWords(),
    table=BoardTable(),
    bots={"chaser": Chaser()},
    board=svg,
)
