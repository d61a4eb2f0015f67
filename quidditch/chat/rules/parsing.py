"""Commands typed as chat lines (§3.5), turned into their JSON form.

A player's command counts only if written exactly: the command word with its
capital first letter, nicks spelled right (``ae`` and ``ue`` may stand for
``ä`` and ``ü``, a French letter may lose its accent), thirds as capital
letters, single spaces. Anything else is no command at all, and the player
may simply type it again. The words and nicks of every language count in
every game (:mod:`.vocabulary`): the rules' German, English and French.

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
from .vocabulary import CHAT, HIGH, nick_in, plain, spellings


def _referee_key(words: str) -> str:
    """A referee's words as they are compared: lower case, no accents, ``-`` a space."""
    return " ".join(plain(words).lower().replace("-", " ").split()).strip(".!")


def _union(part) -> dict:
    """One language's word lists joined over the three, compared as :func:`plain` spells."""
    joined: dict = {}
    for vocabulary in CHAT.values():
        joined.update({plain(word): said for word, said in part(vocabulary).items()})
    return joined


NICK_TAKING = _union(lambda words: words.naming)
BARE = _union(lambda words: words.bare)
REFEREE_WORDS = {
    _referee_key(word): command
    for vocabulary in CHAT.values()
    for word, command in vocabulary.referee.items()
}
FLY_WORDS = {vocabulary.fly for vocabulary in CHAT.values()}
GOAL_LETTERS = {**{vocabulary.low: "T" for vocabulary in CHAT.values()}, HIGH: "H"}
"""The letters of the goal choice in each language: the low third (T, L, B), the high (H)."""
HELP_WORDS = frozenset({"help", "hilfe", "aide"})
"""Asking what one may type (issue 39), in each language, in any case."""
RECOGNISABLE = 0.8
"""How close a mistyped referee word must come to the real one (difflib ratio)."""
NEAR_MISS = 0.7
"""How close a refused line must come to a valid one to be suggested (difflib ratio)."""

SPEAKER = re.compile(r"^(\S+): (.*)$")
WITH_NICK = re.compile(r"^(\w+) (\S+)$")
FLIGHT = re.compile(r"^(\w+) ([A-Z])-([A-Z])$")
THIRD = re.compile(r"^([A-Z])$")


def composed(text: str) -> str:
    """The text with each letter in one code point (Unicode NFC): a keyboard or a chat
    client may send "ä" as "a" and a combining diaeresis, which reads the same and is
    the same letter to a player."""
    return unicodedata.normalize("NFC", text)


def find_nick(state: State, written: str) -> str | None:
    """The nick written, in any language's spelling (``GKeeper``, ``GGardien``, ``GHueter``
    are ``GHüter``)."""
    for nick in state["players"]:
        if any(plain(written) == plain(said) for said in spellings(nick).values()):
            return nick
    return None


def asks_for_help(text: str) -> bool:
    """Whether the line asks what one may type: ``help``, ``hilfe``, ``aide`` (issue 39)."""
    return composed(text).strip().strip("?!.").lower() in HELP_WORDS


def game_over() -> RuleViolation:
    return RuleViolation("game_over", _("The game is over."), "§7")


def unknown_nick(state: State, written: str) -> RuleViolation:
    """No such player; a near miss gets a suggestion in the spelling it comes closest to
    (``GJager2``: ``GJäger2``, ``GChasr2``: ``GChaser2``)."""
    known = {
        plain(said).lower(): said for nick in state["players"] for said in spellings(nick).values()
    }
    close = difflib.get_close_matches(plain(written).lower(), known, n=1, cutoff=NEAR_MISS)
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
    """Every line of the command vocabulary (§3.5) in each language, as a player would
    type it, the nicks spelled in the words' language."""
    pitch = state["pitch"]
    lines = []
    for language, words in CHAT.items():
        nicks = [nick_in(nick, language) for nick in state["players"]]
        lines += [*words.bare, *(f"{word} {nick}" for word in words.naming for nick in nicks)]
        lines += [f"{words.fly} {a}-{b}" for a in pitch for b in pitch if a != b]
        if actor.is_referee:
            lines += words.referee
    return lines


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
    if plain(line) in BARE:
        return {"action": BARE[plain(line)]}
    match = WITH_NICK.match(line)
    if match and plain(match.group(1)) in NICK_TAKING:
        target = find_nick(state, match.group(2))
        if target is None:
            raise unknown_nick(state, match.group(2))
        return {"action": NICK_TAKING[plain(match.group(1))], "target": target}
    match = FLIGHT.match(line)
    if match and match.group(1) in FLY_WORDS:
        return {"action": "fly", "from": match.group(2), "to": match.group(3)}
    match = THIRD.match(line)
    if match:
        letter = match.group(1)
        if state["phase"] == "goal_choice":
            return {"action": "goal_third", "third": GOAL_LETTERS.get(letter, letter)}
        return {"action": "position", "third": letter}
    return None


def _referee_word(line: str) -> dict | None:
    written = _referee_key(line)
    if written in REFEREE_WORDS:
        return dict(REFEREE_WORDS[written])
    close = difflib.get_close_matches(written, list(REFEREE_WORDS), n=1, cutoff=RECOGNISABLE)
    return dict(REFEREE_WORDS[close[0]]) if close else None
