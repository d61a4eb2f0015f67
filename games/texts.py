"""The rules' texts in several languages, from gettext catalogues, without Django.

A ruleset writes its texts in English, marked with ``core.errors.gettext_noop``
so that ``makemessages`` collects them into its package's ``locale/``
catalogues (``./dev messages``); a translator fills in the other languages.
The narration of a pure rules package reads those catalogues with Python's own
``gettext`` through :class:`Catalogue`, so the rules stay free of Django; an
error the rules raise is translated when the service answers it.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path

SOURCE = "en"


def fill(text: str, fields: Mapping[str, object]) -> str:
    """``text`` with its ``%(name)s`` placeholders filled in from ``fields``: the one
    placeholder style of every catalogue, Django's own (its templates and refusals write
    no other), which ``msgfmt --check-format`` holds every translation to. A text said
    without fields is left as it is (a literal ``%`` needs no escape there)."""
    return text % fields if fields else text


class Catalogue:
    """The translations of one package: ``texts.text("fr", "Red")`` -> ``"Rouge"``."""

    def __init__(self, package_file: str, languages: tuple[str, ...]) -> None:
        folder = Path(package_file).resolve().parent / "locale"
        self._translations = {
            language: gettext.translation("django", folder, languages=[language], fallback=True)
            for language in languages
            if language != SOURCE
        }

    def text(self, language: str, message: str) -> str:
        if language == SOURCE:
            return message
        return self._translations[language].gettext(message)

    def say(self, language: str, message: str, **fields) -> str:
        """``message`` in ``language``, its ``%(fields)s`` filled in: every game's words and
        narration say their texts this one way."""
        return fill(self.text(language, message), fields)

    def ngettext(self, singular: str, plural: str, n: int, language: str) -> str:
        """The form of a message for ``n`` in ``language`` ("1 snitch point", "2 snitch
        points"), by that language's own plural rule; written as a call with the two
        English forms first, so that ``makemessages`` collects them as one plural message."""
        if language == SOURCE:
            return singular if n == 1 else plural
        return self._translations[language].ngettext(singular, plural, n)
