"""Which dice a command will roll, told before a die is rolled.

A table that rolls its own dice wants to know what to roll for a command, and
the rules do not say beforehand: they roll as they go, and what they roll
next may hang on what fell (a loose quaffle drifts only if the catch fails; an
interception skips the catch roll). So the command is tried out on dice whose
faces are made up (:class:`games.dice.TrialDice`), once for each way of making
them up in :data:`TRIALS`: what every trial asks for, in the same order,
before any two part, is what the command rolls whatever falls. The first die
asked for is certain (no face is known before it); those after it are as
certain as trying tells: a die that only one face in a hundred calls for may
be missed by every trial, and the table is then asked for it when it comes.

Pure Python over a ruleset's ``apply``, like the rules themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress

from games.dice import Dice, Need, TrialDice, TrialOver, cycling, dice_in
from games.ruleset import Actor, Command, Ruleset, RuleViolation, State

#: How the trials make up faces, the one that ends a roll-off repeated on a tie first.
TRIALS: tuple[Callable[[int, int], int], ...] = (
    cycling,
    lambda sides, nonce: 1,
    lambda sides, nonce: sides,
    lambda sides, nonce: sides - nonce % sides,
)
#: The most dice a command is foreseen to roll: a long enough look ahead for a table.
AHEAD = 60


def command_dice(
    rules: Ruleset,
    state: State,
    command: Command,
    actor: Actor,
    *,
    now: float,
    entered: Iterable = (),
    start_nonce: int = 0,
) -> list[Need]:
    """The dice ``command`` will roll after those ``entered`` for it, in order, as far as
    can be told (an empty list: it rolls no more)."""
    return dice_ahead(
        lambda dice: rules.apply(state, command, actor=actor, dice=dice, now=now),
        entered,
        start_nonce=start_nonce,
    )


def dice_ahead(
    attempt: Callable[[Dice], object], entered: Iterable = (), *, start_nonce: int = 0
) -> list[Need]:
    """What every trial of ``attempt(dice)`` asks for beyond ``entered``, before they part."""
    entered = list(entered)
    agreed: list[Need] | None = None
    for face in TRIALS:
        limit = AHEAD if agreed is None else len(agreed)
        dice = TrialDice(entered, face=face, start_nonce=start_nonce, limit=limit)
        with suppress(TrialOver, RuleViolation):  # enough seen; or refused on these faces
            attempt(dice)
        asked = _one_by_one(dice.asked)[:limit]
        agreed = asked if agreed is None else _common_start(agreed, asked)
        if not agreed:
            break
    return _together(agreed or [])


def _one_by_one(needs: list[Need]) -> list[Need]:
    """Each die on its own (a shuffle stays whole: it is entered as one order)."""
    return [need._replace(count=1) for need in needs for _ in range(dice_in(need))]


def _common_start(first: list[Need], second: list[Need]) -> list[Need]:
    same = 0
    for one, other in zip(first, second, strict=False):
        if one != other:
            break
        same += 1
    return first[:same]


def _together(needs: list[Need]) -> list[Need]:
    """Dice of one kind in a row counted together: two d6 for the pass, not a d6 twice."""
    together: list[Need] = []
    for need in needs:
        last = together[-1] if together else None
        if last and not need.shuffle and last._replace(count=1) == need:
            together[-1] = last._replace(count=last.count + 1)
        else:
            together.append(need)
    return together
