"""The seekers' duel (docs/rules/seeker-duel.md): two seekers take turns to roll a die, and
the first whose rolls add up to six catches the snitch."""

from core.errors import gettext_noop as _
from games.dice import Dice
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation, State, register

from ..bots import Seeker
from ..table import DuelTable

SEATS = ("gryffindor", "slytherin")
TARGET = 6
NAMES = {
    "gryffindor": {"en": "Gryffindor", "de": "Gryffindor", "fr": "Gryffondor"},
    "slytherin": {"en": "Slytherin", "de": "Slytherin", "fr": "Serpentard"},
}
ROLLED = {
    "en": "{seeker} rolls {face}: {total} of six.",
    "de": "{seeker} würfelt {face}: {total} von sechs.",
    "fr": "{seeker} fait {face} : {total} sur six.",
}
CAUGHT = {
    "en": "{seeker} catches the snitch!",
    "de": "{seeker} fängt den Schnatz!",
    "fr": "{seeker} attrape le Vif d'or !",
}
ROLL = {"en": "Roll the die", "de": "Würfeln", "fr": "Lancer le dé"}
PURPOSE = {"en": "the seeker's die", "de": "der Würfel des Suchers", "fr": "le dé de l'attrapeur"}
SEAT = {"type": "string", "enum": list(SEATS)}


@register
class SeekerDuel(Ruleset):
    name = "seeker-duel"
    title = _("Seekers' duel")
    languages = ("en", "de", "fr")
    example_config = {}
    max_commands = 100
    referee_relays = False
    bots = {"seeker": Seeker()}
    table = DuelTable()
    command_schemas = {
        "roll": {
            "type": "object",
            "required": ["action", "player"],
            "properties": {"action": {"type": "string", "enum": ["roll"]}, "player": SEAT},
            "additionalProperties": False,
        }
    }
    state_schema = {
        "type": "object",
        "required": ["totals", "turn", "winner", "over"],
        "properties": {
            "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
            "turn": SEAT,
            "winner": {"type": "string", "enum": [*SEATS, None], "nullable": True},
            "over": {"type": "boolean"},
        },
    }
    event_schemas = {
        "rolled": {
            "type": "object",
            "required": ["type", "player", "face", "total"],
            "properties": {
                "type": {"type": "string", "enum": ["rolled"]},
                "player": SEAT,
                "face": {"type": "integer"},
                "total": {"type": "integer"},
            },
        },
        "caught": {
            "type": "object",
            "required": ["type", "player"],
            "properties": {"type": {"type": "string", "enum": ["caught"]}, "player": SEAT},
        },
    }
    result_schema = {
        "type": "object",
        "nullable": True,
        "required": ["winner"],
        "properties": {"winner": SEAT},
    }

    def setup(self, config: dict) -> State:
        if config:
            raise RuleViolation("invalid_config", "The duel has no settings.")
        return {"totals": dict.fromkeys(SEATS, 0), "turn": SEATS[0], "winner": None, "over": False}

    def seats(self, state: State) -> list[str]:
        return list(SEATS)

    def apply(self, state: State, command: dict, *, actor: Actor, dice: Dice, now: float):
        seat = command.get("player")
        if command.get("action") != "roll" or seat != state["turn"] or state["over"]:
            raise RuleViolation("not_your_turn", "It is not your turn to roll.", "1")
        if seat not in actor.controls:
            raise RuleViolation("not_your_seeker", "You do not play that seeker.", "1")
        face = dice.roll(6, "seek", by=seat)
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

    def narrate(self, event: dict) -> dict[str, str]:
        lines = ROLLED if event["type"] == "rolled" else CAUGHT
        return {
            language: line.format(seeker=NAMES[event["player"]][language], **event)
            for language, line in lines.items()
        }

    def command_text(self, command, view, language):
        return ROLL[language]

    def action_text(self, action, language):
        return ROLL[language]

    def seat_text(self, seat, view, language):
        return NAMES[seat][language]

    def purpose_text(self, purpose, language):
        return PURPOSE[language]
