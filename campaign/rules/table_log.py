"""The campaign's table log: checks and draws rolled where everyone can audit them.

A check outside any skirmish or match still rolls provably fair dice, so it
is a command on a game of its own, one per campaign at a time. The log never
ends by itself: the storyguide closes it (which reveals its seed so every
check can be re-derived) and the next check opens a fresh one.
"""

from __future__ import annotations

from campaign.rules.checks import roll_check
from games.dice import Dice
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation, State, register

CHECK_FIELDS = {
    "character": int,
    "name": str,
    "attribute": str,
    "value": int,
    "bonus": int,
    "stress": bool,
    "die_size": int,
}


@register
class TableLog(Ruleset):
    name = "table-log"
    title = "Table log"
    kind = "log"
    played_by_commands = False  # the services write it; the storyguide closes it

    def setup(self, config: dict) -> State:
        return {"checks": 0}

    def apply(self, state, command, *, actor: Actor, dice: Dice, now: float) -> Outcome:
        if not actor.is_referee:
            raise RuleViolation("referee_only", "The service writes the table log for a sheet.")
        if command.get("action") == "draw_lots":
            return self._draw_lots(state, command, dice)
        if command.get("action") != "check":
            raise RuleViolation("unknown_command", "The table log takes checks and draws.")
        for field, kind in CHECK_FIELDS.items():
            if not isinstance(command.get(field), kind):
                raise RuleViolation("invalid_check", f"A check needs its {field}.")
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
            raise RuleViolation("invalid_draw", "A draw needs two or more names.")
        if not isinstance(purpose, str):
            raise RuleViolation("invalid_draw", "A draw needs a purpose.")
        order = dice.shuffle(list(names), purpose)
        event = {"type": "lots", "names": names, "order": order, "purpose": purpose}
        return Outcome({**state, "draws": state.get("draws", 0) + 1}, [event])

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
