"""Which language an answer is in: the reader's choice, else the thing's own.

A reader chooses with ``?lang=de`` or with the ``Accept-Language`` header;
without either, an answer about a game is in the game's language (a
Chat-Quidditch match in German, as its referee's chat is), and anything else
in the site's default. Only the languages in ``settings.LANGUAGES`` are chosen.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def supported(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def requested(request) -> str | None:
    """The language the reader asked for, or ``None`` when they did not ask."""
    chosen = supported(request.GET.get("lang"))
    if chosen:
        return chosen
    ranked = []
    for part in request.headers.get("Accept-Language", "").replace(" ", "").split(","):
        code, _, quality = part.partition(";q=")
        ranked.append((_quality(quality or "1"), code))
    for _, code in sorted(ranked, key=lambda pair: -pair[0]):  # stable: the header's order
        chosen = supported(code) if code not in ("", "*") else None
        if chosen:
            return chosen
    return None


def answer_language(request, default: str | None = None) -> str:
    return requested(request) or supported(default) or settings.LANGUAGE_CODE


def _quality(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 0.0
