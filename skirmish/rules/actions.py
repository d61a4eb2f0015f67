"""Actions, attacks and what a successful attack costs (Ch.7 ¶7, ¶8, ¶10).

An action records who does what, to whom, and the roll it needs, of one of
three kinds:

- ``check``: a plain check against a difficulty the storyguide names;
- ``defended``: against a difficulty set by the target's attributes, the
  campaign's base difficulty plus the named attributes of the target (the way
  a chaser's shot is set by the keeper's Toughness plus Dexterity);
- ``opposed``: both roll, and the actor's total must reach the target's
  ("frequently requires an opposed roll", ¶7).

An opposed or defended action is an *attack*: before its dice are rolled, the
target may dodge it if it has yet to act this round, and a delaying
participant may intervene for the target (``defence``). A successful attack
costs the target Health (``fight.wound``): the skirmish's ``harm``, or what
the storyguide names for this attack.
"""

from __future__ import annotations

from typing import Any

from campaign.rules.checks import Side, roll_check, roll_opposed
from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Actor, Event, RuleViolation, State

from .config import is_participant, is_whole_number, names
from .fight import in_the_fight, wound

CHECK = "check"
DEFENDED = "defended"
OPPOSED = "opposed"
ATTACKS = (DEFENDED, OPPOSED)
#: A roll with no ``what`` is named by its kind in the purpose of its dice.
ROLL_NAMES = {CHECK: "check", DEFENDED: "defended roll", OPPOSED: "opposed roll"}


def read_action(state: State, command: dict, participant: str, actor: Actor) -> dict:
    """Validate what ``participant`` does, to whom, with which roll, and what a hit costs."""
    what = command.get("what", "")
    if not isinstance(what, str):
        raise RuleViolation("invalid_command", _("What the participant does is a text."))
    target = command.get("target")
    if target is not None:
        if not is_participant(state, target):
            raise RuleViolation(
                "unknown_participant",
                _("There is no participant %(key)s."),
                params={"key": target},
            )
        if target == participant:
            raise RuleViolation("invalid_command", _("A participant cannot target itself."))
    roll = command.get("roll")
    if roll is not None:
        roll = _read_roll(state, roll, participant, target)
    action = {"participant": participant, "what": what, "target": target, "roll": roll}
    if is_attack(action):
        if not in_the_fight(state["participants"][target]):
            raise RuleViolation(
                "target_out_of_the_fight",
                _("%(name)s is out of the fight."),
                params={"name": state["participants"][target]["name"]},
            )
        action["harm"] = _harm(state, command, actor)
    elif "harm" in command:
        raise RuleViolation("invalid_command", _("Only an attack costs its target Health."))
    return action


def _harm(state: State, command: dict, actor: Actor) -> int:
    """What the attack costs its target if it succeeds: the skirmish's ``harm``, unless the
    storyguide names another for this attack (a stinging insult may cost nothing)."""
    standing = state["settings"]["harm"]
    harm = command.get("harm", standing)
    if not is_whole_number(harm) or harm < 0:
        raise RuleViolation("invalid_command", _("The harm is a whole number, at least 0."))
    if harm != standing and not actor.is_referee:
        raise RuleViolation(
            "storyguide_names_harm", _("Only the storyguide names what an attack costs.")
        )
    return harm


def is_attack(action: dict) -> bool:
    return action["roll"] is not None and action["roll"]["kind"] in ATTACKS


def _read_roll(state: State, roll: Any, participant: str, target: str | None) -> dict:
    if not isinstance(roll, dict) or roll.get("kind") not in ROLL_NAMES:
        raise RuleViolation(
            "invalid_command", _("A roll is a check, a defended roll or an opposed roll.")
        )
    kind = roll["kind"]
    known = {"kind", "attribute", "bonus", "stress"} | {
        CHECK: {"difficulty"},
        DEFENDED: {"defence"},
        OPPOSED: {"opposing"},
    }[kind]
    if set(roll) - known:
        raise RuleViolation(
            "invalid_command",
            _("This roll has no field %(fields)s."),
            params={"fields": ", ".join(sorted(set(roll) - known))},
        )
    if kind in ATTACKS and target is None:
        raise RuleViolation("invalid_command", _("An attack needs a target."))
    read = {"kind": kind, **_read_side(state, roll, participant)}
    if kind == CHECK:
        if not is_whole_number(roll.get("difficulty")):
            raise RuleViolation("invalid_command", _("A check needs a difficulty."))
        read["difficulty"] = roll["difficulty"]
    elif kind == DEFENDED:
        defence = roll.get("defence")
        if not isinstance(defence, list) or not defence:
            raise RuleViolation(
                "invalid_command", _("A defended roll names the target's attributes.")
            )
        for attribute in defence:
            attribute_value(state, target, attribute)
        read["defence"] = list(defence)
    else:
        read["opposing"] = _read_side(state, roll.get("opposing"), target)
    return read


def _read_side(state: State, side: Any, participant: str) -> dict:
    """One side's roll: the attribute it adds, a bonus, and whether it is a stress roll."""
    if not isinstance(side, dict):
        raise RuleViolation("invalid_command", _("An opposed roll needs the opposing roll."))
    bonus, stress = side.get("bonus", 0), side.get("stress", False)
    if not is_whole_number(bonus) or not isinstance(stress, bool):
        raise RuleViolation(
            "invalid_command", _("A bonus is a whole number; a stress roll is yes or no.")
        )
    attribute = side.get("attribute")
    attribute_value(state, participant, attribute)
    return {"attribute": attribute, "bonus": bonus, "stress": stress}


def attribute_value(state: State, participant: str, attribute: Any) -> int:
    """The value of ``participant``'s ``attribute``; an attribute it lacks is an error."""
    attributes = state["participants"][participant]["attributes"]
    if not isinstance(attribute, str) or attribute not in attributes:
        raise RuleViolation(
            "missing_attribute",
            _("%(name)s has no attribute %(attribute)s."),
            params={"name": state["participants"][participant]["name"], "attribute": attribute},
        )
    return attributes[attribute]


def perform(state: State, action: dict, *, dice: Dice, defenders: list[dict]) -> list[Event]:
    """Roll the action against the difficulty its defenders raised; a successful attack
    costs its target Health."""
    event = resolve(state, action, dice=dice, defenders=defenders)
    if not is_attack(action) or not event["roll"]["success"]:
        return [event]
    return [event, *wound(state, action["target"], action["harm"], reason=action["what"])]


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
    event.update(kind=roll["kind"], attribute=roll["attribute"], against=_against(roll))
    die_size = state["settings"]["die_size"]
    actor = state["participants"][participant]
    purpose = f"{actor['name']}: {action['what'] or ROLL_NAMES[roll['kind']]}"
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
        by=acting.by,
    )
    return {**event, "roll": check.to_json()}


def _against(roll: dict) -> list[str]:
    """The target's attributes the roll is up against (none for a check)."""
    if roll["kind"] == OPPOSED:
        return [roll["opposing"]["attribute"]]
    return list(roll.get("defence", []))


def _side(state: State, participant: str, side: dict) -> Side:
    """What ``participant`` brings to the roll; at a table, its own seat rolls its dice."""
    return Side(
        attribute_value=attribute_value(state, participant, side["attribute"]),
        bonus=side["bonus"],
        stress=side["stress"],
        by=participant,
    )


def _keys(defenders: list[dict]) -> list[str]:
    return [defender["participant"] for defender in defenders]
