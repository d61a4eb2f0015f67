"""The quidditch card game as the platform reads it: its rules, contract, words, table,
bots, setups, cast and playtest (games.manifest)."""

from games.manifest import Manifest, Playtest

from .bots import SimplePlayer
from .cast import CardCast
from .presets import PRESETS
from .rules import CardQuidditch
from .rules.contract import CONTRACT
from .rules.visibility import secrets
from .table import CardTable
from .words import CardWords

MANIFEST = Manifest(
    rules=CardQuidditch(),
    contract=CONTRACT,
    words=CardWords(),
    table=CardTable(),
    bots={"simple": SimplePlayer()},
    presets=PRESETS,
    #: A Goal Card pitched, and the end (the Snitch caught).
    moments=frozenset({"goal_scored", "game_over"}),
    cast=CardCast(),
    playtest=Playtest(max_commands=20_000, secrets=secrets),
)
