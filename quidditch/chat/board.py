"""Where a Chat-Quidditch match stands, as the referee reads it at the side of the pitch.

The platform's game page and the dashboard show this board above the
transcript (``Ruleset.board`` and the template ``quidditch_chat/board.html``):
the round and sub-round, the score and possession, every player's third as far
as announced, who is out, and what is awaited and from whom, as the chat lines
that would be accepted.
"""

from __future__ import annotations

from datetime import UTC, datetime

from .rules import ending
from .rules.parsing import BARE, NICK_TAKING, REFEREE_WORDS
from .rules.teams import ROLE_WORDS

# The words of §3.5 the other way round: a command as its giver would type it.
_BARE_WORDS = {action: word for word, action in BARE.items()}
_NICK_WORDS = {action: word for word, action in NICK_TAKING.items()}
_REFEREE_LINES = {
    (command["action"], command.get("ball")): words.capitalize()
    for words, command in REFEREE_WORDS.items()
}

PHASES = {
    "experience": "the captains hand out experience points (§3.2)",
    "quaffle_roll": "the captains' quaffle roll (§4.2)",
    "goal_choice": "the loser of the quaffle roll chooses the goal third (§4.2)",
    "chat": "chat (§5.2, §6)",
    "positioning": "positioning (§5.3)",
    "bludger_release": "the bludgers are placed, to be released (§5.4)",
    "beaters": "beaters (§5.4)",
    "quaffle_release": "the quaffle carrier is placed, the quaffle to be released (§5.5)",
    "chasers": "chasers and keepers (§5.5, §5.6)",
    "free_throw": "free throw (§5.5.6.2)",
    "snitch_release": "the snitch is placed, to be released (§5.7)",
    "seekers": "seekers (§5.7)",
    "score": "the score after the round (§5.1)",
    "over": "game over (§7)",
}
"""What the match waits for, by the ``phase`` of the state."""


def chat_line(command: dict) -> str | None:
    """The chat line that gives ``command``, as its giver types it (§3.5).

    The inverse of :func:`quidditch.chat.rules.parsing.parse`, built from the same
    word lists: ``{"action": "pass", "player": "GJäger1", "target": "GJäger2"}``
    is ``Pass GJäger2``, typed by GJäger1 (or relayed by the referee as
    ``GJäger1: Pass GJäger2``); a command without ``player`` is the referee's
    word. ``None`` for commands that have no chat line: the whispered
    experience points, and a quaffle roll asked for by a captain.
    """
    action = command["action"]
    if "player" not in command:
        return _REFEREE_LINES.get((action, command.get("ball")))
    if "target" in command:
        return f"{_NICK_WORDS[action]} {command['target']}"
    if action == "fly":
        return f"Fliegen {command['from']}-{command['to']}"
    if action in ("position", "goal_third"):
        return command["third"]
    return _BARE_WORDS.get(action)


def board(state: dict) -> dict:
    """Where the match stands, as the referee's page and the dashboard show it."""
    out, thirds, carrier = state["out"], state["thirds"], state["carrier"]
    captains = {team["captain"] for team in state["teams"]}
    teams = []
    for index, team in enumerate(state["teams"]):
        players = [
            {
                "nick": nick,
                "name": state["players"][nick]["name"],
                "xp": state["players"][nick]["xp"],
                "third": thirds.get(nick),
                "out": nick in out,
                "carrier": nick == carrier,
                "captain": nick in captains,
            }
            for role in ROLE_WORDS
            for nick in state["lineup"][role][index]
        ]
        teams.append(
            {
                **team,
                "goals": state["goals"][index],
                "score": state["score"][index],
                "possession": state["possession"] == index,
                "players": players,
            }
        )
    phase = PHASES[state["phase"]]
    if state["phase"] == "positioning":
        phase = f"{phase}: the {state['positioning']}s"
    return {
        "round": state["round"],
        "last_round": state["last_round"],
        "subround": state["subround"],
        "phase": phase,
        "pitch": state["pitch"],
        "teams": teams,
        "possession": teams[state["possession"]] if state["possession"] is not None else None,
        "carrier": carrier,
        "bludgers": state["bludgers"],
        "snitch": state["snitch"],
        "out": out,
        "awaited": _awaited(state["awaiting"]),
        **_final(state),
    }


def _final(state: dict) -> dict:
    """The result once the match is over, with the winning house by name."""
    if not state["over"]:
        return {"result": None, "winner": None}
    result = ending.result(state)
    winner = result["winner"]
    return {
        "result": result,
        "winner": None if winner is None else result["teams"][winner]["house"],
    }


def _awaited(awaiting: list[dict]) -> list[dict]:
    """The commands accepted now, by who may give them; the referee's first."""
    by_giver: dict[str, dict] = {}
    for command in awaiting:
        giver = command.get("player") or ""
        entry = by_giver.setdefault(giver, {"player": giver, "lines": [], "deadline": None})
        entry["lines"].append(chat_line(command) or command["action"])
        if "deadline" in command:
            entry["deadline"] = datetime.fromtimestamp(command["deadline"], UTC)
    return sorted(by_giver.values(), key=lambda entry: entry["player"] != "")
