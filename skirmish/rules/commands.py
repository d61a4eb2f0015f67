"""The commands of a skirmish: who may give each one, when, and what it does.

Each command is a :class:`Move`: ``check`` says whether the actor may give it
now (turn, phase, permission; it reads no payload, so that
``allowed_commands`` can ask it about a bare ``{"action": ..., "participant":
...}``), and ``perform`` reads the payload and changes the state it is given,
which is always a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.dice import Dice
from games.ruleset import Actor, Command, Event, RuleViolation, State

from . import paragraphs, rounds
from .actions import is_attack, read_action, resolve
from .config import (
    ENDED,
    GATHERING,
    ROUNDS,
    is_name,
    is_participant,
    is_whole_number,
    read_participant,
)
from .defence import (
    DODGE,
    INTERVENTION,
    declare_attack,
    defend,
    dodge_refusal,
    intervention_refusal,
    roll_attack,
)
from .initiative import roll_initiative
from .narration import names


@dataclass(frozen=True)
class Move:
    check: Callable[[State, Command, Actor], None]
    perform: Callable[[State, Command, Actor, Dice], list[Event]]
    by_participant: bool
    """Whether the command names the participant who moves (and whose controller may give it)."""


# --- who may command, and when ------------------------------------------------------------


def _participant(state: State, command: Command) -> str:
    key = command.get("participant")
    if not isinstance(key, str):
        raise RuleViolation("invalid_command", "Name the participant by its key.")
    if not is_participant(state, key):
        raise RuleViolation("unknown_participant", f"There is no participant {key!r}.")
    return key


def _commanded(state: State, command: Command, actor: Actor) -> str:
    """The participant the command moves, if ``actor`` may command it."""
    key = _participant(state, command)
    if not actor.may_command(key):
        raise RuleViolation("not_permitted", f"You do not command {key!r}.")
    return key


def _storyguide_only(actor: Actor, rule: str = "") -> None:
    if not actor.is_referee:
        raise RuleViolation("storyguide_only", "Only the storyguide may do that.", rule)


def _in_rounds(state: State) -> None:
    if state["phase"] != ROUNDS:
        raise RuleViolation(
            "initiative_not_rolled",
            "The skirmish has not begun: initiative has not been rolled.",
            paragraphs.INITIATIVE_ROLL,
        )


def _holds_turn(state: State, key: str) -> None:
    """It is ``key``'s turn: the order says so (and the initiator waits out round 1)."""
    if key != state["turn"]:
        if state["round"] == 1 and key == state["initiator"]:
            raise RuleViolation(
                "initiator_waits",
                "The character that initiated the Skirmish does not get an action in the "
                "first round.",
                paragraphs.INITIATIVE_ORDER,
            )
        if key in state["delaying"]:
            raise RuleViolation(
                "cannot_interrupt",
                "Delaying characters cannot interrupt other actors; re-enter after this turn.",
                paragraphs.INTERVENE,
            )
        raise RuleViolation(
            "not_your_turn",
            f"It is {state['participants'][state['turn']]['name']}'s turn.",
            paragraphs.INITIATIVE_ORDER,
        )


def _on_turn(state: State, key: str, *, why: str, rule: str) -> None:
    """It is ``key``'s turn and it has not used it yet (else ``why``, citing ``rule``)."""
    _holds_turn(state, key)
    if key not in state["yet_to_act"]:
        raise RuleViolation("already_acted", why, rule)


# --- before the first round ---------------------------------------------------------------


def _check_add_participant(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor)


def _add_participant(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    key, participant = read_participant(command.get("participant"), code="invalid_command")
    if key in state["participants"]:
        raise RuleViolation("duplicate_participant", f"There already is a participant {key!r}.")
    state["participants"][key] = participant
    if state["phase"] == ROUNDS:
        # A latecomer has missed initiative: it joins as if it had delayed from the bottom of
        # the order, free to re-enter after anyone's turn.
        for queue in ("order", "yet_to_act", "delaying"):
            state[queue].append(key)
    return [{"type": "participant_added", "participant": key, **names(state, key)}]


def _check_roll_initiative(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor, paragraphs.INITIATING_ACTION)
    if state["phase"] != GATHERING:
        raise RuleViolation(
            "initiative_rolled", "Initiative has already been rolled.", paragraphs.INITIATIVE_ROLL
        )


def _roll_initiative(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    initiator = command.get("initiator")
    if not is_participant(state, initiator):
        raise RuleViolation("unknown_participant", "Name the initiator by its key.")
    if len(state["participants"]) < 2:
        raise RuleViolation(
            "too_few_participants",
            "A Skirmish compels multiple characters to react: it needs two participants.",
            paragraphs.INITIATING_ACTION,
        )
    category = command.get("category")
    finesse_attribute = state["settings"]["categories"].get(category) if is_name(category) else None
    if finesse_attribute is None:
        raise RuleViolation(
            "unknown_category",
            f"The categories are {', '.join(state['settings']['categories'])}.",
            paragraphs.INITIATIVE_ROLL,
        )
    stress = command.get("stress", [])
    if not isinstance(stress, list) or not all(is_participant(state, key) for key in stress):
        raise RuleViolation("invalid_command", "stress lists the keys of participants.")
    for participant in state["participants"].values():
        if finesse_attribute not in participant["attributes"]:
            raise RuleViolation(
                "missing_attribute",
                f"{participant['name']} needs {finesse_attribute} to roll initiative.",
                paragraphs.INITIATIVE_ROLL,
            )
    initiating_action = command.get("initiating_action") or {}
    if not isinstance(initiating_action, dict):
        raise RuleViolation("invalid_command", "initiating_action is an action object.")
    initiating_action = read_action(state, initiating_action, initiator)
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
        resolve(state, initiating_action, dice=dice, defenders=[]),
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
        _on_turn(state, _commanded(state, command, actor), why=why, rule=rule)

    return check


def _act(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    key = state["turn"]
    action = read_action(state, command, key)
    rounds.use_up_turn(state, key)
    if is_attack(action):
        return declare_attack(state, action, dice=dice)
    return [resolve(state, action, dice=dice, defenders=[])]


def _delay(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return rounds.delay(state)


def _check_re_enter(state: State, command: Command, actor: Actor) -> None:
    _in_rounds(state)
    key = _commanded(state, command, actor)
    if key not in state["delaying"]:
        raise RuleViolation(
            "not_delaying", "Only a delaying participant re-enters the order.", paragraphs.DELAY
        )
    if key in state["re_entering"]:
        raise RuleViolation(
            "already_re_entering", "She already takes the next turn.", paragraphs.DELAY
        )


def _re_enter(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return rounds.declare_re_entry(state, command["participant"])


def _check_end_turn(state: State, command: Command, actor: Actor) -> None:
    _in_rounds(state)
    _holds_turn(state, _commanded(state, command, actor))
    if state["attack"] is not None:
        raise RuleViolation(
            "attack_pending",
            "The attack waits for its defenders; roll it before the turn ends.",
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


def _defence_attribute(state: State, command: Command, actor: Actor) -> str:
    """The attribute that raises the attacker's difficulty: the storyguide determines it."""
    standing = state["settings"]["defence_attribute"]
    named = command.get("attribute")
    if named is not None and named != standing and not actor.is_referee:
        raise RuleViolation(
            "storyguide_names_attribute",
            "The Storyguide will determine which Attribute raises the attacker's difficulty.",
            paragraphs.INTERVENE,
        )
    attribute = named or standing
    if not is_name(attribute):
        raise RuleViolation(
            "attribute_needed",
            "The storyguide has to name the attribute that raises the attacker's difficulty.",
            paragraphs.INTERVENE,
        )
    return attribute


def _defence(kind: str) -> Callable[[State, Command, Actor, Dice], list[Event]]:
    """Dodging or intervening: the participant raises the attacker's difficulty."""

    def perform(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
        attribute = _defence_attribute(state, command, actor)
        return defend(state, command["participant"], attribute, kind=kind, dice=dice)

    return perform


def _check_resolve_attack(state: State, command: Command, actor: Actor) -> None:
    _in_rounds(state)
    if state["attack"] is None:
        raise RuleViolation("no_attack", "No attack is waiting.", paragraphs.DODGE)
    if not actor.may_command(state["attack"]["target"]):
        raise RuleViolation(
            "not_permitted", "The storyguide or the target's player says when to roll."
        )


def _resolve_attack(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    return roll_attack(state, dice=dice)


# --- the storyguide's ---------------------------------------------------------------------


def _check_change_health(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor)


def _change_health(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    key = _participant(state, command)
    by, reason = command.get("by"), command.get("reason", "")
    if not is_whole_number(by) or not isinstance(reason, str):
        raise RuleViolation("invalid_command", "by is a whole number, reason a text.")
    participant = state["participants"][key]
    if participant["health"] is None:
        raise RuleViolation("health_not_tracked", f"{participant['name']} has no Health to change.")
    participant["health"] += by
    event = {
        "type": "health_changed",
        "participant": key,
        "by": by,
        "health": participant["health"],
        "reason": reason,
    }
    return [{**event, **names(state, key)}]


def _check_end_skirmish(state: State, command: Command, actor: Actor) -> None:
    _storyguide_only(actor, paragraphs.ENDING)


def _end_skirmish(state: State, command: Command, actor: Actor, dice: Dice) -> list[Event]:
    summary = command.get("summary", "")
    if not isinstance(summary, str):
        raise RuleViolation("invalid_command", "summary must be a text.")
    unrolled = state["attack"]
    state.update(phase=ENDED, turn=None, attack=None)
    return [
        {
            "type": "skirmish_ended",
            "round": state["round"],
            "summary": summary,
            "unrolled_attack": unrolled,
        }
    ]


MOVES: dict[str, Move] = {
    "add_participant": Move(_check_add_participant, _add_participant, by_participant=False),
    "roll_initiative": Move(_check_roll_initiative, _roll_initiative, by_participant=False),
    "act": Move(
        _turn_not_used(
            why="Each participant in a Skirmish performs only one action on his or her turn.",
            rule=paragraphs.ONE_ACTION,
        ),
        _act,
        by_participant=True,
    ),
    "delay": Move(
        _turn_not_used(
            why="A participant can delay instead of acting, not after acting.",
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
    """The move ``command`` asks for; nothing moves once the storyguide has ended the skirmish."""
    if state["phase"] == ENDED:
        raise RuleViolation(
            "skirmish_over", "The Storyguide has ended the Skirmish.", paragraphs.ENDING
        )
    if not isinstance(command, dict) or command.get("action") not in MOVES:
        raise RuleViolation("unknown_command", f"The commands are {', '.join(MOVES)}.")
    return MOVES[command["action"]]
