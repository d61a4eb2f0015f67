"""The seekers' duel as the platform reads it: its rules, contract, words, table and bot."""

from games.manifest import Manifest, Playtest

from .bots import Seeker
from .rules.contract import CONTRACT
from .rules.ruleset import SeekerDuel
from .table import DuelTable
from .words import DuelWords

MANIFEST = Manifest(
    rules=SeekerDuel(),
    contract=CONTRACT,
    words=DuelWords(),
    table=DuelTable(),
    bots={"seeker": Seeker()},
    moments=frozenset({"caught"}),
    playtest=Playtest(max_commands=100),
)
