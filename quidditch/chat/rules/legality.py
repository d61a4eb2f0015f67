"""Accepting a command only if the rules allow it now, and saying why not.

A command is legal exactly when it is among the state's ``awaiting``
commands (see :mod:`.options`). A refusal names the rule it breaks: the
checks below look for the most telling reason, in the order a referee would.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import RuleViolation

from . import substitutions
from .commands import key
from .ending import votes_open
from .match import State, role_of, team_of
from .pitch import MIDDLE, adjacent, is_goal_third
from .vocabulary import named

SECTIONS = {
    "experience": "§3.2",
    "quaffle_roll": "§4.2",
    "goal_third": "§4.2",
    "chat": "§6",
    "chat_end": "§5.2",
    "position": "§5.3",
    "release": "§3.5",
    "bludger_throw": "§5.4.1",
    "bludger_catch": "§5.4.2",
    "bludger_rethrow": "§5.4.2",
    "keep_bludger": "§5.4.2",
    "block": "§5.4.3",
    "fly": "§5.5.1",
    "attack": "§5.5.2",
    "foul": "§5.5.3",
    "pass": "§5.5.4",
    "catch": "§5.5.4",
    "intercept": "§5.5.5",
    "shot": "§5.5.6",
    "save": "§5.6.1",
    "find": "§5.7.2",
    "snitch_catch": "§5.7.2",
    "end_subround": "§2.1",
    "end_game": "§7",
    "substitution": "§8.6",
    "accept_substitution": "§8.6",
    "refuse_substitution": "§8.6",
}

PHASES = {
    "experience": {"experience"},
    "quaffle_roll": {"quaffle_roll"},
    "goal_third": {"goal_choice"},
    "chat": {"score"},
    "chat_end": {"chat"},
    "position": {"positioning"},
    "bludger_throw": {"beaters"},
    "bludger_catch": {"beaters"},
    "keep_bludger": {"beaters"},
    "bludger_rethrow": {"beaters", "chasers", "seekers"},
    "block": {"beaters", "chasers", "seekers"},
    "fly": {"chasers", "seekers"},
    "attack": {"chasers"},
    "foul": {"chasers", "seekers"},
    "pass": {"chasers"},
    "catch": {"chasers"},
    "intercept": {"chasers"},
    "shot": {"chasers", "free_throw"},
    "save": {"chasers", "free_throw"},
    "find": {"seekers"},
    "snitch_catch": {"seekers"},
    "end_subround": {"beaters", "chasers", "seekers"},
}


def check(state: State, command: dict) -> None:
    """Raise :class:`RuleViolation` unless ``command`` is allowed now."""
    if command["action"] in substitutions.ACTIONS:  # whispered, never awaited (§8.6)
        substitutions.check(state, command)
        return
    awaiting = state["awaiting"]
    if command in awaiting:
        return
    if command["action"] == "end_game":
        if command in votes_open(state):
            return
        if (command.get("player") or "referee") in state["end_votes"]:
            raise RuleViolation("already_agreed", _("Each of them agrees only once."), "§7")
        raise RuleViolation(
            "not_a_captain", _("Only the captains and the referee agree to end the game."), "§7"
        )
    wanted = key(command)
    for offered in awaiting:
        if key(offered) == wanted:
            return
    raise explain(state, command)


def explain(state: State, command: dict) -> RuleViolation:
    action = command["action"]
    rule = SECTIONS.get(action, "§5.1")
    if action == "release":
        return RuleViolation(
            "wrong_release", _("This release cannot be made now; say it again later."), "§3.5"
        )
    if state["pending"] and action not in ("block", "save"):
        return RuleViolation(
            "awaiting_answer", _("An answer within the time limit is awaited first."), "§3.4"
        )
    if state["phase"] not in PHASES.get(action, {state["phase"]}):
        return not_now(state, rule)
    player = command.get("player")
    if player in state["out"] and action != "save":
        return _out(player)
    reason = _reason(state, command, player)
    if reason:
        return reason
    if player is None:
        return RuleViolation("not_allowed_now", _("The referee cannot do that now."), rule)
    return RuleViolation(
        "not_allowed_now",
        _("%(player)s cannot do that now."),
        rule,
        params={"player": named(player)},
    )


def not_now(state: State, rule: str, code: str = "out_of_turn") -> RuleViolation:
    """Not this command's turn: say whom the game is waiting for."""
    waiting = sorted({c["player"] for c in state["awaiting"] if c.get("player")})
    if not waiting:
        return RuleViolation(code, _("Not now: the game waits for the referee."), rule)
    return RuleViolation(
        code,
        _("Not now: the game waits for %(players)s."),
        rule,
        params={"players": named(*waiting)},
    )


def _out(player: str) -> RuleViolation:
    return RuleViolation(
        "player_out",
        _("%(player)s is out for this round."),
        "§5.4.1",
        params={"player": named(player)},
    )


def _reason(state: State, command: dict, player: str | None) -> RuleViolation | None:
    """The most specific rule a refused player command breaks, if one is known."""
    action, target = command["action"], command.get("target")
    thirds = state["thirds"]
    if target in state["out"]:
        return _out(target)
    if action in ("foul", "attack") and target and team_of(state, target) == team_of(state, player):
        return RuleViolation(
            "own_player", _("Fouling or attacking your own team is never valid."), "§3.5"
        )
    if action == "attack" and role_of(state, player) == "keeper" and target:
        return RuleViolation(
            "keeper_attack_with_nick",
            _("The keeper attacks the carrier without naming him."),
            "§5.6.2",
        )
    if action == "attack" and not state["flight"]:
        return RuleViolation(
            "attack_too_late", _("An attack must come right after the flight."), "§5.5.2"
        )
    if action == "intercept" and state["pass"]:
        receiving = team_of(state, state["pass"]["to"])
        if team_of(state, player) == receiving:
            return RuleViolation(
                "own_pass", _("A pass to your own team cannot be intercepted."), "§5.5.5"
            )
        if state["pass"]["intercepted"]:
            return RuleViolation(
                "one_interceptor", _("Only one chaser may intercept a pass."), "§5.5.5"
            )
    if action == "position":
        return _position_reason(state, command, player)
    if action == "fly":
        return _fly_reason(state, command, player)
    carrier_shoots = action == "shot" and state["phase"] == "chasers" and player == state["carrier"]
    if carrier_shoots and not is_goal_third(state["pitch"], thirds[player]):
        return RuleViolation("no_goal_here", _("A shot needs a goal third."), "§5.5.6")
    if action in ("pass", "foul", "bludger_throw", "bludger_rethrow") and target:
        if action == "pass" and role_of(state, player) == "keeper":
            return None
        if thirds.get(target) != thirds.get(player):
            return RuleViolation(
                "not_same_third",
                _("%(target)s is not in the third of %(player)s."),
                SECTIONS[action],
                params={"target": named(target), "player": named(player)},
            )
        if action.startswith("bludger") and role_of(state, target) == "beater":
            return RuleViolation(
                "beaters_cannot_be_hit", _("Beaters cannot be hit by a bludger."), "§5.4.1"
            )
    if action == "block" and any(w.get("thrower") == player for w in state["pending"]):
        return RuleViolation("own_throw", _("A beater cannot block his own bludger."), "§5.4.3")
    if action == "find" and state["snitch"] and thirds.get(player) != state["snitch"]["third"]:
        return RuleViolation("snitch_elsewhere", _("The snitch is not in your third."), "§5.7.2")
    if action == "snitch_catch" and player not in state["found"]:
        return RuleViolation(
            "not_found", _("The snitch must be found before it is caught."), "§5.7.2"
        )
    return None


def _fly_reason(state: State, command: dict, player: str) -> RuleViolation | None:
    thirds, pitch = state["thirds"], state["pitch"]
    if role_of(state, player) == "seeker":
        if state["snitch"] and state["snitch"]["third"] != MIDDLE:
            return RuleViolation(
                "snitch_not_in_middle", _("Seekers fly only to the snitch in M."), "§5.7.1"
            )
        return None
    if player != state["carrier"]:
        return RuleViolation("not_carrier", _("Only the chaser with the quaffle flies."), "§5.5.1")
    if command.get("from") != thirds.get(player):
        return RuleViolation(
            "wrong_third",
            _("%(player)s is in %(third)s."),
            "§5.5.1",
            params={"player": named(player), "third": thirds.get(player)},
        )
    if command["to"] not in pitch or not adjacent(pitch, command["from"], command["to"]):
        return RuleViolation(
            "not_adjacent", _("A chaser flies only to an adjacent third."), "§5.5.1"
        )
    if player in state["flew"]:
        return RuleViolation("already_flew", _("A chaser flies once per possession."), "§5.5.1")
    return None


def _position_reason(state: State, command: dict, player: str) -> RuleViolation | None:
    role = role_of(state, player)
    if role == "keeper":
        return RuleViolation(
            "keeper_stays_home", _("Keepers always stay at their own goal."), "§5.3"
        )
    if player == state["carrier"]:
        return RuleViolation(
            "carrier_is_rolled", _("The quaffle carrier's third is rolled later."), "§5.3"
        )
    if player in state["thirds"]:
        return RuleViolation(
            "already_placed",
            _("%(player)s has already named his third."),
            "§3.5",
            params={"player": named(player)},
        )
    if role != state["positioning"]:
        return not_now(state, "§5.3", code="not_your_turn")
    if role == "seeker" and command["third"] == MIDDLE:
        return RuleViolation(
            "seeker_not_in_middle", _("Seekers may not take their position in M."), "§5.3"
        )
    if command["third"] not in state["pitch"]:
        return RuleViolation(
            "no_such_third",
            _("The thirds are %(thirds)s."),
            "§4.2",
            params={"thirds": ", ".join(state["pitch"])},
        )
    return None
