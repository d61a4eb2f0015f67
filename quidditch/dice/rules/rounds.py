"""A round, *une manche* (LA PARTIE, LE JEU): turns, placing, re-rolls, and the round's end.

The two players take turns, the attack first. In a turn a player places dice
one at a time, each on the row of its number, and says when the turn is done.
The attack's first die of a round is the snitch, the defence's the keeper;
every turn places at least one die, and the attack's dice of a turn (the
snitch aside) go to one row ("autant de dés qu'il le veut sur une même
rangée", LE JEU; the setting ``one_row_a_turn``). When both have had their
turn, the dice still in hand are rolled again. A player whose dice are all placed sits out,
and the other goes on alone, rolling before each turn. A die whose only row
is full is set aside until the next round, and counts as that turn's die.
When every die is placed or set aside, the attack scores the round and the
roles swap; the first to five snitch points ends the game (LA VICTOIRE).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import RuleViolation

from . import scoring
from .dice import ALL_DICE, ATTACK, DEFENCE, FIRST, KEEPER, SIDES, SNITCH, dice_of
from .pitch import ROWS, full, row_of

SEATS = ("red", "blue")


def other(side: str) -> str:
    return SEATS[1 - SEATS.index(side)]


def role(state: dict, side: str) -> str:
    return ATTACK if state["attack"] == side else DEFENCE


def in_hand(state: dict, side: str) -> list[str]:
    """The side's dice neither placed nor set aside this round, in their order."""
    return [
        die
        for die in dice_of(role(state, side))
        if state["dice"][die]["row"] is None and not state["dice"][die]["aside"]
    ]


def placeable(state: dict, side: str) -> list[str]:
    """The dice the side may put down now: its first die until that is down, then any,
    the attack's only to the row of the turn once it has one (:func:`turn_row`)."""
    hand = in_hand(state, side)
    first = FIRST[role(state, side)]
    if first in hand:
        return [first]
    row = turn_row(state, side)
    return [die for die in hand if row is None or target_row(state, die) == row]


def turn_row(state: dict, side: str) -> int | None:
    """The one row the side's dice go to for the rest of its turn, if it has one.

    "Une fois que le Vif d'Or est placé, celui qui joue l'attaque peut placer autant
    de dés qu'il le veut sur une même rangée" (LE JEU): the first die the attack puts
    on the pitch in a turn, the snitch aside, chooses the row of that turn. The
    defence's dice are not held to one row.
    """
    return state["turn_row"] if _held_to_one_row(state, side) else None


def _held_to_one_row(state: dict, side: str) -> bool:
    return role(state, side) == ATTACK and state["settings"]["one_row_a_turn"]


def target_row(state: dict, die: str) -> int:
    return row_of(state["dice"][die]["face"], SIDES[die], state["settings"]["twelve_sided"])


def blocked_everywhere(state: dict, side: str) -> bool:
    """Whether the side's only option is a full row: then a die is set aside (REMARQUE).

    Only while the turn still owes its die: once one is down the side may end its
    turn, so a full row is no longer its only option.
    """
    dice = placeable(state, side)
    return (
        state["placed_this_turn"] == 0
        and bool(dice)
        and all(full(state["rows"], target_row(state, die)) for die in dice)
    )


ROLL_OFF = "roll_off"
"""The purpose of the roll-off's dice; a die of a hand is rolled for its own name."""


def roll_off(state: dict, dice: Dice, events: list) -> None:
    """Each player rolls a d6; the higher attacks first; a tie is rolled again (PRÉPARATION)."""
    while True:
        faces = {side: dice.roll(6, ROLL_OFF, by=side) for side in SEATS}
        if faces["red"] != faces["blue"]:
            break
        events.append({"type": "roll_off_tied", "red": faces["red"], "blue": faces["blue"]})
    attack = max(SEATS, key=faces.get)
    events.append(
        {"type": "roll_off", "red": faces["red"], "blue": faces["blue"], "attack": attack}
    )
    state["attack"] = attack
    state["round"] = 0
    start_round(state, dice, events)


def start_round(state: dict, dice: Dice, events: list) -> None:
    state["round"] += 1
    state["phase"] = "placing"
    state["rows"] = {str(row): [] for row in ROWS}
    state["dice"] = {die: {"face": None, "row": None, "aside": False} for die in ALL_DICE}
    events.append(
        {
            "type": "round_started",
            "round": state["round"],
            "attack": state["attack"],
            "defence": other(state["attack"]),
        }
    )
    for side in (state["attack"], other(state["attack"])):
        roll_hand(state, side, dice, events)
    state["turn"] = state["attack"]
    state["placed_this_turn"] = 0
    state["turn_row"] = None


def roll_hand(state: dict, side: str, dice: Dice, events: list) -> None:
    hand = in_hand(state, side)
    if not hand:
        return
    rolled = []
    for die in hand:
        state["dice"][die]["face"] = dice.roll(SIDES[die], die, by=side)
        rolled.append(
            {"die": die, "face": state["dice"][die]["face"], "row": target_row(state, die)}
        )
    events.append({"type": "rolled", "side": side, "dice": rolled})


def place(state: dict, side: str, die: str, events: list) -> None:
    _check_in_hand(state, side, die)
    row = target_row(state, die)
    if full(state["rows"], row):
        raise RuleViolation(
            "row_full", _("Row %(row)s already holds four dice."), "LE TERRAIN", params={"row": row}
        )
    state["dice"][die]["row"] = row
    state["rows"][str(row)].append(die)
    state["placed_this_turn"] += 1
    if die != SNITCH and _held_to_one_row(state, side) and state["turn_row"] is None:
        state["turn_row"] = row
    events.append({"type": "placed", "side": side, "die": die, "row": row})


def set_aside(state: dict, side: str, die: str, events: list) -> None:
    _check_in_hand(state, side, die)
    if not blocked_everywhere(state, side):
        raise RuleViolation(
            "not_blocked", _("A die is set aside only when its only row is full."), "REMARQUE"
        )
    state["dice"][die]["aside"] = True
    state["placed_this_turn"] += 1
    events.append({"type": "set_aside", "side": side, "die": die, "row": target_row(state, die)})


def end_turn(state: dict, side: str, dice: Dice, events: list) -> None:
    _check_turn(state, side)
    if state["placed_this_turn"] == 0:
        raise RuleViolation("must_place", _("Place at least one die each turn."), "LE JEU")
    events.append({"type": "turn_ended", "side": side})
    pass_turn(state, side, dice, events)


def pass_turn(state: dict, side: str, dice: Dice, events: list) -> None:
    """The next turn: the other side's if it holds dice, after a re-roll when a pair is done."""
    if not in_hand(state, SEATS[0]) and not in_hand(state, SEATS[1]):
        end_round(state, dice, events)
        return
    following = other(side) if in_hand(state, other(side)) else side
    if following == state["attack"] or following == side:
        for each in (state["attack"], other(state["attack"])):
            roll_hand(state, each, dice, events)
    state["turn"] = following
    state["placed_this_turn"] = 0
    state["turn_row"] = None


def end_round(state: dict, dice: Dice, events: list) -> None:
    attack = state["attack"]
    earned = scoring.score_round(state["rows"])
    total = state["score"][attack]
    total["goals"] += earned.goal_points
    total["snitch"] += earned.snitch_points
    events.append(
        {
            "type": "round_scored",
            "side": attack,
            "goal_points": earned.goal_points,
            "snitch_points": earned.snitch_points,
            "goals": total["goals"],
            "snitch": total["snitch"],
        }
    )
    settings = state["settings"]
    if total["snitch"] >= settings["snitch_to_catch"]:
        total["goals"] += settings["catch_bonus"]
        events.append({"type": "snitch_caught", "side": attack, "bonus": settings["catch_bonus"]})
        finish(state, events)
        return
    state["attack"] = other(attack)
    start_round(state, dice, events)


def finish(state: dict, events: list) -> None:
    goals = {side: state["score"][side]["goals"] for side in SEATS}
    winner = None if goals["red"] == goals["blue"] else max(SEATS, key=goals.get)
    state.update(phase="over", over=True, winner=winner, turn=None)
    events.append(
        {"type": "game_over", "winner": winner, "red": goals["red"], "blue": goals["blue"]}
    )


def _check_turn(state: dict, side: str) -> None:
    if state["phase"] != "placing" or state["turn"] != side:
        raise RuleViolation("not_your_turn", _("It is not your turn."), "LA PARTIE")


FIRST_DIE = {
    SNITCH: _("The snitch is always the first die placed."),
    KEEPER: _("The keeper is always the defence's first die."),
}


def _check_in_hand(state: dict, side: str, die: str) -> None:
    """That ``die`` is one the side may put down now, on its turn (or says why not)."""
    _check_turn(state, side)
    if die not in in_hand(state, side):
        raise RuleViolation("not_in_hand", _("That die is no longer in your hand."), "LA PARTIE")
    first = FIRST[role(state, side)]
    if first in in_hand(state, side) and die != first:
        raise RuleViolation("first_die", FIRST_DIE[first], "LE JEU")
    if die not in placeable(state, side):
        raise RuleViolation(
            "one_row",
            _("This turn, your dice go to row %(row)s only."),
            "LE JEU",
            params={"row": turn_row(state, side)},
        )
