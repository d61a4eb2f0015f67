"""Which language a page or an answer is in: the reader's choice, else the thing's own.

A reader chooses, in this order: the language of their preferences (a
setting on "My campaigns" and ``/api/me/``), the language picked in the
header for the rest of the visit (kept in the session, for anyone; the header
sets the preferences too for a logged-in person), ``?lang=de``, the
``Accept-Language`` header. Without any, a page or an answer about a game is
in the game's own language (a Chat-Quidditch match in German, as its
referee's chat is), and anything else in the site's default. Only the
languages in ``settings.LANGUAGES`` are chosen; one page is in one language.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.utils import translation


def supported(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def preferred(request) -> str | None:
    """The language of the logged-in reader's preferences, if they chose one (read once
    per request)."""
    if not hasattr(request, "_preferred_language"):
        user = getattr(request, "user", None)
        try:
            chosen = user.preferences.language if user and user.is_authenticated else None
        except ObjectDoesNotExist:
            chosen = None
        request._preferred_language = supported(chosen)
    return request._preferred_language


SESSION_KEY = "language"
"""Where the session keeps the language picked in the header."""


def picked(request) -> str | None:
    """The language picked in the header during this visit, if any."""
    session = getattr(request, "session", None)
    return supported(session.get(SESSION_KEY)) if session is not None else None


def pick(request, code: str) -> None:
    """Keep ``code`` (``""``: the browser's) as this visit's language."""
    if code:
        request.session[SESSION_KEY] = code
    else:
        request.session.pop(SESSION_KEY, None)


def requested(request) -> str | None:
    """The language the reader asked for, or ``None`` when they did not ask."""
    chosen = preferred(request) or picked(request) or supported(request.GET.get("lang"))
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


#: A page's language: the same choice as an answer's.
page_language = answer_language


class LanguageMiddleware:
    """Pages are in the reader's language (``answer_language``); a page about something
    with a language of its own (a game) chooses again with that default."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/"):  # an answer chooses its own (core.responses)
            return self.get_response(request)
        with translation.override(answer_language(request)):
            return self.get_response(request)


def site_languages(request) -> dict:
    """Template context: the languages a reader may switch the page to."""
    return {"site_languages": settings.LANGUAGES}


def _quality(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 0.0
