"""What a skirmish offers an actor now: every command it may give, each complete.

A web table draws them as buttons and forms, a plugin as it likes, a bot
chooses among them; each is taken by ``apply`` as it is (the conformance
suite holds every ruleset to that). They are built, not tried: each move's
own ``check`` says whether the actor may give that kind of command now (asked
only where the command could concern the actor: the storyguide's commands of
the storyguide, a turn's of the one whose turn it is...), and the payload is
made of what the state has, so that offering costs little (bots ask for offers
before every command they give).

Commands that need the storyguide's free input are offered in their plainest
complete form, and a client may send any other the rules take:

- an action is offered without a roll, or as an opposed roll ("frequently
  requires an opposed roll", Ch.7 ¶7) on anyone else still in the fight, with
  each of the actor's attributes against each of the target's; defended rolls,
  checks, bonuses, stress rolls, what the action is and what a hit costs are
  the client's to add;
- a dodge or an intervention with the storyguide's standing attribute, and,
  for the storyguide, with each of the defender's attributes;
- a Health change of one point either way, within 0 and the maximum.
"""

from __future__ import annotations

from games.ruleset import Actor, Command, RuleViolation, State

from .commands import MOVES, rollable_categories
from .defaults import ENDED, ROUNDS
from .fight import standing


def allowed(state: State, actor: Actor) -> list[Command]:
    """Every command ``actor`` may give now: starting the skirmish, each participant's
    moves, rolling a waiting attack, then the storyguide's ending and Health changes."""
    if state["phase"] == ENDED:
        return []
    storyguide = actor.is_referee  # only he is asked about the storyguide's own commands
    offered = _initiative(state, actor) if storyguide else []
    for key in state["participants"]:
        if actor.may_command(key):
            offered += _participant_moves(state, key, actor)
    if state["attack"] is not None and _allows(state, {"action": "resolve_attack"}, actor):
        offered.append({"action": "resolve_attack"})
    if storyguide:
        offered.append({"action": "end_skirmish"})
        offered += _health_changes(state)
    return offered


def _allows(state: State, command: Command, actor: Actor) -> bool:
    try:
        MOVES[command["action"]].check(state, command, actor)
    except RuleViolation:
        return False
    return True


def _initiative(state: State, actor: Actor) -> list[Command]:
    """The storyguide names the initiator and the category (Ch.7 ¶4-¶5)."""
    if not _allows(state, {"action": "roll_initiative"}, actor):
        return []
    return [
        {"action": "roll_initiative", "initiator": key, "category": category}
        for key in standing(state)
        for category in rollable_categories(state)
    ]


def _participant_moves(state: State, key: str, actor: Actor) -> list[Command]:
    moves: list[Command] = []
    for action in _askable(state, key):
        if not _allows(state, {"action": action, "participant": key}, actor):
            continue
        if action == "act":
            moves += actions(state, key)
        elif action in ("dodge", "intervene"):
            moves += _defences(state, action, key, actor)
        else:
            moves.append({"action": action, "participant": key})
    return moves


def _askable(state: State, key: str) -> list[str]:
    """The participant's moves worth asking the rules about, by where it stands in the round
    (its turn, its delay, an attack in the air): the rules' checks decide the rest."""
    if state["phase"] != ROUNDS:
        return []
    askable = ["act", "delay", "end_turn"] if key == state["turn"] else []
    if key in state["delaying"]:
        askable.append("re_enter")
    attack = state["attack"]
    if attack is not None:
        askable.append("dodge" if key == attack["target"] else "intervene")
    return askable


def actions(state: State, key: str) -> list[Command]:
    """``key``'s action without a roll, and every opposed roll it may make on someone else
    in the fight: each of its attributes against each of the target's."""
    participants = state["participants"]
    offered: list[Command] = [{"action": "act", "participant": key}]
    for target in standing(state):
        if target == key:
            continue
        for attribute in sorted(participants[key]["attributes"]):
            for defence in sorted(participants[target]["attributes"]):
                offered.append(
                    {
                        "action": "act",
                        "participant": key,
                        "target": target,
                        "roll": {
                            "kind": "opposed",
                            "attribute": attribute,
                            "opposing": {"attribute": defence},
                        },
                    }
                )
    return offered


def _defences(state: State, action: str, key: str, actor: Actor) -> list[Command]:
    """A dodge or an intervention: with the standing attribute, and for the storyguide (who
    determines it, ¶10) with each of the defender's attributes."""
    standing_attribute = state["settings"]["defence_attribute"]
    attributes = state["participants"][key]["attributes"]
    offered: list[Command] = []
    if standing_attribute in attributes:
        offered.append({"action": action, "participant": key})
    if actor.is_referee:
        offered += [
            {"action": action, "participant": key, "attribute": attribute}
            for attribute in sorted(attributes)
            if attribute != standing_attribute
        ]
    return offered


def _health_changes(state: State) -> list[Command]:
    """The storyguide's point of Health either way, where it stays within its bounds."""
    offered: list[Command] = []
    for key, participant in state["participants"].items():
        health = participant["health"]
        if health is None:
            continue
        if health > 0:
            offered.append({"action": "change_health", "participant": key, "by": -1})
        if health < participant["health_max"]:
            offered.append({"action": "change_health", "participant": key, "by": 1})
    return offered
