"""Table Top Quidditch as a :class:`games.ruleset.Ruleset`.

Commands are JSON objects, each given for a ``side`` (the seat, ``home`` or
``away``), most of them for one of its players (``"player": "home-chaser2"``):

- ``{"action": "toss"}``: the first-phase roll, by either player;
- ``begin_phase``, ``propose_end``, ``accept_end``, ``decline_end``, ``concede``: before a phase;
- ``move`` (``to``: ``[x, y]``), ``catch``, ``pass`` (``to``: a player), ``shoot``
  (``hoop``: 0-2), ``tackle`` (``target``, ``direction``), ``hit_bludger``
  (``bludger``: 0-1, ``direction``), ``end_phase``: in a phase;
- ``dodge`` or ``hit_bludger`` (a beater a bludger flies at), ``push`` (injury 6),
  ``repel`` (a keeper's unclean save), ``take_penalty``: answers the rules wait for;
- ``free_move`` and ``end_free_moves``: after a goal;
- ``reroll`` (``die``: its number in the last command's dice) or ``let_stand``: the
  captain's re-roll, or not.

A command for the star player may carry ``"star": n``: the star's first die in
it shows ``n`` (once a phase). Nothing in the game is hidden: both players see
the whole board, so ``view`` is the state itself. Each side's commands are its
holder's: the text's referee only judges fouls (the server does), so a
storyguide gives the commands of the sides they hold and no others
(``referee_relays`` is False); the first-phase roll is anyone's who plays.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.chain import copy_state
from games.dice import Dice
from games.ruleset import (
    Actor,
    Command,
    Outcome,
    Ruleset,
    RuleViolation,
    State,
)

from . import captain, offers, orders, star
from .pitch import pitch_of
from .resolution import Resolution
from .scenario import initial_state
from .teams import SIDES

TITLE = _("Table Top Quidditch")
# What the ruleset itself refuses; each order refuses the rest (:mod:`.orders`).
_MATCH_OVER = _("The match is over.")
_UNKNOWN = _("Table Top Quidditch knows no such command.")
_TOSS = _("The first-phase roll opens the match, rolled by a player.")
_NO_SIDE = _("A command is given for home or away.")
_NOT_YOURS = _("You do not play that side.")


class TabletopQuidditch(Ruleset):
    name = "tabletop-quidditch"
    title = TITLE
    ending_actions = frozenset({"concede", "propose_end", "accept_end"})
    #: Each player moves their own team; the text's referee only judges fouls (the server
    #: does). A storyguide entering both teams' moves at a table holds both seats.
    referee_relays = False

    def setup(self, config: dict) -> State:
        return initial_state(config)

    def seats(self, state: State) -> list[str]:
        return list(SIDES)

    def seat_of(self, command: Command, state: State) -> str | None:
        return command.get("side")

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        if state["over"]:
            raise RuleViolation("game_over", _MATCH_OVER)
        if not isinstance(command, dict) or command.get("action") not in orders.ACTIONS:
            raise RuleViolation("unknown_command", _UNKNOWN)
        orders.check_fields(command)
        action = command["action"]
        if action == "toss":
            if state["stage"] != "toss" or not actor.controls:
                raise RuleViolation("not_now", _TOSS)
        else:
            side = command.get("side")
            if side not in SIDES:
                raise RuleViolation("no_side", _NO_SIDE)
            if not self._plays(actor, side):
                raise RuleViolation("not_your_side", _NOT_YOURS)
        new = copy_state(state)
        if action == "reroll":
            res = captain.reroll(new, command["side"], command.get("die"), dice, orders.resolve)
        elif action == "let_stand":
            res = Resolution(new, dice)
            captain.let_stand(res, command["side"])
        else:
            res = Resolution(new, dice, star=star.chosen(state, command))
            orders.resolve(res, command)
            # ``state`` is never changed (rules change their own copy): kept as it is.
            captain.remember(res.state, {**state, "reroll": None}, command, res)
        return Outcome(res.state, res.events)

    def allowed_commands(self, state: State, actor: Actor, *, now: float | None = None) -> list:
        if state["over"]:
            return []
        if state["stage"] == "toss":
            return [{"action": "toss"}] if actor.controls else []
        pitch = pitch_of(**state["pitch"])
        return [
            command
            for side in SIDES
            if self._plays(actor, side)
            for command in offers.for_side(state, pitch, side)
        ]

    def _plays(self, actor: Actor, side: str) -> bool:
        """Whether ``actor`` gives ``side``'s commands: the side's holder (a storyguide
        holding it too); a referee holding no side only if ``referee_relays``."""
        return side in actor.controls or (actor.is_referee and self.referee_relays)

    def result(self, state: State) -> dict | None:
        if not state["over"]:
            return None
        return {
            "winner": state["winner"],
            "score": dict(state["score"]),
            "goals": dict(state["goals"]),
            "ended_by": state["ended_by"],
            "snitch": state["snitch"].get("caught_by"),
            "teams": {side: team["name"] for side, team in state["teams"].items()},
        }
