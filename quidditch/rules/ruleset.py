"""Chat-Quidditch, version 2 (2011), as a :class:`games.ruleset.Ruleset`."""

from __future__ import annotations

from games.dice import Dice
from games.ruleset import Actor, Command, Event, Outcome, Ruleset, RuleViolation, State, register

from . import (
    beaters,
    chasers,
    ending,
    keeper,
    legality,
    parsing,
    positioning,
    pregame,
    rounds,
    seekers,
    shots,
    timing,
)
from .commands import normalise
from .config import build_state
from .narration import narrate
from .table import Table


def _by_role(chaser_move, seeker_move):
    """One word, two meanings: ``Fliegen`` and ``Foul`` for chasers and for seekers."""

    def move(table: Table, command: dict) -> None:
        role = table.state["players"][command["player"]]["role"]
        (seeker_move if role == "seeker" else chaser_move)(table, command)

    return move


def _attack(table: Table, command: dict) -> None:
    if "target" in command:
        chasers.attack(table, command)
    else:
        keeper.attack(table, command)


HANDLERS = {
    "experience": pregame.assign_experience,
    "quaffle_roll": pregame.roll_for_quaffle,
    "goal_third": pregame.choose_goal_third,
    "chat": rounds.open_chat,
    "chat_end": rounds.start_round,
    "position": positioning.position,
    "release": rounds.release,
    "bludger_throw": beaters.throw,
    "bludger_catch": beaters.catch,
    "bludger_rethrow": beaters.rethrow,
    "keep_bludger": beaters.keep,
    "block": beaters.block,
    "fly": _by_role(chasers.fly, seekers.fly),
    "attack": _attack,
    "foul": _by_role(chasers.foul, seekers.foul),
    "pass": chasers.pass_quaffle,
    "catch": chasers.receive,
    "intercept": chasers.intercept,
    "shot": shots.shoot,
    "save": shots.save,
    "find": seekers.find,
    "snitch_catch": seekers.catch,
    "end_subround": rounds.end_subround,
    "end_game": ending.vote_to_end,
}


def _may_give(actor: Actor, command: dict) -> bool:
    """For a command exactly as offered in ``awaiting``: may this actor give it?"""
    player = command.get("player")
    if player is None:
        return actor.is_referee
    return player in actor.controls or actor.is_referee  # Actor.may_command, one call less


def _play(table: Table, command: dict) -> None:
    state = table.state
    # Flying opens a moment for attacks, and a won keeper attack one for an
    # unguarded shot; any other valid command closes it (§5.5.2, §5.6.2).
    state["flight"] = None
    if state["unguarded"] and command["action"] != "shot":
        state["unguarded"] = None
    HANDLERS[command["action"]](table, command)


@register
class ChatQuidditch(Ruleset):
    """The chat game of two teams of up to seven, refereed round by round."""

    name = "chat-quidditch"
    title = "Chat-Quidditch"

    def setup(self, config: dict) -> State:
        state = build_state(config)
        table = Table(state, dice=None, now=0.0)  # type: ignore[arg-type]  # no dice before play
        rounds.advance(table)
        return table.state

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        """Resolve one command.

        1. Check its shape and giver (skipped for a command exactly as offered);
        2. settle the timed answers whose deadline has passed (§3.4);
        3. accept it only if the rules offer it now, else say which rule it breaks;
        4. play it, rolling its dice, and move on until someone has to act.
        """
        if state["over"]:
            raise RuleViolation("game_over", "the game is over", "§7")
        offered = command in state["awaiting"] and _may_give(actor, command)
        if not offered:
            command = normalise(command, state, actor)
        table = Table(state, dice, now)
        action = command["action"]
        late = settled = False
        if state["pending"]:
            late = timing.is_late_answer(state, command, now)
            if late:
                table.say("answer_too_late", player=command["player"], action=action)
            settled = timing.settle_expired(table)
            if settled:
                rounds.advance(table)
        if action == "timeout" and not settled:
            raise RuleViolation("too_early", "no answer is overdue", "§3.4")
        if action != "timeout" and not late:
            if settled or not offered:
                legality.check(table.state, command)
            _play(table, command)
            rounds.advance(table)
        # A timeout or a late answer only settles, and the offers after settling stand.
        return Outcome(table.state, table.events)

    def parse(self, text: str, *, state: State, actor: Actor) -> Command:
        return parsing.parse(text, state=state, actor=actor)

    def allowed_commands(self, state: State, actor: Actor) -> list[dict]:
        offered = state["awaiting"]
        if not state["over"]:
            offered = offered + ending.votes_open(state)
        if actor.is_referee:
            return offered
        if actor.role != "player":
            return []
        controls = actor.controls
        return [c for c in offered if c.get("player") in controls or c["action"] == "timeout"]

    def is_over(self, state: State) -> bool:
        return state["over"]

    def result(self, state: State) -> dict | None:
        return ending.result(state) if state["over"] else None

    def narrate(self, event: Event) -> dict[str, str]:
        return narrate(event)
