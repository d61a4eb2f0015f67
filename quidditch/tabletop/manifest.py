"""Table Top Quidditch as the platform reads it: its rules, contract, words, table, bot and
board, the New game page's presets, its moments and how random players try it
(games.manifest)."""

from core.errors import gettext_noop as _
from games.manifest import Manifest, Playtest, Preset

from .board import svg
from .bots import Chaser
from .rules.contract import CONTRACT
from .rules.pitch import DEFAULT
from .rules.ruleset import TabletopQuidditch
from .rules.scenario import endgame
from .table import BoardTable
from .words import TabletopWords

MANIFEST = Manifest(
    rules=TabletopQuidditch(),
    contract=CONTRACT,
    words=TabletopWords(),
    table=BoardTable(),
    bots={"chaser": Chaser()},
    board=svg,
    presets=(
        Preset(
            "kick_off",
            _("A match from the kick-off, on the printed pitch"),
            {"pitch": dict(DEFAULT)},
        ),
        Preset(
            "small",
            _("A quicker match on a small pitch, 25 by 15 squares"),
            {"pitch": {"length": 25, "width": 15}},
        ),
        Preset(
            "endgame",
            _("The last minutes: a drill in catching the snitch"),
            {"pitch": dict(DEFAULT), "scenario": endgame()},
        ),
    ),
    # A goal, a player knocked off their broom, the snitch caught, a side conceding, the end.
    moments=frozenset({"goal", "knocked_off", "snitch_caught", "concedes", "match_over"}),
    playtest=Playtest(
        max_commands=6_000, rare_actions={"concede": 0.01, "propose_end": 0.05, "reroll": 0.2}
    ),
)
