"""Actions, attacks and defensive rolls (Ch.7 ¶7, ¶8, ¶10).

An action records who does what, to whom, and the roll it needs, of one of
three kinds:

- ``check``: a plain check against a difficulty the storyguide names;
- ``defended``: against a difficulty set by the target's attributes, the
  campaign's base difficulty plus the named attributes of the target (the way
  a chaser's shot is set by the keeper's Toughness plus Dexterity);
- ``opposed``: both roll, and the actor's total must reach the target's.

An opposed or defended action is an *attack*: before its dice are rolled, the
target may dodge it if it has yet to act this round, and a delaying
participant may intervene for the target. Either converts the attack into a
*defensive roll*: each defender raises the attacker's difficulty by one
attribute (the storyguide names which), so that giving up a turn always helps.
"""

from __future__ import annotations

from typing import Any

from campaign.rules.checks import Side, roll_check, roll_opposed
from games.dice import Dice
from games.ruleset import Event, RuleViolation, State

from .config import is_participant, is_whole_number
from .narration import names

CHECK = "check"
DEFENDED = "defended"
OPPOSED = "opposed"
ATTACKS = (DEFENDED, OPPOSED)


def read_action(state: State, command: dict, participant: str) -> dict:
    """Validate what ``participant`` does, to whom, and with which roll."""
    what = command.get("what", "")
    if not isinstance(what, str):
        raise RuleViolation("invalid_command", "what must be a text.")
    target = command.get("target")
    if target is not None:
        if not is_participant(state, target):
            raise RuleViolation("unknown_participant", f"There is no participant {target}.")
        if target == participant:
            raise RuleViolation("invalid_command", "A participant cannot target itself.")
    roll = command.get("roll")
    if roll is not None:
        roll = _read_roll(state, roll, participant, target)
    return {"participant": participant, "what": what, "target": target, "roll": roll}


def is_attack(action: dict) -> bool:
    return action["roll"] is not None and action["roll"]["kind"] in ATTACKS


def _read_roll(state: State, roll: Any, participant: str, target: str | None) -> dict:
    if not isinstance(roll, dict) or roll.get("kind") not in (CHECK, DEFENDED, OPPOSED):
        raise RuleViolation(
            "invalid_command", "roll must be an object of kind check, defended or opposed."
        )
    kind = roll["kind"]
    if kind in ATTACKS and target is None:
        raise RuleViolation("invalid_command", f"A {kind} roll needs a target.")
    read = {"kind": kind, **_read_side(state, roll, participant)}
    if kind == CHECK:
        if not is_whole_number(roll.get("difficulty")):
            raise RuleViolation("invalid_command", "A check needs a difficulty.")
        read["difficulty"] = roll["difficulty"]
    elif kind == DEFENDED:
        defence = roll.get("defence")
        if not isinstance(defence, list) or not defence:
            raise RuleViolation("invalid_command", "A defended roll names the target's attributes.")
        for attribute in defence:
            attribute_value(state, target, attribute)
        read["defence"] = list(defence)
    else:
        read["opposing"] = _read_side(state, roll.get("opposing"), target)
    return read


def _read_side(state: State, side: Any, participant: str) -> dict:
    """One side's roll: the attribute it adds, a bonus, and whether it is a stress roll."""
    if not isinstance(side, dict):
        raise RuleViolation("invalid_command", "An opposed roll needs the opposing side's roll.")
    bonus, stress = side.get("bonus", 0), side.get("stress", False)
    if not is_whole_number(bonus) or not isinstance(stress, bool):
        raise RuleViolation("invalid_command", "bonus must be a whole number, stress true/false.")
    attribute = side.get("attribute")
    attribute_value(state, participant, attribute)
    return {"attribute": attribute, "bonus": bonus, "stress": stress}


def attribute_value(state: State, participant: str, attribute: Any) -> int:
    """The value of ``participant``'s ``attribute``; an attribute it lacks is an error."""
    attributes = state["participants"][participant]["attributes"]
    if not isinstance(attribute, str) or attribute not in attributes:
        raise RuleViolation(
            "missing_attribute",
            f"{state['participants'][participant]['name']} has no attribute {attribute!r}.",
        )
    return attributes[attribute]


def resolve(state: State, action: dict, *, dice: Dice, defenders: list[dict]) -> Event:
    """Roll the action's dice, if it has any, against the difficulty the defenders raise."""
    participant, target, roll = action["participant"], action["target"], action["roll"]
    event: Event = {
        "type": "action",
        "participant": participant,
        "what": action["what"],
        "target": target,
        "defenders": defenders,
        **names(state, participant, *([target] if target else []), *_keys(defenders)),
    }
    if roll is None:
        return event
    die_size = state["settings"]["die_size"]
    actor = state["participants"][participant]
    purpose = f"{actor['name']}: {action['what'] or roll['kind']}"
    acting = _side(state, participant, roll)
    difficulty_raise = sum(defender["value"] for defender in defenders)
    if roll["kind"] == OPPOSED:
        opposed = roll_opposed(
            dice,
            die_size=die_size,
            acting=acting,
            opposing=_side(state, target, roll["opposing"]),
            difficulty_raise=difficulty_raise,
            purpose=purpose,
        )
        return {**event, "roll": opposed.acting.to_json(), "opposing": opposed.opposing.to_json()}
    if roll["kind"] == DEFENDED:
        difficulty = state["settings"]["defended_difficulty_base"] + sum(
            attribute_value(state, target, attribute) for attribute in roll["defence"]
        )
    else:
        difficulty = roll["difficulty"]
    check = roll_check(
        dice,
        die_size=die_size,
        attribute_value=acting.attribute_value,
        bonus=acting.bonus,
        stress=acting.stress,
        difficulty=difficulty + difficulty_raise,
        purpose=purpose,
    )
    return {**event, "roll": check.to_json()}


def _side(state: State, participant: str, side: dict) -> Side:
    return Side(
        attribute_value=attribute_value(state, participant, side["attribute"]),
        bonus=side["bonus"],
        stress=side["stress"],
    )


def _keys(defenders: list[dict]) -> list[str]:
    return [defender["participant"] for defender in defenders]
