"""A game's page for people: the platform's frame around the ruleset's own table.

``/matches/<id>/`` (and ``/skirmishes/<id>/``) is read at the side of the
pitch, often on a phone, so it is server-rendered HTML. Every ruleset gets the
same frame: the title, whose move it is in words, the ruleset's table (its
:class:`games.tables.Table`: cards, dice rows, a board, sheets, drawn from the
state as this reader may see it), the commands the reader may give now in
words (those the table does not place itself, as buttons and forms), the
transcript (the newest moves; earlier ones on request), the link to the
verification of the dice, and the live updates. The raw state stays in the
API, and on the page behind a fold for plugin authors.

The page's script (``storyguide/in_place.js``) asks for only the parts that change
with a move: with :data:`PARTS_HEADER` (the version its page shows) a GET, and a
command posted on the page, are answered by those parts alone, drawn by the page's own
templates (``games/parts.html`` around ``games/play.html``), the transcript as the
moves since that version; a command so posted is answered at once rather than
redirected, so a click is one request. Without the header, the page is drawn whole and
a command is a post, redirect and get.

One page is in one language (``core.languages.page_language``): the frame's
own words, the table, the commands and the transcript.

Readers are the same as for the API: anyone for a public game, the members of
its campaign otherwise. A visitor who is not logged in is sent to the login
(for any id, so that nothing is given away); a logged-in user who may not see
the game gets 404, as the API answers. The page costs a fixed number of
queries however long the log.
"""

from __future__ import annotations

import json

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from core import languages
from core.numbers import whole_number
from games import selectors, tables
from games.bots import REFEREE_SEAT
from games.campaign_app import REFEREE_ROLE, campaign_app
from games.manifest import Manifest, manifest_of
from games.models import Game, GameStatus
from games.page_commands import ENDS_THE_GAME, back, command_from_page
from games.ruleset import Ruleset, find_ruleset
from games.services import actor_for
from games.words import Words

POLL_SECONDS = 3
#: How many moves of the transcript a page shows; earlier ones are a link away.
TRANSCRIPT_PAGE = 40
#: The request header of the page's script: the version of the game its page shows, whose
#: answer is the page's parts that change (see the module's docstring).
PARTS_HEADER = "X-Storyguide-Parts"


def page_language(request, words: Words) -> str:
    """The reader's language among the game's, else the game's own (its text's)."""
    chosen = languages.page_language(request, default=words.languages[0])
    return chosen if chosen in words.languages else words.languages[0]


def _readable(request, pk: int, kind: str):
    """The game if the reader may read it; else the login for a visitor (for any id, so
    that nothing is given away), 404 for a logged-in reader, as the API answers."""
    game = selectors.games_visible_to(request, kind).filter(pk=pk).prefetch_related("seats").first()
    if game is None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404("No such game.")
    return game


@require_http_methods(["GET", "HEAD", "POST"])
def game_page(request, pk: int, kind: str):
    """The game's page, or its parts that changed since the version the page's script
    names; a POST is a command given on it (``games.page_commands``), answered by a
    redirect to the page, or by those parts."""
    game = _readable(request, pk, kind)
    if not isinstance(game, Game):
        return game
    manifest = manifest_of(game.ruleset)
    roles = campaign_app().roles(request)
    actor = actor_for(game, request.user, roles=roles)
    language = page_language(request, manifest.words)
    since = whole_number(request.headers.get(PARTS_HEADER))
    with translation.override(language):
        if request.method == "POST":
            game = command_from_page(request, game, manifest, actor, language)
            if isinstance(game, HttpResponse):  # the question before an ending command
                return game
            if since is None:  # post, redirect, get
                return back(request)
        context = _frame(request, game, manifest, actor, kind, language, since)
        if game.status != GameStatus.ACTIVE:
            context["gave"] = campaign_app().what_a_game_gave(game.pk, now=timezone.now())
            context["counting"] = campaign_app().counting(game, roles.get(game.campaign_id))
        if since is None:
            context["desk"] = _desk(request, game, roles)
            answer = render(request, "games/game.html", context)
        else:
            answer = render(request, "games/parts.html", context)
    patch_vary_headers(answer, [PARTS_HEADER])  # a page and its parts are two answers
    return answer


def _desk(request, game, roles: dict[int, str]) -> dict | None:
    """Where the dashboard has this game and its campaign, for a storyguide of the
    campaign who may use the dashboard (the site's header); ``None`` for anyone else."""
    user = request.user
    if not (user.is_staff and (user.is_superuser or roles.get(game.campaign_id) == REFEREE_ROLE)):
        return None
    filtered = f"?campaign__id__exact={game.campaign_id}"
    return {
        "home": reverse("admin:index"),
        "game": reverse("admin:games_game_change", args=[game.pk]),
        "campaign": {
            "name": game.campaign.name,
            "games": reverse("admin:games_game_changelist") + filtered,
            "invitations": reverse("admin:campaign_invitation_changelist") + filtered,
            "ledger": reverse("admin:campaign_housepointentry_changelist") + filtered,
        },
    }


def _frame(request, game, manifest: Manifest, actor, kind: str, language: str, since) -> dict:
    rules, words, table = manifest.rules, manifest.words, manifest.table
    view = selectors.state_as_seen(game, actor)
    offered = _offers(game, words, actor, view, language)
    awaited = selectors.dice_awaited_as_seen(game, actor)
    seen = tables.Seen(rules, view, actor, language, offered, dict(request.GET.items()))
    return {
        "game": game,
        "rules": rules,
        "language": language,
        "seen": seen,
        "table_template": table.template if table else None,
        "table": table.context(seen) if table else None,
        "forms": tables.offer_forms(
            words, view, offered, language, skip=table.draws if table else frozenset()
        ),
        "turn": _turn(game, manifest, actor, view, language),
        "dice_awaited": _dice_awaited(awaited, language),
        "takes_text": awaited is None
        and bool(offered or actor.controls)
        and type(words).parse is not Words.parse,
        "sender": _sender(request, game, rules),
        "transcript": _transcript(request, game, rules, actor, language, since),
        "since": since,
        "state_json": json.dumps(view, indent=1, ensure_ascii=False),
        "verify_url": reverse(f"{kind}-verify-page", args=[game.pk]),
        "live": _live(game, kind),
        "now": timezone.now().timestamp(),  # the server's clock, for the time left to answer
        "board_svg_url": (
            reverse(f"{kind}-board-svg", args=[game.pk]) if manifest.board is not None else None
        ),
    }


def _offers(game, words: Words, actor, view, language: str) -> list[tables.Offer]:
    """What this reader may do now, in words (nothing once the game is over, nor while it
    waits for the dice of a command)."""
    if not (actor.is_referee or actor.controls):
        return []
    commands = selectors.offered_commands(game, actor, now=timezone.now())
    return tables.in_words(words, view, commands, language)


def _turn(game, manifest: Manifest, actor, view, language: str) -> dict:
    """Whose move it is, in words: the reader's own, theirs as the referee (the referee's
    own commands, the seats nobody holds), the seats awaited, or the referee."""
    if game.status != GameStatus.ACTIVE:
        return {"over": True}
    return {"over": False, "move": turn_of(game, manifest, actor, view, language)}


def turn_of(game, manifest: Manifest, actor, view, language: str) -> tables.Turn:
    """Whose move it is in a running game, as ``actor`` reads it (``tables.whose_move``),
    from the rules' offers and the game's seats (prefetched with the game)."""
    awaited = selectors.awaited_seats(game)
    seats = list(game.seats.all())
    return tables.whose_move(
        manifest.rules,
        manifest.words,
        view,
        actor,
        language,
        awaited=awaited.seats,
        referee_awaited=awaited.referee,
        held=frozenset(seat.participant for seat in seats),
        referee_bot=any(seat.participant == REFEREE_SEAT and seat.bot for seat in seats),
    )


def _dice_awaited(awaited: dict | None, language: str) -> dict | None:
    """The dice the game waits for, in words; for whoever enters them, whether the first
    is a shuffle (entered as the places of its cards, shown numbered, in their new order)."""
    if awaited is None:
        return None
    first = awaited["dice"][0]
    return {
        "line": awaited["narration"].get(language, ""),
        "may_enter": awaited["may_enter"],
        "shuffle": first["shuffle"],
        "order": first["order"] or [],
    }


def _sender(request, game, rules: Ruleset) -> dict | None:
    """What the page's script needs to send a command as the page's own form would
    (``games.page_commands``): the game's version it expects, the CSRF token, and the
    question it asks before each action that may end the game for everyone."""
    if game.status != GameStatus.ACTIVE or not request.user.is_authenticated:
        return None
    return {
        "version": game.version,
        "csrf": get_token(request),
        "confirm": {action: gettext(ENDS_THE_GAME) for action in rules.ending_actions},
    }


def _transcript(request, game, rules: Ruleset, actor, language: str, since) -> dict:
    """The newest moves up to ``?before=`` (all the newest by default), a page of them,
    each narrated in the page's language, and where the earlier and later ones are; for
    a page that shows version ``since``, the moves since, to append to those it shows
    (none to a page of earlier moves, which stays as it is)."""
    asked = whole_number(request.GET.get("before"))
    until = min(asked - 1, game.version) if asked else game.version  # the last move shown
    if since is None:  # a page of moves
        after = max(0, until - TRANSCRIPT_PAGE)
    elif asked:  # a page of earlier moves stays as it is
        after = until
    else:  # the moves the page lacks
        after = since
    events = selectors.game_events(game, after=after, until=until) if after < until else []
    moves = []
    for event in events:
        seen = selectors.event_as_seen(game, event, actor)
        moves.append(
            {
                "seq": seen["seq"],
                "created_at": seen["created_at"],
                "lines": [line.get(language, "") for line in seen["narration"]],
            }
        )
    return {
        "moves": moves,
        "earlier": after + 1 if after > 0 else None,  # ?before= for the page before this
        "newest": until < game.version,  # whether newer moves than these exist
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


@require_safe
def verify_page(request, pk: int, kind: str):
    """``/matches/<id>/verify/``: the verification of a game's dice and log, run now and
    told in words (the commitment, every roll re-derived, the chain, the replay), with how
    anyone checks it on their own from the API's data."""
    game = _readable(request, pk, kind)
    if not isinstance(game, Game):
        return game
    rules = find_ruleset(game.ruleset)
    with translation.override(page_language(request, manifest_of(game.ruleset).words)):
        context = {
            "game": game,
            "rules": rules,
            "report": selectors.game_verify(game),
            "game_url": reverse(f"{kind}-page", args=[game.pk]),
            "api": {
                name: request.build_absolute_uri(reverse(f"{kind}-{name}", args=[game.pk]))
                for name in ("detail", "events", "verify")
            },
        }
        return render(request, "games/verify.html", context)
