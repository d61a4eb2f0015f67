"""The bridge's words: a Discord user's ``locale`` as one of the site's languages, and
messages as Discord takes them (at most 2,000 characters, ephemeral when only the sender
should read them)."""

from __future__ import annotations

from django.utils import translation

from core.errors import AppError
from core.responses import error_body

LANGUAGES = ("de", "en", "fr")
#: Discord's ``EPHEMERAL`` message flag: only the sender sees it.
EPHEMERAL = 64
#: The longest message Discord takes.
MESSAGE_LENGTH = 2000


def language_of(locale: str | None) -> str:
    """Discord's locale (``de``, ``en-US``, ``en-GB``, ``fr``) as ``de``, ``en`` or
    ``fr``; any other language reads English."""
    first = (locale or "").split("-")[0].lower()
    return first if first in LANGUAGES else "en"


def message(text: str, *, ephemeral: bool = False, embeds: list | None = None) -> dict:
    """A message's body, its text cut to what Discord takes; no mention pings anyone."""
    body: dict = {"content": clip(text), "allowed_mentions": {"parse": []}}
    if embeds:
        body["embeds"] = embeds
    if ephemeral:
        body["flags"] = EPHEMERAL
    return body


def clip(text: str, most: int = MESSAGE_LENGTH) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def in_pieces(lines: list[str], most: int = MESSAGE_LENGTH) -> list[str]:
    """``lines`` as few messages as Discord's length allows, each line whole."""
    pieces, current = [], ""
    for line in lines:
        line = clip(line, most)
        if current and len(current) + 1 + len(line) > most:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    return [*pieces, current] if current else pieces


def refusal(error: AppError, language: str) -> str:
    """A refusal as the API words it, in ``language`` (a near miss's detail says what was
    meant: "Did you mean …?")."""
    return error_body(error, language)["detail"]


def say(text: str, language: str, **params) -> str:
    """One of the bridge's own sentences (marked with ``gettext_noop``) in ``language``."""
    with translation.override(language):
        said = translation.gettext(text)
    return said % params if params else said
