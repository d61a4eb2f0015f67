"""A game's page for people: where it stands, and its log as the referee's transcript.

``/matches/<id>/`` (and ``/skirmishes/<id>/``) is read at the side of the
pitch, often on a phone, so it is plain HTML with a little inline CSS and no
scripts. Every ruleset gets it: the state as the reader may see it, the
ruleset's own board where it draws one (``Ruleset.board_template``, or its
``board_svg`` picture served by the API), and the
transcript in each of the ruleset's languages, every event passed through the
ruleset's ``view_event`` for this reader.

Readers are the same as for the API: anyone for a public game, the members of
its campaign otherwise. A visitor who is not logged in is sent to the login
(for any id, so that nothing is given away); a logged-in user who may not see
the game gets 404, as the API answers. The page costs a fixed number of
queries however long the log.
"""

from __future__ import annotations

import json

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games import selectors
from games.hosting import host
from games.ruleset import Ruleset, find_ruleset
from games.services import actor_for

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "fr": "Français"}


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
    languages = list(rules.languages)
    log = [selectors.event_as_seen(game, event, actor) for event in selectors.game_events(game)]
    for event in log:
        event["lines"] = [[line.get(code, "") for code in languages] for line in event["narration"]]
    context = {
        "game": game,
        "rules": rules,
        "board": rules.board(state) if rules.board_template else None,
        "state_json": json.dumps(state, indent=1, ensure_ascii=False),
        "languages": [LANGUAGE_NAMES.get(code, code) for code in languages],
        "log": log,
        "verify_url": reverse(f"{kind}-verify", args=[game.pk]),
        "board_svg_url": (
            reverse(f"{kind}-board-svg", args=[game.pk])
            if type(rules).board_svg is not Ruleset.board_svg
            else None
        ),
    }
    return render(request, "games/game.html", context)
