"""The commands of a skirmish: who may give each one, when, and what it does.

Each command is a :class:`Move`: ``check`` says whether the actor may give it
now (turn, phase, permission, being in the fight; it reads nothing else, so
that ``offers`` can ask it about a bare ``{"action": ..., "participant":
...}``), and ``perform`` reads the payload and changes the state it is given,
which is always a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Actor, Command, Event, RuleViolation, State, within_bounds

from . import contract, fight, paragraphs, rounds
from .actions import is_attack, perform, read_action
from .config import (
    is_name,
    is_participant,
    is_whole_number,
    names,
    read_participant,
)
from .defaults import ENDED, GATHERING, ROUNDS
from .defence import (
    DODGE,
    INTERVENTION,
    declare_attack,
    defend,
    dodge_refusal,
    intervention_refusal,
    out_of_the_fight,
    roll_attack,
)
from .initiative import roll_initiative

PARTICIPANTS = contract.CONFIG["properties"]["participants"]
"""The participants a skirmish may have, with their bound: those of the config and those
the storyguide brings in."""


@dataclass(frozen=True)
class Move:
    check: Callable[[State, Command, Actor], None]
    perform: Callable[[State, Command, Actor, Dice], list[Event]]
    by_participant: bool
    """Whether the command is a participant's own (its holder gives it); else the
    storyguide's, whoever else may also give it."""


# --- who may command, and when ------------------------------------------------------------


def _participant(state: State, command: Command) -> str:
    key = command.get("participant")
    if not isinstance(key, str):
        raise RuleViolation("invalid_command", _("Name the participant by its key."))
    if not is_participant(state, key):
        raise RuleViolation(
            "unknown_participant", _("There is no participant %(key)s."), params={"key": key}
        )
    return key


def _commanded(state: State, command: Command, actor: Actor) -> str:
    """The participant the command moves, if ``actor`` may command it."""
    key = _participant(state, command)
    if not actor.may_command(key):
        raise RuleViolation(
            "not_permitted",
            _("You do not command %(name)s."),
            params={"name": state["participants"][key]["name"]},
        )
    return key


def _storyguide_only(actor: Actor, rule: str = "") -> None:
    if not actor.is_referee:
        raise RuleViolation("storyguide_only", _("Only the storyguide may do that."), rule)


def _in_rounds(state: State) -> None:
    if state["phase"] != ROUNDS:
        raise RuleViolation(
            "initiative_not_rolled",
            _("The skirmish has not begun: initiative has not been rolled."),
            paragraphs.INITIATIVE_ROLL,
        )


def _in_the_fight(state: State, key: str) -> None:
    if not fight.in_the_fight(state["participants"][key]):
        raise out_of_the_fight(state, key)


def _holds_turn(state: State, key: str) -> None:
    """It is ``key``'s turn: the order says so (and the initiator waits out round 1)."""
    if key != state["turn"]:
        if state["round"] == 1 and key == state["initiator"]:
            raise RuleViolation(
                "initiator_waits",
                _(
                    "The character that initiated the Skirmish does not get an action in the "
                    "first round."
                ),
                paragraphs.INITIATIVE_ORDER,
            )
        if key in state["delaying"]:
            raise RuleViolation(
                "cannot_interrupt",
                _("Delaying characters cannot interrupt other actors; re-enter after this turn."),
                paragraphs.INTERVENE,
            )
        raise RuleViolation(
            "not_your_turn",
            _("It is %(name)s's turn."),
            paragraphs.INITIATIVE_ORDER,
            params={"name": state["participants"][state["turn"]]["name"]},
        )


# --- before the first round ---------------------------------------------------------------


def _check_add_participant(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor)


def _add_participant(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    key, participant = read_participant(command.get("participant"), code="invalid_command")
    if key in state["participants"]:
        raise RuleViolation(
            "duplicate_participant",
            _("There already is a participant %(key)s."),
            params={"key": key},
        )
    # No more than a config may bring (issue 37 §3: bounded work for every game).
    joined = [*state["participants"], key]
    within_bounds("participants", joined, PARTICIPANTS, code="invalid_command")
    state["participants"][key] = participant
    if state["phase"] == ROUNDS:
        # A latecomer has missed initiative: it joins as if it had delayed from the bottom of
        # the order, free to re-enter after anyone's turn.
        state["order"].append(key)
        if fight.in_the_fight(participant):
            state["yet_to_act"].append(key)
            state["delaying"].append(key)
    return [{"type": "participant_added", "participant": key, **names(state, key)}]


def _check_roll_initiative(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor, paragraphs.INITIATING_ACTION)
    if state["phase"] != GATHERING:
        raise RuleViolation(
            "initiative_rolled",
            _("Initiative has already been rolled."),
            paragraphs.INITIATIVE_ROLL,
        )
    if not fight.opposition_left(state):
        raise RuleViolation(
            "too_few_participants",
            _(
                "A Skirmish compels multiple characters to react: it needs two participants "
                "in the fight who oppose one another."
            ),
            paragraphs.INITIATING_ACTION,
        )


def rollable_categories(state: State) -> list[str]:
    """The categories whose Finesse attribute every participant has, to roll initiative."""
    return [
        category
        for category, attribute in state["settings"]["categories"].items()
        if all(attribute in p["attributes"] for p in state["participants"].values())
    ]


def _roll_initiative(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    initiator = command.get("initiator")
    if not is_participant(state, initiator):
        raise RuleViolation("unknown_participant", _("Name the initiator by its key."))
    _in_the_fight(state, initiator)
    category = command.get("category")
    finesse_attribute = state["settings"]["categories"].get(category) if is_name(category) else None
    if finesse_attribute is None:
        raise RuleViolation(
            "unknown_category",
            _("The categories are %(categories)s."),
            paragraphs.INITIATIVE_ROLL,
            params={"categories": ", ".join(state["settings"]["categories"])},
        )
    stress = command.get("stress", [])
    if not isinstance(stress, list) or not all(is_participant(state, key) for key in stress):
        raise RuleViolation("invalid_command", _("A stress roll is asked of participants."))
    for participant in state["participants"].values():
        if finesse_attribute not in participant["attributes"]:
            raise RuleViolation(
                "missing_attribute",
                _("%(name)s needs %(attribute)s to roll initiative."),
                paragraphs.INITIATIVE_ROLL,
                params={"name": participant["name"], "attribute": finesse_attribute},
            )
    initiating = command.get("initiating_action") or {}
    if not isinstance(initiating, dict):
        raise RuleViolation("invalid_command", _("The initiating action is an action."))
    initiating_action = read_action(state, initiating, initiator, actor)
    state.update(phase=ROUNDS, initiator=initiator, category=category)
    started = {
        "type": "skirmish_initiated",
        "participant": initiator,
        "category": category,
        "attribute": finesse_attribute,
        **names(state, initiator),
    }
    return [
        started,
        # An initiating action the storyguide did not describe is the ruckus itself.
        *(perform(state, initiating_action, dice=dice, defenders=[]) if initiating else []),
        *roll_initiative(
            state, dice=dice, finesse_attribute=finesse_attribute, stress=frozenset(stress)
        ),
        *rounds.start_first_round(state),
    ]


# --- a turn -------------------------------------------------------------------------------


def _turn_not_used(*, why: str, rule: str) -> Callable[[State, Command, Actor], None]:
    """The check of a command given on one's own turn, before using it (act, delay)."""

    def check(state: State, command: Command, actor: Actor) -> None:
        _in_rounds(state)
        key = _commanded(state, command, actor)
        _holds_turn(state, key)
        _in_the_fight(state, key)
        if key not in state["yet_to_act"]:
            raise RuleViolation("already_acted", why, rule)

    return check


def _act(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    key = state["turn"]
    action = read_action(state, command, key, actor)
    rounds.use_up_turn(state, key)
    if is_attack(action):
        return declare_attack(state, action, dice=dice)
    return perform(state, action, dice=dice, defenders=[])


def _delay(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return rounds.delay(state)


def _check_re_enter(state: State, command: Command, actor: Actor) -> None:
    _in_rounds(state)
    key = _commanded(state, command, actor)
    _in_the_fight(state, key)
    if key not in state["delaying"]:
        raise RuleViolation(
            "not_delaying",
            _("Only a delaying participant re-enters the order."),
            paragraphs.DELAY,
        )
    if key in state["re_entering"]:
        raise RuleViolation(
            "already_re_entering", _("She already takes the next turn."), paragraphs.DELAY
        )


def _re_enter(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return rounds.declare_re_entry(state, command["participant"])


def _check_end_turn(state: State, command: Command, actor: Actor) -> None:
    _in_rounds(state)
    _holds_turn(state, _commanded(state, command, actor))
    if state["attack"] is not None:
        raise RuleViolation(
            "attack_pending",
            _("The attack waits for its defenders; roll it before the turn ends."),
            paragraphs.DODGE,
        )


def _end_turn(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return rounds.end_turn(state)


# --- defensive rolls ----------------------------------------------------------------------


def _defence_allowed(
    refusal: Callable[[State, str], RuleViolation | None],
) -> Callable[[State, Command, Actor], None]:
    """The check of a defence: the commanded participant may defend, unless ``refusal`` says why."""

    def check(state: State, command: Command, actor: Actor) -> None:
        _in_rounds(state)
        violation = refusal(state, _commanded(state, command, actor))
        if violation:
            raise violation

    return check


def defence_attribute(state: State, command: Command, actor: Actor) -> str:
    """The attribute that raises the attacker's difficulty: the storyguide determines it."""
    standing = state["settings"]["defence_attribute"]
    named = command.get("attribute")
    if named is not None and named != standing and not actor.is_referee:
        raise RuleViolation(
            "storyguide_names_attribute",
            _("The Storyguide will determine which Attribute raises the attacker's difficulty."),
            paragraphs.INTERVENE,
        )
    attribute = named or standing
    if not is_name(attribute):
        raise RuleViolation(
            "attribute_needed",
            _("The storyguide has to name the attribute that raises the attacker's difficulty."),
            paragraphs.INTERVENE,
        )
    return attribute


def _defence(kind: str) -> Callable[[State, Command, Actor, Dice], list[Event]]:
    """Dodging or intervening: the participant raises the attacker's difficulty."""

    def perform_defence(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
        attribute = defence_attribute(state, command, actor)
        return defend(state, command["participant"], attribute, kind=kind, dice=dice)

    return perform_defence


def _check_resolve_attack(state: State, command: Command, actor: Actor) -> None:
    _in_rounds(state)
    if state["attack"] is None:
        raise RuleViolation("no_attack", _("No attack is waiting."), paragraphs.DODGE)
    if not actor.may_command(state["attack"]["target"]):
        raise RuleViolation(
            "not_permitted", _("The storyguide or the target's player says when to roll.")
        )


def _resolve_attack(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return roll_attack(state, dice=dice)


# --- the storyguide's ---------------------------------------------------------------------


def _check_change_health(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor)


def _change_health(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    """The storyguide heals or hurts a participant, within 0 and its maximum."""
    key = _participant(state, command)
    by, reason = command.get("by"), command.get("reason", "")
    if not is_whole_number(by) or by == 0 or not isinstance(reason, str):
        raise RuleViolation(
            "invalid_command", _("Health changes by a whole number of points, not 0.")
        )
    participant = state["participants"][key]
    if participant["health"] is None:
        raise RuleViolation(
            "health_not_tracked",
            _("%(name)s has no Health to change."),
            params={"name": participant["name"]},
        )
    health = participant["health"] + by
    if not 0 <= health <= participant["health_max"]:
        raise RuleViolation(
            "health_out_of_bounds",
            _("%(name)s's Health stays between 0 and %(maximum)s."),
            params={"name": participant["name"], "maximum": participant["health_max"]},
        )
    return fight.set_health(state, key, health, reason=reason)


def _check_end_skirmish(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor, paragraphs.ENDING)


def _end_skirmish(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    summary = command.get("summary", "")
    if not isinstance(summary, str):
        raise RuleViolation("invalid_command", _("The summary is a text."))
    return [fight.end(state, by="storyguide", summary=summary)]


MOVES: dict[str, Move] = {
    "add_participant": Move(_check_add_participant, _add_participant, by_participant=False),
    "roll_initiative": Move(_check_roll_initiative, _roll_initiative, by_participant=False),
    "act": Move(
        _turn_not_used(
            why=_("Each participant in a Skirmish performs only one action on his or her turn."),
            rule=paragraphs.ONE_ACTION,
        ),
        _act,
        by_participant=True,
    ),
    "delay": Move(
        _turn_not_used(
            why=_("A participant can delay instead of acting, not after acting."),
            rule=paragraphs.DELAY,
        ),
        _delay,
        by_participant=True,
    ),
    "re_enter": Move(_check_re_enter, _re_enter, by_participant=True),
    "dodge": Move(_defence_allowed(dodge_refusal), _defence(DODGE), by_participant=True),
    "intervene": Move(
        _defence_allowed(intervention_refusal), _defence(INTERVENTION), by_participant=True
    ),
    "resolve_attack": Move(_check_resolve_attack, _resolve_attack, by_participant=False),
    "end_turn": Move(_check_end_turn, _end_turn, by_participant=True),
    "change_health": Move(_check_change_health, _change_health, by_participant=False),
    "end_skirmish": Move(_check_end_skirmish, _end_skirmish, by_participant=False),
}


def find_move(state: State, command: Command) -> Move:
    """The move ``command`` asks for; nothing moves once the skirmish has ended."""
    if state["phase"] == ENDED:
        raise RuleViolation("skirmish_over", _("The skirmish is over."), paragraphs.ENDING)
    if not isinstance(command, dict) or command.get("action") not in MOVES:
        raise RuleViolation(
            "unknown_command",
            _("The commands are %(actions)s."),
            params={"actions": ", ".join(MOVES)},
        )
    return MOVES[command["action"]]
