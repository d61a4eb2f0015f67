"""The seekers' duel (docs/rules/seeker-duel.md): two seekers take turns to roll a die, and
the first whose rolls add up to twenty catches the snitch."""

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation, State

from .seats import SEATS, TARGET

SEEK = "seek"
"""What the die is rolled for."""


class SeekerDuel(Ruleset):
    name = "seeker-duel"
    title = _("Seekers' duel")
    referee_relays = False

    def setup(self, config: dict) -> State:
        if config:
            raise RuleViolation("invalid_config", _("The duel has no settings."))
        return {"totals": dict.fromkeys(SEATS, 0), "turn": SEATS[0], "winner": None, "over": False}

    def seats(self, state: State) -> list[str]:
        return list(SEATS)

    def apply(self, state: State, command: dict, *, actor: Actor, dice: Dice, now: float):
        seat = command["player"]
        if seat != state["turn"] or state["over"]:
            raise RuleViolation("not_your_turn", _("It is not your turn to roll."), "1")
        if seat not in actor.controls:
            raise RuleViolation("not_your_seeker", _("You do not play that seeker."), "1")
        face = dice.roll(6, SEEK, by=seat)
        total = state["totals"][seat] + face
        events = [{"type": "rolled", "player": seat, "face": face, "total": total}]
        new = {**state, "totals": {**state["totals"], seat: total}}
        if total >= TARGET:
            events.append({"type": "caught", "player": seat})
            return Outcome({**new, "winner": seat, "over": True}, events)
        return Outcome({**new, "turn": SEATS[1 - SEATS.index(seat)]}, events)

    def allowed_commands(self, state: State, actor: Actor, *, now=None) -> list:
        if state["over"] or state["turn"] not in actor.controls:
            return []
        return [{"action": "roll", "player": state["turn"]}]

    def result(self, state: State) -> dict | None:
        return {"winner": state["winner"]} if state["over"] else None
