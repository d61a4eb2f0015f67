"""The nine dice (LES DÉS): who owns which, how many sides, and which die goes first.

The attack holds four goal dice (blue, d6), the quaffle (red, d12) and the
snitch (gold, d6); the defence holds the keeper (black, d6) and two bludgers
(black, d12). The snitch is always the attack's first die of a round, the
keeper the defence's (LE JEU).
"""

from __future__ import annotations

ATTACK, DEFENCE = "attack", "defence"

GOALS = ("goal1", "goal2", "goal3", "goal4")
QUAFFLE, SNITCH = "quaffle", "snitch"
KEEPER = "keeper"
BLUDGERS = ("bludger1", "bludger2")

ATTACK_DICE = (SNITCH, *GOALS, QUAFFLE)
DEFENCE_DICE = (KEEPER, *BLUDGERS)
ALL_DICE = (*ATTACK_DICE, *DEFENCE_DICE)

SIDES = {**dict.fromkeys((*GOALS, SNITCH, KEEPER), 6), QUAFFLE: 12, **dict.fromkeys(BLUDGERS, 12)}
"""How many faces each die has."""

BLACK = frozenset(DEFENCE_DICE)
"""The blocking dice: a row with one scores nothing (LE POINTAGE)."""

FIRST = {ATTACK: SNITCH, DEFENCE: KEEPER}
"""The die each role must place first in a round (LE JEU)."""


def role_of(die: str) -> str:
    return ATTACK if die in ATTACK_DICE else DEFENCE


def dice_of(role: str) -> tuple[str, ...]:
    return ATTACK_DICE if role == ATTACK else DEFENCE_DICE
