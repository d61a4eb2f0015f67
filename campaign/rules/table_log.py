"""The campaign's table log: checks and draws rolled where everyone can audit them.

A check outside any skirmish or match still rolls provably fair dice, so it
is a command on a game of its own, one per campaign at a time. The log never
ends by itself: the storyguide closes it (which reveals its seed so every
check can be re-derived) and the next check opens a fresh one.
"""

from __future__ import annotations

from campaign.rules.checks import (
    DRAMATIC_FAILURE,
    EXCEPTIONAL_SUCCESS,
    FAILURE,
    SUCCESS,
    roll_check,
)
from core.errors import gettext_noop as _
from games import contracts
from games.contracts import Contract, event, shape
from games.dice import Dice
from games.manifest import Manifest, register_manifest
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation, State
from games.words import Words

CHECK_FIELDS = {
    "character": int,
    "name": str,
    "attribute": str,
    "value": int,
    "bonus": int,
    "stress": bool,
    "die_size": int,
}


WHOLE = {"type": "integer"}
TEXT = {"type": "string"}
NAMES = {"type": "array", "items": TEXT, "minItems": 2}
#: A check's outcome in the rules' words (``campaign.rules.checks``); null without a difficulty.
OUTCOME = {
    "type": "string",
    "nullable": True,
    "enum": [EXCEPTIONAL_SUCCESS, SUCCESS, FAILURE, DRAMATIC_FAILURE, None],
}


#: A check as ``roll_check`` rolls it (``Check.to_json``).
CHECK = {
    "purpose": TEXT,
    "dice": {"type": "array", "items": WHOLE, "minItems": 2, "maxItems": 2},
    "stress": {"type": "boolean"},
    "kept": WHOLE,
    "attribute_value": WHOLE,
    "bonus": WHOLE,
    "total": WHOLE,
    "difficulty": {"type": "integer", "nullable": True},
    "success": {"type": "boolean", "nullable": True},
    "doubles": {"type": "boolean"},
    "result": OUTCOME,
}


#: Its shapes, for the contract as every game's. A client creates no table log
#: (``creatable`` is false in /api/rulesets/): a check opens one
#: (``POST /api/characters/{id}/checks/``), so the config says so and takes nothing.
CONTRACT = Contract(
    config=shape(
        {},
        description="A table log takes no settings, and no client creates one: the campaign's "
        "next check opens it (POST /api/characters/{id}/checks/).",
    ),
    commands={
        "check": contracts.command(
            "check",
            "A character's check, as the service writes it for a sheet.",
            optional=("difficulty",),
            **{
                **{field: TEXT if kind is str else WHOLE for field, kind in CHECK_FIELDS.items()},
                "stress": {"type": "boolean"},
                "difficulty": {"type": "integer", "nullable": True},
            },
        ),
        "draw_lots": contracts.command(
            "draw_lots",
            "Lots drawn among names: the first drawn ranks first.",
            names=NAMES,
            purpose=TEXT,
        ),
    },
    state=shape(
        {"checks": WHOLE, "draws": WHOLE},
        optional=("draws",),
        description="How many checks and draws the log holds.",
    ),
    events={
        "check": event("check", character=WHOLE, name=TEXT, attribute=TEXT, **CHECK),
        "lots": event("lots", names=NAMES, order=NAMES, purpose=TEXT),
    },
    result=shape({}, description="A table log is closed, not won: it has no result to give."),
)


class TableLog(Ruleset):
    name = "table-log"
    title = "Table log"

    def setup(self, config: dict) -> State:
        return {"checks": 0}

    def apply(self, state, command, *, actor: Actor, dice: Dice, now: float) -> Outcome:
        if not actor.is_referee:
            raise RuleViolation("referee_only", _("The service writes the table log for a sheet."))
        if command.get("action") == "draw_lots":
            return self._draw_lots(state, command, dice)
        if command.get("action") != "check":
            raise RuleViolation("unknown_command", _("The table log takes checks and draws."))
        for field, kind in CHECK_FIELDS.items():
            if not isinstance(command.get(field), kind):
                raise RuleViolation(
                    "invalid_check", _("A check needs its %(field)s."), params={"field": field}
                )
        check = roll_check(
            dice,
            die_size=command["die_size"],
            attribute_value=command["value"],
            bonus=command["bonus"],
            stress=command["stress"],
            difficulty=command.get("difficulty"),
            purpose=f"{command['name']}: {command['attribute']}",
        )
        event = {
            "type": "check",
            "character": command["character"],
            "name": command["name"],
            "attribute": command["attribute"],
            **check.to_json(),
        }
        return Outcome({"checks": state["checks"] + 1}, [event])

    def _draw_lots(self, state, command, dice: Dice) -> Outcome:
        """Shuffle ``names`` (Fisher-Yates on the log's dice): the first drawn ranks first."""
        names, purpose = command.get("names"), command.get("purpose")
        if (
            not isinstance(names, list)
            or len(names) < 2
            or not all(isinstance(name, str) for name in names)
        ):
            raise RuleViolation("invalid_draw", _("A draw needs two or more names."))
        if not isinstance(purpose, str):
            raise RuleViolation("invalid_draw", _("A draw needs a purpose."))
        order = dice.shuffle(list(names), purpose)
        event = {"type": "lots", "names": names, "order": order, "purpose": purpose}
        return Outcome({**state, "draws": state.get("draws", 0) + 1}, [event])


class TableLogWords(Words):
    """A roll at the table as a line of its log, in English (the sheet's own words)."""

    def narrate(self, event) -> dict[str, str]:
        if event["type"] == "lots":
            return {"en": f"{event['purpose']}: the lot orders them {', '.join(event['order'])}."}
        kind = "stress roll" if event["stress"] else "roll"
        against = (
            f" against {event['difficulty']}: {event['result']}" if event["difficulty"] else ""
        )
        return {
            "en": f"{event['name']} makes a {event['attribute']} {kind}: "
            f"{event['dice'][0]} and {event['dice'][1]}, keeps {event['kept']}, "
            f"total {event['total']}{against}."
        }


MANIFEST = register_manifest(
    Manifest(
        rules=TableLog(),
        contract=CONTRACT,
        words=TableLogWords(),
        # The services write it and the storyguide closes it: nobody plays it by commands.
        kind="log",
        moments=frozenset({"check", "lots"}),  # every roll made at the table is told
    )
)
