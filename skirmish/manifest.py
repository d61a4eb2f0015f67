"""The skirmish as the platform reads it: its rules, words, table, bots and cast, the
presets a storyguide starts one from, its moments, and how random players try it
(games.manifest)."""

from core.errors import gettext_noop as _
from games.manifest import Manifest, Playtest, Preset

from .bots import Fighter
from .cast import SkirmishCast
from .rules import Skirmish
from .rules.contract import CONTRACT
from .table import SkirmishTable
from .words import SkirmishWords

MANIFEST = Manifest(
    rules=Skirmish(),
    contract=CONTRACT,
    words=SkirmishWords(),
    table=SkirmishTable(),
    bots={"fighter": Fighter()},
    kind="skirmish",  # served as a campaign's skirmish, not as a match
    presets=(
        Preset(
            "chapter7",
            _("As Chapter 7 has it: a hit costs one Health, anyone may intervene"),
            {"harm": 1},
        ),
        Preset(
            "duel",
            _("A duel: a hit costs one Health, nobody intervenes"),
            {"harm": 1, "max_interveners": 0},
        ),
        Preset(
            "hard",
            _("A hard fight: a hit costs two Health"),
            {"harm": 2},
        ),
    ),
    # A participant out of the fight or back in it, and the end.
    moments=frozenset({"out_of_the_fight", "back_in_the_fight", "skirmish_ended"}),
    cast=SkirmishCast(),
    playtest=Playtest(
        max_commands=5_000,
        # The storyguide's own: a bot never changes Health by hand, and only the random
        # player that fuzzes the rules ever calls a skirmish off.
        rare_actions={"end_skirmish": 0.01, "change_health": 0.0},
    ),
)
