"""A game's page for people: where it stands, and its log as the referee's transcript.

``/matches/<id>/`` (and ``/skirmishes/<id>/``) is read at the side of the
pitch, often on a phone, so it is plain HTML with a little inline CSS. Every
ruleset gets it: the state as the reader may see it, the ruleset's own board
where it draws one (``Ruleset.board_template``, or its ``board_svg`` picture
served by the API), the transcript in one of the ruleset's languages (the reader's
choice, else the ruleset's first; every event passed through the ruleset's
``view_event`` for this reader), and while
the game runs a web table: the commands the reader may give now as buttons, a
text box for a ruleset that takes typed commands, and a small script that
sends them through the API and reloads when the log grows.

Readers are the same as for the API: anyone for a public game, the members of
its campaign otherwise. A visitor who is not logged in is sent to the login
(for any id, so that nothing is given away); a logged-in user who may not see
the game gets 404, as the API answers. The page costs a fixed number of
queries however long the log.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from core import languages
from games import selectors
from games.hosting import host
from games.models import GameStatus
from games.ruleset import Ruleset, find_ruleset
from games.services import actor_for

LANGUAGE_NAMES = dict(settings.LANGUAGES)
POLL_SECONDS = 3


def command_label(command: dict) -> str:
    """A button's text for any ruleset's command: its action, then its other values.

    ``{"action": "pass", "player": "GJäger2"}`` reads ``pass GJäger2``; nested
    values read as ``name value`` and empty ones are left out.
    """

    def words(value) -> list[str]:
        if isinstance(value, dict):
            return [w for key, item in value.items() for w in (str(key), *words(item))]
        if isinstance(value, list | tuple):
            return [w for item in value for w in words(item)]
        return [] if value is None or value == "" else [str(value)]

    action = str(command.get("action", "?")).replace("_", " ")
    return " ".join([action, *(w for k, v in command.items() if k != "action" for w in words(v))])


def transcript_language(request, rules: Ruleset) -> str:
    """One language per page: the reader's choice among the ruleset's, else its first."""
    asked = languages.requested(request)
    return asked if asked in rules.languages else rules.languages[0]


@require_safe
def game_page(request, pk: int, kind: str):
    game = selectors.games_visible_to(request, kind).filter(pk=pk).prefetch_related("seats").first()
    if game is None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404("No such game.")
    rules = find_ruleset(game.ruleset)
    actor = actor_for(game, request.user, roles=host().roles(request))
    state = selectors.state_as_seen(game, actor)
    language = transcript_language(request, rules)
    log = [selectors.event_as_seen(game, event, actor) for event in selectors.game_events(game)]
    for event in log:
        event["lines"] = [line.get(language, "") for line in event["narration"]]
    context = {
        "game": game,
        "rules": rules,
        "board": rules.board(state) if rules.board_template else None,
        "state_json": json.dumps(state, indent=1, ensure_ascii=False),
        "language": LANGUAGE_NAMES.get(language, language),
        "other_languages": [
            (code, LANGUAGE_NAMES.get(code, code)) for code in rules.languages if code != language
        ],
        "log": log,
        "verify_url": reverse(f"{kind}-verify", args=[game.pk]),
        "table": _table(request, game, rules, actor, kind),
        "live": _live(game, kind),
        "board_svg_url": (
            reverse(f"{kind}-board-svg", args=[game.pk])
            if type(rules).board_svg is not Ruleset.board_svg
            else None
        ),
    }
    return render(request, "games/game.html", context)


def _table(request, game, rules, actor, kind: str) -> dict | None:
    """The web table: what this participant may do now, and where the page sends it.

    Commands go to the same API a plugin uses (``commands`` with the game's
    version and a fresh Idempotency-Key), so a page can do nothing a client
    could not; the page follows the game's stream (``_live``) and reloads on news.
    """
    if game.status != GameStatus.ACTIVE:
        return None
    may_act = actor.is_referee or bool(actor.controls)
    commands = rules.allowed_commands(game.state, actor, now=timezone.now().timestamp())
    return {
        "commands": [
            {"json": json.dumps(command, ensure_ascii=False), "label": command_label(command)}
            for command in commands
        ]
        if may_act
        else [],
        "takes_text": may_act and type(rules).parse is not Ruleset.parse,
        "seats": sorted(actor.controls),
        "data": {
            "version": game.version,
            "commands_url": reverse(f"{kind}-commands", args=[game.pk])
            if request.user.is_authenticated
            else None,
        },
    }


def _live(game, kind: str) -> dict | None:
    """Where a page of a game in progress follows it: its stream (``storyguide/live.js``
    reloads the page on news), and its events to poll where a stream cannot be had."""
    if game.status != GameStatus.ACTIVE:
        return None
    return {
        "stream": reverse(f"{kind}-stream", args=[game.pk]),
        "events": reverse(f"{kind}-events", args=[game.pk]),
        "poll_ms": POLL_SECONDS * 1000,
    }
