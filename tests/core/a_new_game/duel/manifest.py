"""The seekers' duel as the platform reads it: its rules, words, table and bot."""

from games.manifest import Manifest

from .bots import Seeker
from .rules.ruleset import SeekerDuel
from .table import DuelTable
from .words import DuelWords

MANIFEST = Manifest(
    rules=SeekerDuel(), words=DuelWords(), table=DuelTable(), bots={"seeker": Seeker()}
)
