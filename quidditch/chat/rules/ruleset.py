"""Chat-Quidditch, version 2 (2011), as a :class:`games.ruleset.Ruleset`: the rules' own
hooks, and the house cup's (§8). What else the platform reads of the game (its contract,
presets, moments, cast and playtest) the package's manifest declares."""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Actor, Command, Outcome, Ruleset, RuleViolation, State

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
    substitutions,
    timing,
)
from .commands import normalise
from .config import build_state
from .contract import MAX_ROUNDS
from .match import Match

GOALS_PER_ROUND = 2
"""A goal in the chasers' sub-round and a free throw in the seekers' (§5.5.6, §5.7.3)."""


def _by_role(chaser_move, seeker_move):
    """One word, two meanings: ``Fliegen`` and ``Foul`` for chasers and for seekers."""

    def move(match: Match, command: dict) -> None:
        role = match.state["players"][command["player"]]["role"]
        (seeker_move if role == "seeker" else chaser_move)(match, command)

    return move


def _attack(match: Match, command: dict) -> None:
    if "target" in command:
        chasers.attack(match, command)
    else:
        keeper.attack(match, command)


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
    "substitution": substitutions.ask,
    "accept_substitution": substitutions.accept,
    "refuse_substitution": substitutions.refuse,
}


def _complete(state: State, command: dict, now: float | None) -> list[dict]:
    """An awaited command as a client can send it: the captain's experience with the usual
    hand-out or none; a timeout not before its deadline."""
    action = command["action"]
    if action == "experience":
        usual = pregame.usual_experience(state, command["player"])
        return [{**command, "points": usual}, {**command, "points": {}}]
    if action == "timeout" and now is not None and now <= command["deadline"]:
        return []
    return [command]


def _may_give(actor: Actor, command: dict) -> bool:
    """For a command exactly as offered in ``awaiting``: may this actor give it?"""
    player = command.get("player")
    if player is None:
        return actor.is_referee
    return player in actor.controls or actor.is_referee  # Actor.may_command, one call less


def _play(match: Match, command: dict) -> None:
    state = match.state
    if command["action"] in substitutions.ACTIONS:  # a whisper to the referee (§8.6)
        HANDLERS[command["action"]](match, command)
        return
    # Flying opens a moment for attacks, and a won keeper attack one for an
    # unguarded shot; any other valid command closes it (§5.5.2, §5.6.2).
    state["flight"] = None
    if state["unguarded"] and command["action"] != "shot":
        state["unguarded"] = None
    HANDLERS[command["action"]](match, command)


class ChatQuidditch(Ruleset):
    """The chat game of two teams of up to seven, refereed round by round."""

    name = "chat-quidditch"
    title = _("Chat-Quidditch")
    ending_actions = frozenset({"end_game"})
    # The referee relays the chat: he may type any nick's line, one nobody holds among them.
    referee_relays = True

    def setup(self, config: dict) -> State:
        state = build_state(config)
        match = Match(state, dice=None, now=0.0)  # type: ignore[arg-type]  # no dice before play
        rounds.advance(match)
        return match.state

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
            raise parsing.game_over()
        offered = command in state["awaiting"] and _may_give(actor, command)
        if not offered:
            command = normalise(command, state, actor)
        match = Match(state, dice, now)
        action = command["action"]
        late = settled = False
        if state["pending"]:
            late = timing.is_late_answer(state, command, now)
            if late:
                match.say("answer_too_late", player=command["player"], action=action)
            settled = timing.settle_expired(match)
            if settled:
                rounds.advance(match)
        if action == "timeout" and not settled:
            raise RuleViolation("too_early", _("No answer is overdue yet."), "§3.4")
        if action != "timeout" and not late:
            if settled or not offered:
                legality.check(match.state, command)
            _play(match, command)
            rounds.advance(match)
        # A timeout or a late answer only settles, and the offers after settling stand.
        return Outcome(match.state, match.events)

    def allowed_commands(
        self, state: State, actor: Actor, *, now: float | None = None
    ) -> list[dict]:
        """What is awaited, the votes to end the game (§7: the referee's, and the
        captains' once it is proposed), and substitutions (§8.6: a captain's requests, the
        referee's answers), each complete.

        The captain is offered the usual hand-out of experience points and none
        (he may send any other, §3.2); a ``timeout`` is offered once a deadline
        has passed at ``now`` (§3.4).
        """
        offered = state["awaiting"]
        if state["pending"] or state["phase"] == "experience":  # the offers to complete
            offered = [done for c in offered for done in _complete(state, c, now)]
        if state["over"]:
            return []
        offered = [*offered, *ending.votes_offered(state)]
        if actor.is_referee:
            return [*offered, *substitutions.offered(state)]
        if actor.role != "player":
            return []
        controls = actor.controls
        mine = [c for c in offered if c.get("player") in controls or c["action"] == "timeout"]
        if any(team["captain"] in controls for team in state["teams"]):
            mine += substitutions.offered(state, captains=controls)
        return mine

    def seats(self, state: State) -> list[str]:
        """Every nick (§4.1.1): each player types for their own."""
        return list(state["players"])

    def is_over(self, state: State) -> bool:
        return state["over"]

    def wakes_at(self, state: State) -> float | None:
        """The first answer's window to close (§3.4): then the referee calls time."""
        return min((window["deadline"] for window in state["pending"]), default=None)

    def result(self, state: State) -> dict | None:
        return ending.result(state) if state["over"] else None

    # The house cup is §8 of this text: the league's cup protocol (league.cups).

    def cup_config(self, config: dict, *, final: bool) -> dict:
        """A final or a decider is played with the final's rules (§8.2); every cup game
        says it is one, as the cup credits its games itself (§8.3)."""
        return {**config, "final": final, "cup_game": True}

    def cup_result(self, state: State) -> dict | None:
        return self.result(state)

    def cup_score_bounds(self) -> dict:
        """At most two goals a round: one in the chasers' sub-round, which ends with its
        shot (§5.5.6), a free throw after a chaser's foul included (§5.5.3), and one free
        throw after a seen seeker's foul, which takes the snitch away for the round
        (§5.7.3); at most ten rounds (§5.1, §7). The catch ends the game in the seekers'
        sub-round, after the chasers' (§5.1, §5.7.2): a game with a catch has room for
        one goal fewer. docs/rules/league.md derives it."""
        most = GOALS_PER_ROUND * MAX_ROUNDS
        return {
            "goal_points": shots.GOAL_POINTS,
            "snitch_points": seekers.SNITCH_POINTS,
            "win_bonus": ending.WIN_BONUS,
            "most_goals": most,
            "most_goals_with_snitch": most - 1,
        }
