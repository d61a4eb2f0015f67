"""The command vocabulary in its structured (JSON) form, and who may give what.

Every command is a dict with an ``action`` and, for a player's command, the
``player`` (nick) who gives it. A player who controls a single nick may leave
``player`` out, and so may a storyguide who holds one (a referee in a seat),
except in the commands both give (``end_game``, ``quaffle_roll``), which are
then the referee's own. The text forms of §3.5 are turned into these by
:mod:`.parsing`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import gettext_noop as _
from games.ruleset import Actor, RuleViolation

from .match import State
from .parsing import unknown_nick
from .vocabulary import named

PLAYER, NOBODY, EITHER = "player", "nobody", "either"


@dataclass(frozen=True)
class Spec:
    """One action: who gives it and which fields it takes."""

    by: str
    fields: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()


ACTIONS = {
    "experience": Spec(PLAYER, ("points",)),
    "quaffle_roll": Spec(EITHER),
    "goal_third": Spec(PLAYER, ("third",)),
    "chat": Spec(NOBODY),
    "chat_end": Spec(NOBODY),
    "position": Spec(PLAYER, ("third",)),
    "release": Spec(NOBODY, ("ball",)),
    "bludger_throw": Spec(PLAYER, ("target",)),
    "bludger_catch": Spec(PLAYER),
    "bludger_rethrow": Spec(PLAYER, ("target",)),
    "keep_bludger": Spec(PLAYER),
    "block": Spec(PLAYER),
    "fly": Spec(PLAYER, ("to",), ("from",)),
    "attack": Spec(PLAYER, (), ("target",)),
    "foul": Spec(PLAYER, ("target",)),
    "pass": Spec(PLAYER, ("target",)),
    "catch": Spec(PLAYER),
    "intercept": Spec(PLAYER),
    "shot": Spec(PLAYER),
    "save": Spec(PLAYER),
    "find": Spec(PLAYER),
    "snitch_catch": Spec(PLAYER),
    "end_subround": Spec(NOBODY),
    "timeout": Spec(NOBODY),
    "end_game": Spec(EITHER),
    # §8.6: the captain's request, whispered to the referee, and the referee's answer.
    "substitution": Spec(PLAYER, ("changes", "reason"), ("note",)),
    "accept_substitution": Spec(NOBODY, (), ("team", "when")),
    "refuse_substitution": Spec(NOBODY, (), ("team",)),
}

TYPES = {"changes": list, "team": int}
"""Fields that are not strings (``points`` is checked by its handler)."""

KEY = ("action", "player", "target", "third", "from", "to", "ball")
"""The fields that tell two commands apart (``points`` is checked by its handler)."""

IGNORED = ("deadline",)
"""Fields of an ``awaiting`` entry a client may send back unchanged."""

ACCEPTED = {
    action: frozenset(("action", "player", *spec.fields, *spec.optional, *IGNORED))
    for action, spec in ACTIONS.items()
}


def key(command: dict) -> tuple:
    return tuple(command.get(f) for f in KEY)


def malformed(message: str, **params) -> RuleViolation:
    return RuleViolation("invalid_command", message, "§3.5", params=params)


def normalise(command: object, state: State, actor: Actor) -> dict:
    """Check a command's shape and its giver; fill in ``player`` and ``from``."""
    if actor.role == "spectator":
        raise RuleViolation("spectator", _("Spectators do not play."), "§4.1.3")
    if not isinstance(command, dict) or command.get("action") not in ACTIONS:
        raise malformed(_("This game knows no such command."))
    action = command["action"]
    spec = ACTIONS[action]
    extra = command.keys() - ACCEPTED[action]
    if extra:
        raise malformed(
            _("%(action)s takes no %(fields)s."), action=action, fields=", ".join(sorted(extra))
        )
    result = {"action": action}
    for field in spec.fields + spec.optional:
        if field in command:
            value = command[field]
            if field == "points":
                pass
            elif field in TYPES:
                if not isinstance(value, TYPES[field]) or isinstance(value, bool):
                    raise malformed(_("%(field)s has the wrong type."), field=field)
            elif not isinstance(value, str):
                raise malformed(_("%(field)s must be a string."), field=field)
            result[field] = value
        elif field in spec.fields:
            raise malformed(_("%(action)s needs %(field)s."), action=action, field=field)
    if "target" in result and result["target"] not in state["players"]:
        raise unknown_nick(state, result["target"])
    if spec.by == NOBODY:
        if action != "timeout" and not actor.is_referee:
            raise RuleViolation("referee_only", _("Only the referee gives this command."), "§2.1")
        return result
    player = command.get("player")
    if player is None and len(actor.controls) == 1 and (spec.by == PLAYER or not actor.is_referee):
        # A player's own line; a storyguide holding a seat keeps the referee's words.
        player = next(iter(actor.controls))
    if player is None:
        if spec.by == EITHER and actor.is_referee:
            return result
        raise RuleViolation(
            "player_needed", _("Say which of your players gives this command."), "§4.1.1"
        )
    if player not in state["players"]:
        raise unknown_nick(state, player)
    if not actor.may_command(player):
        raise RuleViolation(
            "not_your_player",
            _("You do not play %(player)s."),
            "§4.1.1",
            params={"player": named(player)},
        )
    result["player"] = player
    if action == "fly" and "from" not in result:
        third = state["thirds"].get(player)
        if third is not None:
            result["from"] = third
    return result
