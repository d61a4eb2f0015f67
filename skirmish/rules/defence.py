"""Defensive rolls: dodging an attack, or intervening for someone else (Ch.7 ¶8, ¶10).

An attack waits, declared but not rolled, while anyone may still defend
against it:

- its target may dodge if it has yet to act this round; the dodge uses up its
  turn but not its place in the order (¶8);
- a delaying participant may intervene, spending her action to dodge for the
  target (¶10); the storyguide may cap how many intervene for one attack.

Each defender raises the attacker's difficulty by an attribute the storyguide
names (the config's ``defence_attribute`` unless he names another). When no one
may defend any more, or the storyguide or the target says so, the attack is
rolled. Delaying participants cannot otherwise interrupt: nothing but a
defence may happen while an attack waits.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Event, RuleViolation, State

from . import paragraphs
from .actions import attribute_value, perform
from .config import names
from .fight import in_the_fight
from .rounds import use_up_turn

DODGE = "dodge"
INTERVENTION = "intervention"


def declare_attack(state: State, action: dict, *, dice: Dice) -> list[Event]:
    """Hold the attack for the defenders, or roll it at once if no one can defend."""
    state["attack"] = {**action, "defenders": []}
    event = {
        "type": "attack_declared",
        "participant": action["participant"],
        "target": action["target"],
        "what": action["what"],
        **names(state, action["participant"], action["target"]),
    }
    return [event, *_roll_when_undefendable(state, dice=dice)]


def dodge_refusal(state: State, key: str) -> RuleViolation | None:
    """Why ``key`` may not dodge the waiting attack, or ``None`` if it may."""
    attack = state["attack"]
    if attack is None:
        return RuleViolation("no_attack", _("There is no attack to dodge."), paragraphs.DODGE)
    if key != attack["target"]:
        return RuleViolation(
            "not_the_target",
            _("Only the target may dodge; a delaying participant may intervene for it."),
            paragraphs.DODGE,
        )
    if not in_the_fight(state["participants"][key]):
        return out_of_the_fight(state, key)
    if key not in state["yet_to_act"]:
        return RuleViolation(
            "already_acted",
            _("Only a character that has yet to act in a round can choose to dodge."),
            paragraphs.DODGE,
        )
    return None


def intervention_refusal(state: State, key: str) -> RuleViolation | None:
    """Why ``key`` may not intervene against the waiting attack, or ``None`` if it may."""
    attack = state["attack"]
    if attack is None:
        return RuleViolation(
            "no_attack", _("There is no attack to intervene in."), paragraphs.INTERVENE
        )
    if key == attack["target"]:
        return RuleViolation(
            "own_defence", _("The target dodges; it does not intervene."), paragraphs.INTERVENE
        )
    if not in_the_fight(state["participants"][key]):
        return out_of_the_fight(state, key)
    if key not in state["delaying"]:
        return RuleViolation(
            "not_delaying",
            _(
                "Only a delaying character can use her action to intervene on someone else's "
                "behalf."
            ),
            paragraphs.INTERVENE,
        )
    limit = state["settings"]["max_interveners"]
    interveners = [d for d in attack["defenders"] if d["kind"] == INTERVENTION]
    if limit is not None and len(interveners) >= limit:
        return RuleViolation(
            "intervention_limit",
            _("The storyguide allows %(limit)s to intervene for one target."),
            paragraphs.INTERVENE,
            params={"limit": limit},
        )
    return None


def out_of_the_fight(state: State, key: str) -> RuleViolation:
    """The refusal of anything a participant out of the fight would do."""
    return RuleViolation(
        "out_of_the_fight",
        _("%(name)s is out of the fight."),
        params={"name": state["participants"][key]["name"]},
    )


def defend(state: State, key: str, attribute: str, *, kind: str, dice: Dice) -> list[Event]:
    """``key`` spends its turn to raise the attacker's difficulty by ``attribute``."""
    attack = state["attack"]
    defender = {
        "participant": key,
        "kind": kind,
        "attribute": attribute,
        "value": attribute_value(state, key, attribute),
    }
    attack["defenders"].append(defender)
    use_up_turn(state, key)
    event = {
        "type": "dodged" if kind == DODGE else "intervened",
        **defender,
        "target": attack["target"],
        **names(state, key, attack["target"]),
    }
    return [event, *_roll_when_undefendable(state, dice=dice)]


def roll_attack(state: State, *, dice: Dice) -> list[Event]:
    """Roll the waiting attack against the difficulty its defenders raised."""
    attack = state["attack"]
    state["attack"] = None
    return perform(state, attack, dice=dice, defenders=attack["defenders"])


def _roll_when_undefendable(state: State, *, dice: Dice) -> list[Event]:
    if dodge_refusal(state, state["attack"]["target"]) is None or any(
        intervention_refusal(state, key) is None for key in state["delaying"]
    ):
        return []
    return roll_attack(state, dice=dice)
