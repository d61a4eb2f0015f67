"""Commands typed as chat lines (§3.5), turned into their JSON form.

A player's command counts only if written exactly: the command word with its
capital first letter, nicks spelled right (``ae`` and ``ue`` may stand for
``ä`` and ``ü``), thirds as capital letters, single spaces. Anything else is
no command at all, and the player may simply type it again.

The referee's words count even when mistyped, as long as the intent is
recognisable (§3.5); a referee who relays a player's line writes it as the
chat shows it, ``NICK: line``.
"""

from __future__ import annotations

import difflib
import re

from games.ruleset import Actor, RuleViolation

from .table import State

NICK_TAKING = {
    "Angriff": "attack",
    "Foul": "foul",
    "Pass": "pass",
    "Klatscherwurf": "bludger_throw",
    "Klatscherabwurf": "bludger_rethrow",
}
BARE = {
    "Angriff": "attack",
    "Angenommen": "catch",
    "Abfangen": "intercept",
    "Torwurf": "shot",
    "Halten": "save",
    "Abblocken": "block",
    "Klatscherabfang": "bludger_catch",
    "Finden": "find",
    "Fangen": "snitch_catch",
    # Not in the rules' text: the whispered keeping of a bludger (§5.4.2), the
    # timeout (§3.4) and the vote to end the game (§7).
    "Aufheben": "keep_bludger",
    "Aus": "timeout",
    "Spielende": "end_game",
}
REFEREE_WORDS = {
    "chat": {"action": "chat"},
    "chatende": {"action": "chat_end"},
    "klatscher freigegeben": {"action": "release", "ball": "bludgers"},
    "quaffel freigegeben": {"action": "release", "ball": "quaffle"},
    "schnatz freigegeben": {"action": "release", "ball": "snitch"},
    "teilrunde beendet": {"action": "end_subround"},
    "quaffelwurf": {"action": "quaffle_roll"},
    "aus": {"action": "timeout"},
    "spielende": {"action": "end_game"},
}
RECOGNISABLE = 0.8
"""How close a mistyped referee word must come to the real one (difflib ratio)."""

SPEAKER = re.compile(r"^(\S+): (.*)$")
WITH_NICK = re.compile(r"^(\w+) (\S+)$")
FLIGHT = re.compile(r"^Fliegen ([A-Z])-([A-Z])$")
THIRD = re.compile(r"^([A-Z])$")


def spelled(text: str) -> str:
    """The spelling with umlauts written out, as §3.5 allows."""
    return text.replace("ä", "ae").replace("ü", "ue").replace("Ä", "Ae").replace("Ü", "Ue")


def find_nick(state: State, written: str) -> str | None:
    for nick in state["players"]:
        if written == nick or spelled(written) == spelled(nick):
            return nick
    return None


def not_a_command(text: str) -> RuleViolation:
    return RuleViolation("not_a_command", f"„{text}“ is not a command", "§3.5")


def parse(text: str, *, state: State, actor: Actor) -> dict:
    line = text.strip()
    speaker = None
    match = SPEAKER.match(line)
    if match and find_nick(state, match.group(1)):
        speaker, line = find_nick(state, match.group(1)), match.group(2).strip()
    elif not actor.is_referee and len(actor.controls) == 1:
        speaker = next(iter(actor.controls))
    command = _player_command(line, state)
    if command is None and actor.is_referee and speaker is None:
        command = _referee_word(line)
    if command is None:
        raise not_a_command(text)
    if speaker is not None and command["action"] not in ("chat", "chat_end", "release"):
        command["player"] = speaker
    return command


def _player_command(line: str, state: State) -> dict | None:
    if line in BARE:
        return {"action": BARE[line]}
    match = WITH_NICK.match(line)
    if match and match.group(1) in NICK_TAKING:
        target = find_nick(state, match.group(2))
        if target is None:
            raise RuleViolation("unknown_nick", f"there is no player {match.group(2)}", "§3.5")
        return {"action": NICK_TAKING[match.group(1)], "target": target}
    match = FLIGHT.match(line)
    if match:
        return {"action": "fly", "from": match.group(1), "to": match.group(2)}
    match = THIRD.match(line)
    if match:
        if state["phase"] == "goal_choice":
            return {"action": "goal_third", "third": match.group(1)}
        return {"action": "position", "third": match.group(1)}
    return None


def _referee_word(line: str) -> dict | None:
    written = " ".join(spelled(line).lower().replace("-", " ").split()).strip(".!")
    if written in REFEREE_WORDS:
        return dict(REFEREE_WORDS[written])
    close = difflib.get_close_matches(written, list(REFEREE_WORDS), n=1, cutoff=RECOGNISABLE)
    return dict(REFEREE_WORDS[close[0]]) if close else None
