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
import unicodedata

from core.errors import gettext_noop as _
from games.ruleset import Actor, RuleViolation

from .match import State

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
NEAR_MISS = 0.7
"""How close a refused line must come to a valid one to be suggested (difflib ratio)."""

SPEAKER = re.compile(r"^(\S+): (.*)$")
WITH_NICK = re.compile(r"^(\w+) (\S+)$")
FLIGHT = re.compile(r"^Fliegen ([A-Z])-([A-Z])$")
THIRD = re.compile(r"^([A-Z])$")


def spelled(text: str) -> str:
    """The spelling with umlauts written out, as §3.5 allows."""
    return text.replace("ä", "ae").replace("ü", "ue").replace("Ä", "Ae").replace("Ü", "Ue")


def composed(text: str) -> str:
    """The text with each letter in one code point (Unicode NFC): a keyboard or a chat
    client may send "ä" as "a" and a combining diaeresis, which reads the same and is
    the same letter to a player."""
    return unicodedata.normalize("NFC", text)


def find_nick(state: State, written: str) -> str | None:
    for nick in state["players"]:
        if written == nick or spelled(written) == spelled(nick):
            return nick
    return None


def game_over() -> RuleViolation:
    return RuleViolation("game_over", _("The game is over."), "§7")


def unknown_nick(state: State, written: str) -> RuleViolation:
    """No such player; a near miss gets a suggestion (``GJager2``: ``GJäger2``)."""
    known = {spelled(nick).lower(): nick for nick in state["players"]}
    close = difflib.get_close_matches(spelled(written).lower(), known, n=1, cutoff=NEAR_MISS)
    if not close:
        return RuleViolation(
            "unknown_nick", _("There is no player %(nick)s."), "§3.5", params={"nick": written}
        )
    suggestion = known[close[0]]
    return RuleViolation(
        "unknown_nick",
        _("There is no player %(nick)s. Did you mean %(suggestion)s?"),
        "§3.5",
        params={"nick": written, "suggestion": suggestion},
        did_you_mean=suggestion,
    )


def not_a_command(text: str, line: str, state: State, actor: Actor) -> RuleViolation:
    """Not a command; a near miss of one this reader could give gets a suggestion."""
    close = difflib.get_close_matches(line, _lines(state, actor), n=1, cutoff=NEAR_MISS)
    if not close:
        return RuleViolation(
            "not_a_command", _("“%(text)s” is not a command."), "§3.5", params={"text": text}
        )
    return RuleViolation(
        "not_a_command",
        _("“%(text)s” is not a command. Did you mean “%(suggestion)s”?"),
        "§3.5",
        params={"text": text, "suggestion": close[0]},
        did_you_mean=close[0],
    )


def _lines(state: State, actor: Actor) -> list[str]:
    """Every line of the command vocabulary (§3.5), as a player would type it."""
    nicks = list(state["players"])
    lines = [*BARE, *(f"{word} {nick}" for word in NICK_TAKING for nick in nicks)]
    lines += [f"Fliegen {a}-{b}" for a in state["pitch"] for b in state["pitch"] if a != b]
    return [*lines, *REFEREE_WORDS] if actor.is_referee else lines


def parse(text: str, *, state: State, actor: Actor) -> dict:
    if state["over"]:
        raise game_over()
    line = composed(text).strip()
    speaker = None
    match = SPEAKER.match(line)
    if match and find_nick(state, match.group(1)):
        speaker, line = find_nick(state, match.group(1)), match.group(2).strip()
    elif not actor.is_referee and len(actor.controls) == 1:
        speaker = next(iter(actor.controls))
    command = _player_command(line, state)
    if command is None and speaker is None and actor.is_referee:
        command = _referee_word(line)
    if command is None and not actor.is_referee and _referee_word(line):
        raise RuleViolation(
            "referee_only", _("Only the referee says “%(word)s”."), "§2.1", params={"word": line}
        )
    if command is None:
        raise not_a_command(text, line, state, actor)
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
            raise unknown_nick(state, match.group(2))
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
