"""A minimal ruleset for the tests and benchmarks of the shared game storage.

It is registered only where this module is imported (tests, ``bench/``), never
by the running service: with one die per command and a trivial state, what a
test or a benchmark measures is the storage and the verifier, not a ruleset.
"""

from __future__ import annotations

from games.contracts import Contract
from games.dice import Dice
from games.manifest import Manifest, register_manifest
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation, State
from games.words import Words


class Tally(Ruleset):
    """Roll dice and add them up; ``{"action": "roll", "sides": 6, "count": 1}``."""

    name = "tally"
    title = "Tally"

    def setup(self, config: dict) -> State:
        target = config.get("target", 1000)
        if not isinstance(target, int) or target < 1:
            raise RuleViolation("invalid_config", "target must be a positive whole number")
        players = config.get("players", ["alice", "bob"])
        return {"total": 0, "rolls": 0, "target": target, "players": players, "over": False}

    def seats(self, state) -> list[str]:
        return state["players"]

    def apply(self, state, command, *, actor: Actor, dice: Dice, now: float) -> Outcome:
        if command.get("action") == "finish":
            if not actor.is_referee:
                raise RuleViolation("referee_only", "Only the referee ends a tally.", "T.2")
            return Outcome({**state, "over": True}, [{"type": "finished"}])
        if command.get("action") != "roll":
            raise RuleViolation("unknown_command", "Tally knows 'roll' and 'finish'.", "T.1")
        count, sides = command.get("count", 1), command.get("sides", 6)
        if not all(isinstance(n, int) and 1 <= n <= 100 for n in (count, sides)):
            raise RuleViolation("bad_dice", "count and sides are whole numbers 1-100.", "T.1")
        faces = dice.roll_many(count, sides, "tally")
        total = state["total"] + sum(faces)
        new = {**state, "total": total, "rolls": state["rolls"] + len(faces)}
        new["over"] = total >= state["target"]
        return Outcome(new, [{"type": "rolled", "faces": faces, "total": total}])

    def allowed_commands(self, state, actor, *, now=None) -> list[dict]:
        commands = [{"action": "roll"}]
        return [*commands, {"action": "finish"}] if actor.is_referee else commands

    def result(self, state) -> dict | None:
        return {"total": state["total"]} if state["over"] else None


class TallyWords(Words):
    """A tally is typed as "Roll 3", in English only."""

    def parse(self, text: str, *, state, actor) -> dict:
        word, _, count = text.partition(" ")
        if word != "Roll" or not (count or "1").isdigit():
            raise RuleViolation("not_a_command", f"{text!r} is not a command.", "T.1")
        return {"action": "roll", "count": int(count or 1)}


MANIFEST = register_manifest(
    Manifest(rules=Tally(), contract=Contract(example={"target": 30}), words=TallyWords())
)
