"""``help``: what the sender may type now, each command in words with its chat line (issue 39).

A player who types ``help`` (``hilfe``, ``aide``, in any case) is answered with
the commands the rules offer him now (``allowed_commands``), each in the words
of his language and with the line that gives it in the chat (§3.5). The answer
is a refusal, ``422`` with the code ``help``, like any line that is no
command: nothing is played and nothing is written to the game's log, and a
page or a chat relay shows its ``detail`` as it shows any answer to a line.
``commands`` lists the same as data (``line``, ``words``; ``line`` is null for
a command with no chat line, the whispered experience points and
substitutions, which are buttons on the table).

The rules are pure and do not know the reader's language: the answer is made
in each language, and the service answers the one of its reader
(:meth:`Help.to_json`), as it spells the nicks a refusal names
(``core.errors.Localized``).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import Actor, RuleViolation
from games.texts import SOURCE

from .texts import LANGUAGES, TEXTS
from .words import ChatWords, command_words, typed_line

HEADING = _("What you may type in the chat now:")
LINE = _("“%(line)s”: %(words)s")
NO_LINE = _("%(words)s (a button on the table, no chat line)")
NOTHING = _("Nothing is awaited from you now.")


class Help(RuleViolation):
    """The answer to ``help``: see the module."""

    def __init__(self, answers: dict[str, list[dict]]) -> None:
        super().__init__("help", HEADING, "§3.5")
        self.answers = answers
        self.detail = _text(SOURCE, answers[SOURCE])

    def to_json(self, translate=None, language: str | None = None) -> dict:
        body = super().to_json(translate, language)
        language = (language or SOURCE).split("-")[0]
        if language not in self.answers:
            language = SOURCE
        commands = self.answers[language]
        return {**body, "detail": _text(language, commands), "commands": commands}


def answer(words: ChatWords, offered: list[dict], view: dict, actor: Actor) -> Help:
    """The answer to ``help`` from ``actor``, to whom the rules offer ``offered``, said by
    the game's ``words``."""
    answers = {}
    for language in LANGUAGES:
        commands = []
        for command in offered:
            own = command.get("player") in actor.controls  # else relayed: say whose it is
            said = {
                "line": typed_line(command, actor.controls, language),
                "words": (command_words if own else words.command)(command, view, language),
            }
            if said not in commands:  # a timeout offered once per deadline
                commands.append(said)
        answers[language] = commands
    return Help(answers)


def _text(language: str, commands: list[dict]) -> str:
    """The answer as a person reads it: the heading, then a command a line."""
    if not commands:
        return TEXTS.say(language, NOTHING)
    lines = [
        TEXTS.say(language, LINE, **command)
        if command["line"]
        else TEXTS.say(language, NO_LINE, **command)
        for command in commands
    ]
    return "\n".join([TEXTS.say(language, HEADING), *lines])
